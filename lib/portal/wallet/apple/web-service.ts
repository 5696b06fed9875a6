import 'server-only';
// Apple's pass web service (Wallet's update protocol) under `/wallet/v1/…`: devices register for
// a pass's updates, ask which passes changed since their last tag, fetch the latest pass, and send
// their logs. Registration and pass downloads need the pass's own token
// (`Authorization: ApplePass <token>`); the list of changed serials needs none (Apple's design:
// it holds only serials of the device's own registrations).
import { timingSafeEqual } from 'node:crypto';
import { publicBaseUrl } from '@/lib/env';
import { z } from 'zod';
import { cardById, type GuestCardRow } from '../../guest-card/store';
import { appleConfig, type AppleConfig } from '../config';
import { buildApplePass, PKPASS_TYPE } from './pass';
import { register, serialsSince, unregister } from './registrations';

const SEGMENT = /^[A-Za-z0-9._-]{1,200}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const RegisterBody = z.object({ pushToken: z.string().min(1).max(200) });
const LogBody = z.object({ logs: z.array(z.string().max(2000)).max(100) });

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

async function readJson(req: Request): Promise<unknown> {
  try {
    return JSON.parse(await req.text()) as unknown;
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
    const body = RegisterBody.safeParse(await readJson(req));
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
    const body = LogBody.safeParse(await readJson(req));
    if (!body.success) return empty(400);
    // Wallet's messages name URLs and errors, not guests; kept short all the same.
    for (const line of body.data.logs.slice(0, 10))
      console.warn(`wallet log: ${line.slice(0, 300)}`);
    return empty(200);
  }
  return empty(404);
}
