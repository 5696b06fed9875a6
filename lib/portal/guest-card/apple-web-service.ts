import 'server-only';
// Apple's pass web service (Wallet's update protocol) under `/wallet/v1/…`: devices register for
// a pass's updates, ask which passes changed since their last tag, fetch the latest pass, and send
// their logs. Registration and pass downloads need the pass's own token
// (`Authorization: ApplePass <token>`); the list of changed serials needs none (Apple's design:
// it holds only serials of the device's own registrations). Served by Next behind server.ts's
// front door, which passes DELETE for these paths (lib/service/node-http.ts).
import { timingSafeEqual } from 'node:crypto';
import { publicBaseUrl } from '@/lib/env';
import { z } from 'zod';
import { clientAddressFrom } from '../checkin/client-address';
import { cardById, type GuestCardRow } from './store';
import { appleConfig, type AppleConfig } from '../wallet/config';
import { admitLines, LOG_WINDOW_MS, logLine } from '../wallet/apple/device-log';
import { buildApplePass, PKPASS_TYPE } from '../wallet/apple/pass';
import { register, serialsSince, unregister } from '../wallet/apple/registrations';

const SEGMENT = /^[A-Za-z0-9._-]{1,200}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const RegisterBody = z.object({ pushToken: z.string().min(1).max(200) });
const LogBody = z.object({ logs: z.array(z.string().max(2000)).max(100) });
/** Lines written per log request; Wallet sends a few at a time. */
const LINES_PER_REQUEST = 10;
/** Bodies are a push token or a few log lines: anything larger is refused unread. */
const MAX_BODY_BYTES = 64 * 1024;
const TOO_LARGE = Symbol('body too large');

const empty = (status: number) => new Response(null, { status });

function same(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The pass this request may act on: right type, known serial, its own token; else null. */
async function authorisedCard(
  req: Request,
  cfg: AppleConfig,
  passTypeId: string,
  serial: string,
): Promise<GuestCardRow | null> {
  if (passTypeId !== cfg.passTypeId || !UUID.test(serial)) return null;
  const given = /^ApplePass (\S+)$/.exec(req.headers.get('authorization') ?? '')?.[1];
  if (!given) return null;
  const card = await cardById(serial);
  if (!card?.karte || !same(given, card.authToken)) return null;
  return card;
}

export function applePassFor(cfg: AppleConfig, card: GuestCardRow): Buffer {
  return buildApplePass(cfg, {
    serial: card.id,
    authToken: card.authToken,
    karte: card.karte!,
    voided: card.cancelledAt !== null,
    publicBaseUrl: publicBaseUrl(),
  });
}

/** The body as JSON (undefined if it is none), read no further than MAX_BODY_BYTES. */
async function readJson(req: Request): Promise<unknown> {
  if (Number(req.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) return TOO_LARGE;
  const reader = req.body?.getReader();
  if (!reader) return undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      return TOO_LARGE;
    }
    chunks.push(value);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** One request of the protocol; `path` is what follows `/wallet/v1/`. */
export async function walletWebService(req: Request, path: string[]): Promise<Response> {
  const cfg = appleConfig();
  if (!cfg || !path.every((p) => SEGMENT.test(p))) return empty(404);
  const method = req.method;
  const [head, id, kind, passTypeId, serial, ...rest] = path;
  if (rest.length) return empty(404);

  if (head === 'devices' && id && kind === 'registrations' && passTypeId) {
    if (serial === undefined) {
      if (method !== 'GET') return empty(405);
      if (passTypeId !== cfg.passTypeId) return empty(404);
      const tag = new URL(req.url).searchParams.get('passesUpdatedSince');
      const since = tag && /^\d{1,15}$/.test(tag) ? Number(tag) : undefined;
      const changed = await serialsSince(id, passTypeId, since);
      if (!changed.serials.length) return empty(204);
      return Response.json({
        serialNumbers: changed.serials,
        lastUpdated: String(changed.lastUpdated),
      });
    }
    if (method !== 'POST' && method !== 'DELETE') return empty(405);
    const card = await authorisedCard(req, cfg, passTypeId, serial);
    if (!card) return empty(401);
    if (method === 'DELETE') {
      await unregister(id, passTypeId, serial);
      return empty(200);
    }
    const json = await readJson(req);
    if (json === TOO_LARGE) return empty(413);
    const body = RegisterBody.safeParse(json);
    if (!body.success) return empty(400);
    return empty((await register(id, passTypeId, serial, body.data.pushToken)) ? 201 : 200);
  }

  if (head === 'passes' && id && kind && passTypeId === undefined) {
    if (method !== 'GET') return empty(405);
    const card = await authorisedCard(req, cfg, id, kind);
    if (!card) return empty(401);
    const modified = new Date(Math.floor(card.updatedAt.getTime() / 1000) * 1000);
    const since = Date.parse(req.headers.get('if-modified-since') ?? '');
    if (Number.isFinite(since) && modified.getTime() <= since) return empty(304);
    return new Response(new Uint8Array(applePassFor(cfg, card)), {
      headers: {
        'content-type': PKPASS_TYPE,
        'last-modified': modified.toUTCString(),
        'cache-control': 'no-store',
      },
    });
  }

  if (head === 'log' && id === undefined) {
    if (method !== 'POST') return empty(405);
    const json = await readJson(req);
    if (json === TOO_LARGE) return empty(413);
    const body = LogBody.safeParse(json);
    if (!body.success) return empty(400);
    // Wallet's messages name URLs and errors, not guests; one line each, short, and few per address.
    const lines = body.data.logs.slice(0, LINES_PER_REQUEST).map(logLine).filter(Boolean);
    const admitted = admitLines(clientAddressFrom(req.headers), lines.length);
    if (lines.length && !admitted) {
      const retryAfter = String(LOG_WINDOW_MS / 1000);
      return new Response(null, { status: 429, headers: { 'retry-after': retryAfter } });
    }
    for (const line of lines.slice(0, admitted)) console.warn(`wallet log: ${line}`);
    return empty(200);
  }
  return empty(404);
}
