import '#server-only';
// Kept pages (decision 026): the stays list and the overview, rendered once per session cookie,
// address, language, day and data, and served again by server.ts before Next while none of it
// changed. Every request still proves what the page would: the cookie decrypts and is not signed
// out, the service token is not expired and the service still accepts it (`users/get_current_user/`
// with the kept ETag answers 304, over HTTP as every page asks), and the owner's data is at the
// version the page was rendered at (portal_owner_versions, raised by triggers on every change).
// Anything else, or any doubt, goes to Next, which renders the page as before.
import { createHash, randomUUID } from 'node:crypto';
import type http from 'node:http';
import { gunzipSync, gzipSync, inflateSync, brotliDecompressSync } from 'node:zlib';
// The parser Next's own cookies() uses: the front door must read exactly the cookies the page reads.
import { parseCookie } from 'next/dist/compiled/@edge-runtime/cookies';
import { contentSecurityPolicy, newNonce } from '@/lib/content-security';
import { berlinToday } from '@/lib/wire/time';
import { clientFor } from '../api/connect';
import { LANG_COOKIE } from '../i18n';
import { claimsOf, credentialExpired, sessionCookieFrom } from '../session/claims';
import { KEEP_HEADER, sessionAndVersion, takeDeclaration } from './registry';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => unknown;

/** The pages kept: those a landlord opens most, whose every input the render declares. */
const KEPT_PATHS: ReadonlySet<string> = new Set(['/aufenthalte', '/uebersicht']);

/** A kept page is dropped after this long even if nothing changed (it holds guests' names). */
const MAX_AGE_MS = 10 * 60_000;
/** Memory for kept pages (least recently served first out), and for one page. */
const MAX_TOTAL_BYTES = 64 * 1024 * 1024;
const MAX_PAGE_BYTES = 1024 * 1024;

/** Requests Next answers with something other than a page's document (RSC, actions, prefetch). */
const NOT_A_DOCUMENT = [
  'rsc',
  'next-action',
  'next-router-prefetch',
  'next-router-segment-prefetch',
  'next-router-state-tree',
  'next-hmr-refresh',
  'next-url',
];

/** Headers of a kept response that belong to each answer, not to the page. */
const PER_ANSWER = new Set([
  'content-encoding',
  'content-length',
  'content-security-policy',
  'connection',
  'date',
  'keep-alive',
  'set-cookie',
  'strict-transport-security',
  'transfer-encoding',
]);

/** Server-Timing of an answer served kept. */
export const KEPT_TIMING = 'kept;desc="kept page"';

interface KeptPage {
  /**
   * The page's HTML (UTF-8) split at its script nonce; a new nonce joins it for each answer. Kept
   * as bytes: joining strings and encoding the page again cost 0.18 ms an answer, this 0.04 ms.
   */
  parts: Buffer[];
  /** The nonce the page was rendered with, also in headers (Next's `Link` preloads carry it). */
  nonce: string;
  headers: [string, string | string[]][];
  version: number;
  configEtag: string;
  until: number;
  bytes: number;
}

const kept = new Map<string, KeptPage>();
let keptBytes = 0;

function forget(key: string): void {
  const page = kept.get(key);
  if (!page) return;
  kept.delete(key);
  keptBytes -= page.bytes;
}

function keep(key: string, page: KeptPage): void {
  forget(key);
  kept.set(key, page);
  keptBytes += page.bytes;
  for (const oldest of kept.keys()) {
    if (keptBytes <= MAX_TOTAL_BYTES) break;
    forget(oldest);
  }
}

/** Tests: forget every kept page. */
export function forgetKeptPages(): void {
  kept.clear();
  keptBytes = 0;
}

/**
 * server.ts's handler for Next, with kept pages in front of it. It also removes the internal
 * header from every request, so that no client can name a render to keep.
 */
export function keptPages(handleNext: Handler): Handler {
  return (req, res) => {
    delete req.headers[KEEP_HEADER];
    const candidate = candidateOf(req);
    if (!candidate) return handleNext(req, res);
    return serveKept(candidate, req, res).then(
      (served) => (served ? undefined : renderAndKeep(candidate, req, res, handleNext)),
      () => renderAndKeep(candidate, req, res, handleNext),
    );
  };
}

interface Candidate {
  key: string;
  cookie: string;
  /** The day (Berlin) in the key: a render that ends on the next day is not kept under it. */
  day: string;
}

/** A signed-in GET of a kept page's document, with the key of everything its answer depends on. */
function candidateOf(req: http.IncomingMessage): Candidate | null {
  if (req.method !== 'GET') return null;
  const url = req.url ?? '';
  if (!KEPT_PATHS.has(url.split('?', 1)[0]!)) return null;
  if (NOT_A_DOCUMENT.some((h) => req.headers[h] !== undefined)) return null;
  if (/[?&]_rsc=/.test(url)) return null;
  const cookies = parseCookie(req.headers.cookie ?? '');
  const cookie = sessionCookieFrom([...cookies].map(([name, value]) => ({ name, value })));
  if (!cookie) return null; // proxy.ts sends it to sign-in
  const day = berlinToday();
  const key = createHash('sha256')
    .update(
      JSON.stringify([
        cookie,
        url,
        cookies.get(LANG_COOKIE) ?? null,
        day,
        req.headers.host ?? null,
        req.headers['user-agent'] ?? null,
      ]),
    )
    .digest('base64');
  return { key, cookie, day };
}

/** Whether the session, the configuration and the owner's data are still those of the page. */
async function stillCurrent(page: KeptPage, cookie: string): Promise<boolean> {
  const claims = await claimsOf(cookie);
  if (!claims || credentialExpired(claims)) return false;
  const owner = { serviceUrl: claims.serviceUrl, username: claims.username };
  const [state, config] = await Promise.all([
    sessionAndVersion(claims.sid, owner),
    clientFor({ url: claims.serviceUrl, protocol: claims.protocol }, claims.credential)
      .currentUserIfChanged(page.configEtag)
      .catch(() => null), // refused or unreachable: Next renders what the landlord must see
  ]);
  return !state.revoked && state.version === page.version && config?.changed === false;
}

async function serveKept(
  { key, cookie }: Candidate,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<boolean> {
  const page = kept.get(key);
  if (!page) return false;
  if (Date.now() >= page.until || !(await stillCurrent(page, cookie))) {
    forget(key);
    return false;
  }
  keep(key, page); // the most recently served goes last
  const nonce = newNonce();
  const fresh = Buffer.from(nonce);
  let body = Buffer.concat(page.parts.flatMap((part, i) => (i ? [fresh, part] : [part])));
  for (const [name, value] of page.headers) {
    const renewed = (v: string) => v.replaceAll(page.nonce, nonce);
    res.setHeader(name, typeof value === 'string' ? renewed(value) : value.map(renewed));
  }
  res.setHeader('content-security-policy', contentSecurityPolicy(nonce, false));
  res.setHeader('server-timing', KEPT_TIMING); // for developer tools and the tests
  if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    body = gzipSync(body); // as Next compresses its pages
    res.setHeader('content-encoding', 'gzip');
  }
  res.setHeader('content-length', body.length);
  res.statusCode = 200;
  res.end(body);
  return true;
}

/** Next renders the page; its answer is kept when the page declared what it depended on. */
function renderAndKeep(
  { key, day }: Candidate,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  handleNext: Handler,
): unknown {
  const id = randomUUID();
  req.headers[KEEP_HEADER] = id;
  const sent = recordBody(res);
  res.once('close', () => {
    const declaration = takeDeclaration(id);
    const body = sent();
    if (!declaration || !body || !res.writableFinished || res.statusCode !== 200) return;
    if (berlinToday() !== day) return;
    const page = pageOf(res, body);
    const until = Math.min(declaration.until, Date.now() + MAX_AGE_MS);
    if (page) keep(key, { ...page, ...declaration, until });
  });
  return handleNext(req, res);
}

function pageOf(
  res: http.ServerResponse,
  body: Buffer,
): Pick<KeptPage, 'parts' | 'nonce' | 'headers' | 'bytes'> | null {
  const headers = res.getHeaders();
  if (headers['set-cookie'] !== undefined) return null;
  if (!String(headers['content-type'] ?? '').startsWith('text/html')) return null;
  const nonce = /'nonce-([^']+)'/.exec(String(headers['content-security-policy'] ?? ''))?.[1];
  if (!nonce) return null;
  const html = decoded(body, String(headers['content-encoding'] ?? 'identity'));
  if (html === null) return null;
  const kept: [string, string | string[]][] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !PER_ANSWER.has(name)) {
      kept.push([name, typeof value === 'number' ? String(value) : value]);
    }
  }
  const parts = html.split(nonce).map((part) => Buffer.from(part));
  const bytes = parts.reduce((n, part) => n + part.length, 0);
  return { parts, nonce, headers: kept, bytes };
}

function decoded(body: Buffer, encoding: string): string | null {
  try {
    if (encoding === 'identity') return body.toString('utf8');
    if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
    if (encoding === 'deflate') return inflateSync(body).toString('utf8');
    if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  } catch {
    return null;
  }
  return null;
}

/** The bytes written to `res` (as sent, after Next's compression), null past MAX_PAGE_BYTES. */
function recordBody(res: http.ServerResponse): () => Buffer | null {
  const chunks: Buffer[] = [];
  let size = 0;
  const take = (chunk: unknown, encoding: unknown) => {
    if (size > MAX_PAGE_BYTES || chunk === undefined || chunk === null) return;
    if (typeof chunk === 'function') return; // end(callback)
    const buf =
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk)
          : null;
    if (!buf) return;
    size += buf.length;
    chunks.push(buf);
  };
  const write = res.write;
  const end = res.end;
  res.write = function (this: http.ServerResponse, chunk: unknown, ...rest: unknown[]) {
    take(chunk, rest[0]);
    return Reflect.apply(write, this, [chunk, ...rest]) as boolean;
  } as typeof res.write;
  res.end = function (this: http.ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    take(chunk, rest[0]);
    return Reflect.apply(end, this, [chunk, ...rest]) as http.ServerResponse;
  } as typeof res.end;
  return () => (size > MAX_PAGE_BYTES ? null : Buffer.concat(chunks));
}
