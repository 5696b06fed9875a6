// The service on a bare node:http server: the front door every request passes (request target,
// Host, timeouts), request conversion and reply, shared by server.ts and the API-only bench
// server so both measure and serve exactly the same path.
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { ServiceError } from '../wire/errors';
import { serviceHandler } from './index';
import { AVS_PREFIX, avsHandler, type AvsHandler } from './avs';
import { API_PREFIX, formatOf, MAX_BODY_BYTES, resolve, type ServiceHandler } from './pipeline';
import type { ServiceRequest } from './context';
import { describeError } from '../log';
import { errorReply, type Reply } from './respond';
import { cameOverHttps, clientAddress } from '../client-address';
import { STRICT_TRANSPORT_SECURITY } from '../content-security';

/**
 * Timeouts fitting an API: a whole request (headers and body) must arrive within 30 s, headers
 * within 10 s, instead of Node's 300 s and 60 s that let a slow client hold a connection for
 * minutes. Node checks them every `connectionsCheckingInterval` and answers `408`.
 */
export const SERVER_TIMEOUTS = {
  requestTimeout: 30_000,
  headersTimeout: 10_000,
  keepAliveTimeout: 65_000,
  connectionsCheckingInterval: 2_000,
} as const;

export type ServerTimeouts = { -readonly [K in keyof typeof SERVER_TIMEOUTS]: number };

/** A node:http server with the API's timeouts (`overrides` let tests wait less). */
export function createHttpServer(
  listener: http.RequestListener,
  overrides: Partial<ServerTimeouts> = {},
): http.Server {
  const t = { ...SERVER_TIMEOUTS, ...overrides };
  const server = http.createServer(
    {
      requestTimeout: t.requestTimeout,
      headersTimeout: t.headersTimeout,
      keepAliveTimeout: t.keepAliveTimeout,
      connectionsCheckingInterval: t.connectionsCheckingInterval,
    },
    listener,
  );
  server.keepAliveTimeout = t.keepAliveTimeout;
  // Node closes a CONNECT without an answer unless someone listens; this server tunnels nothing.
  server.on('connect', (_req, socket: Duplex) => {
    socket.end('HTTP/1.1 405 Method Not Allowed\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
  return server;
}

// RFC 9110 7.2 / RFC 3986 3.2.2: a registered name, IPv4 or bracketed IPv6 address, optional port.
const HOST = /^(?:\[[0-9a-f:.]+\]|[a-z0-9._~-]+)(?::\d{1,5})?$/i;

/**
 * The path and query of a request, checked before anything routes on it; `req.url` is rewritten
 * to origin-form. Routing uses this path only, never `Host`: an absolute-form target
 * (`GET http://other/x`) is served as its path, so nothing downstream can build a URL on another
 * host from it. Answers `400` itself and returns null for `*` and other targets, and for a Host
 * header that is not a host name.
 */
export function frontDoor(req: http.IncomingMessage, res: http.ServerResponse): string | null {
  const target = req.url ?? '';
  let path: string | null = null;
  if (target.startsWith('/') && !target.startsWith('//')) path = target;
  else if (/^https?:\/\//i.test(target)) {
    try {
      const url = new URL(target);
      path = `${url.pathname}${url.search}`;
    } catch {
      path = null;
    }
  }
  const host = req.headers.host;
  const problem =
    path === null
      ? `The request target ${target.slice(0, 100)} is not served; send a path.`
      : host !== undefined && !HOST.test(host)
        ? 'The Host header is not a valid host name.'
        : null;
  if (problem === null) {
    req.url = path!;
    return path;
  }
  if (path?.startsWith(API_PREFIX)) {
    send(res, errorReply(new ServiceError('malformed_request', problem), formatOf(path)));
  } else {
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
    res.end('Bad Request');
  }
  return null;
}

/**
 * The request body read only as far as the service needs and never past `limit`: a body it does
 * not read stays on the wire, and the connection is closed after the answer (see `send`), so an
 * oversized upload is never read to its end.
 */
function readBytes(req: http.IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      req.off('error', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        done();
        req.pause();
        resolve(null);
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      done();
      resolve(Buffer.concat(chunks, size));
    };
    const onClose = () => {
      done();
      reject(new Error('the request body ended before it was complete'));
    };
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('close', onClose);
    req.once('error', onClose);
  });
}

/** Node request -> the service's request on a fixed origin: the path comes from frontDoor, never
 * from Host. Headers are read from Node's parsed object, the body without a web stream. */
function toServiceRequest(req: http.IncomingMessage, path: string): ServiceRequest {
  return {
    method: req.method ?? 'GET',
    url: `http://service${path}`,
    headers: {
      get(name) {
        const value = req.headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
      },
    },
    readBytes: (limit) => readBytes(req, limit),
  };
}

type NextHandler = (req: http.IncomingMessage, res: http.ServerResponse) => unknown;

/**
 * A page path whose percent-escapes all decode: a `%` that starts no escape, or escapes that are
 * no UTF-8, are read as the literal characters (`%zz` as `%25zz`), as a browser shows them. Next
 * failed to decode such a path's dynamic segment and answered 500 (`/checkin/%`,
 * `/kurkarte/%E0%A4%A`); now the page gets the token as written and says it is unknown.
 */
export function literalStrayPercents(pathname: string): string {
  return pathname.replace(/(?:%[0-9a-f]{2})+|%/gi, (run) => {
    try {
      decodeURIComponent(run);
      return run;
    } catch {
      return run.replaceAll('%', '%25');
    }
  });
}

// Methods the portal's pages, actions and sign-in routes use; Next sees no others.
const PAGE_METHODS = new Set(['GET', 'HEAD', 'POST']);
// Apple's pass web service (app/wallet/v1/) also takes DELETE: a device unregistering from a pass.
// Refused here, the phone would stay registered and keep getting pushes (`next dev` has no front
// door, so only the production server shows it: e2e/wallet-web-service.spec.ts).
const WALLET_PREFIX = '/wallet/v1/';
const WALLET_METHODS = new Set([...PAGE_METHODS, 'DELETE']);

const methodsOf = (pathname: string) =>
  pathname.startsWith(WALLET_PREFIX) ? WALLET_METHODS : PAGE_METHODS;

/**
 * The request listener of server.ts (and of the bench with a stub for Next): every request passes
 * the front door, /api/ goes straight to the service, the rest to Next.
 */
export function appListener(
  handleNext: NextHandler,
  handler: Pick<ServiceHandler, 'reply'> = serviceHandler,
  avs: AvsHandler = avsHandler,
): http.RequestListener {
  return (req, res) => {
    const onError = (err: unknown) => {
      console.error('server: request failed', describeError(err));
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('Internal Server Error');
    };
    const path = frontDoor(req, res);
    if (path === null) return;
    const https = cameOverHttps(
      req.socket.remoteAddress,
      String(req.headers['x-forwarded-proto'] ?? ''),
      'encrypted' in req.socket && req.socket.encrypted === true,
    );
    // Pages and the service alike: a browser that came over https keeps to it (HSTS).
    if (https) res.setHeader('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    req.headers['x-forwarded-proto'] = https ? 'https' : 'http';
    const pathname = path.split('?', 1)[0]!;
    if (pathname === '/api' || pathname.startsWith(API_PREFIX)) {
      serveApi(req, res, handler).catch(onError);
    } else if (pathname.startsWith(AVS_PREFIX)) {
      serveAvs(req, res, avs).catch(onError);
    } else if (!methodsOf(pathname).has(req.method ?? '')) {
      const allow = [...methodsOf(pathname)].join(', ');
      res.writeHead(405, { allow, 'content-type': 'text/plain' });
      res.end('Method Not Allowed');
    } else {
      req.url = literalStrayPercents(pathname) + path.slice(pathname.length);
      // The portal forwards this to the service's token/ (lib/portal/auth.ts): one address,
      // resolved here by the trusted-proxy rule, never what the browser claims.
      req.headers['x-forwarded-for'] = clientAddress(
        req.socket.remoteAddress,
        String(req.headers['x-forwarded-for'] ?? ''),
      );
      Promise.resolve(handleNext(req, res)).catch(onError);
    }
  };
}

// The fetch standard forbids these methods in a Request; the service serves none of them.
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/** A request that passed frontDoor (req.url is its path) answered by the service. */
export async function serveApi(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  handler: Pick<ServiceHandler, 'reply'> = serviceHandler,
): Promise<void> {
  const path = req.url ?? '/';
  const method = req.method ?? 'GET';
  const clientAddress = req.socket.remoteAddress ?? 'unknown';
  const response = FORBIDDEN_METHODS.has(method)
    ? refuseMethod(path, method)
    : await handler.reply(toServiceRequest(req, path), { clientAddress });
  send(res, response);
}

/** A request under /avs/ (it passed frontDoor) answered by the AVS face (docs/avs.md). */
export async function serveAvs(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  avs: AvsHandler = avsHandler,
): Promise<void> {
  const path = req.url ?? '/';
  const clientAddress = req.socket.remoteAddress ?? 'unknown';
  send(res, await avs.reply(toServiceRequest(req, path), { clientAddress }));
}

/** The service's own 404 or 405 for a method a web Request cannot carry. */
function refuseMethod(path: string, method: string): Reply {
  const url = new URL(path, 'http://service');
  try {
    resolve(url.pathname, method);
  } catch (err) {
    if (err instanceof ServiceError) return errorReply(err, formatOf(url));
    throw err;
  }
  throw new Error(`no route serves ${method}`);
}

/**
 * How much of a body still coming is read and dropped after an answer sent before it (a 413, or
 * any refusal before the body was read), and for how long. Closing a connection with unread bytes
 * makes the kernel answer with a reset: a client that writes its whole request before it reads
 * (Python's http.client, many small clients) then fails with a broken pipe and never sees the
 * answer (seen with a 2 MiB body). Reading on a bounded amount lets it finish its write and read
 * the answer; a body beyond the bound is cut off as before.
 */
export const LINGER = { bytes: 4 * MAX_BODY_BYTES, ms: 5_000 } as const;

/**
 * A reply written as it is: status and headers in one `writeHead`, then `end` with the text, which
 * Node sends together with the head in one socket write (a Buffer body goes as a second buffer).
 */
function send(res: http.ServerResponse, reply: Reply): void {
  const { body } = reply;
  // A 304 has no body, and its Content-Length would be the full answer's: none is sent.
  const headers: Record<string, string> =
    reply.status === 304
      ? {}
      : {
          'content-length': String(
            body === null
              ? 0
              : typeof body === 'string'
                ? Buffer.byteLength(body)
                : body.byteLength,
          ),
        };
  for (const name in reply.headers) headers[name] = reply.headers[name]!;
  const bytes =
    body === null || typeof body === 'string'
      ? (body ?? undefined)
      : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (res.req.complete) {
    res.writeHead(reply.status, headers);
    res.end(bytes);
    return;
  }
  // A body the service did not read to its end: the whole answer goes out at once, the rest of
  // the body is dropped up to LINGER, then the connection closes.
  headers.connection = 'close';
  res.writeHead(reply.status, headers);
  if (bytes === undefined) res.flushHeaders();
  else res.write(bytes);
  dropRestThenEnd(res);
}

/** Reads and drops what is left of the request body (at most LINGER), then ends the answer. */
function dropRestThenEnd(res: http.ServerResponse): void {
  const req = res.req;
  let left: number = LINGER.bytes;
  const finish = () => {
    clearTimeout(timer);
    req.off('data', onData);
    req.off('end', finish);
    req.off('close', finish);
    req.off('error', finish);
    res.end();
  };
  const onData = (chunk: Buffer) => {
    left -= chunk.length;
    if (left < 0) finish();
  };
  const timer = setTimeout(finish, LINGER.ms);
  // A client already gone, or a declared length beyond the bound that would be cut off anyway:
  // close at once.
  if (req.destroyed || Number(req.headers['content-length'] ?? 0) > LINGER.bytes) return finish();
  req.on('data', onData);
  req.once('end', finish);
  req.once('close', finish);
  req.once('error', finish);
  req.resume();
}
