// What reaches the service over a real node:http connection (issue 8, wire hardening): the body
// limit before and while reading, routing on the path only (never Host), request targets and
// methods a web Request cannot carry, and the timeouts that end a stalled request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_TIMEOUTS } from '@/lib/service/node-http';
import { MAX_BODY_BYTES } from '@/lib/service/pipeline';
import { useTestDb } from '../helpers/db';
import { head, RawConnection, rawRequest, startServer, type TestServer } from '../helpers/http';

const t = useTestDb();
let server: TestServer;

beforeAll(async () => {
  server = await startServer(t);
});
afterAll(() => server.close());

const errorCode = (res: { json: Record<string, unknown> }) =>
  (res.json.error as { code?: string } | undefined)?.code;

describe('body limit', () => {
  it('refuses a declared Content-Length over the limit with 413 before any of the body is sent', async () => {
    const conn = await RawConnection.open(server.port);
    await conn.write(head('POST /api/token/ HTTP/1.1', { 'Content-Length': 10 * MAX_BODY_BYTES }));
    const res = await conn.response();
    expect(res.status).toBe(413);
    expect(errorCode(res)).toBe('payload_too_large');
    expect(res.headers.connection).toBe('close');
    expect(await conn.closed()).toBe(true);
  });

  it('answers a chunked body growing past the limit with 413 and closes the connection', async () => {
    const conn = await RawConnection.open(server.port);
    await conn.write(head('POST /api/token/ HTTP/1.1', { 'Transfer-Encoding': 'chunked' }));
    const piece = Buffer.alloc(64 * 1024, 0x20);
    for (let sent = 0; sent <= MAX_BODY_BYTES; sent += piece.length) {
      await conn.write(Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece]));
      await conn.write('\r\n');
    }
    const res = await conn.response();
    expect(res.status).toBe(413);
    expect(errorCode(res)).toBe('payload_too_large');
    expect(res.headers.connection).toBe('close');
    expect(await conn.closed()).toBe(true);
  });

  it('survives clients that go away mid-body or keep sending after the 413', async () => {
    const gone = await RawConnection.open(server.port);
    await gone.write(head('POST /api/token/ HTTP/1.1', { 'Content-Length': 1000 }) + '{"user');
    gone.destroy();
    const pushy = await RawConnection.open(server.port);
    await pushy.write(head('POST /api/token/ HTTP/1.1', { 'Transfer-Encoding': 'chunked' }));
    const piece = Buffer.alloc(256 * 1024, 0x20);
    for (let i = 0; i < 8; i++) {
      await pushy.write(Buffer.concat([Buffer.from(`40000\r\n`), piece, Buffer.from('\r\n')]));
    }
    expect((await pushy.response()).status).toBe(413);
    pushy.destroy();
    const res = await rawRequest(server.port, head('GET /api/health/ HTTP/1.1'));
    expect(res.status).toBe(200);
  });

  it('keeps the connection for the next request after a body within the limit', async () => {
    const conn = await RawConnection.open(server.port);
    const body = JSON.stringify({ username: 'demo', password: 'wrong' });
    const request = head('POST /api/token/ HTTP/1.1', { 'Content-Length': body.length }) + body;
    await conn.write(request + request);
    expect((await conn.response()).status).toBe(401);
    const second = await conn.response();
    expect(second.status).toBe(401);
    expect(second.headers.connection).not.toBe('close');
    conn.destroy();
  });
});

describe('routing on the path, never on Host', () => {
  it.each([
    ['the path of the request line whatever host is named', '/api/health/', 'other.example:8080'],
    ['an absolute-form target by its path only', 'http://evil.example/api/health/', 'localhost'],
  ])('serves %s', async (_what, target, host) => {
    const res = await rawRequest(server.port, head(`GET ${target} HTTP/1.1`, {}, host));
    expect(res.status).toBe(200);
    expect(res.json.status).toBe('ok');
  });

  it('refuses a Host header carrying a path with 400 instead of routing on it', async () => {
    const res = await rawRequest(
      server.port,
      head('GET /api/health/ HTTP/1.1', {}, 'h/api/users/get_current_user/?'),
    );
    expect(res.status).toBe(400);
    expect(errorCode(res)).toBe('malformed_request');
  });

  it.each(['a b', '[', 'h:port', 'é.example'])('refuses Host %j with 400', async (host) => {
    const res = await rawRequest(server.port, head('GET /api/health/ HTTP/1.1', {}, host));
    expect(res.status).toBe(400);
  });

  it('hands Next a path, never an absolute URL on another host', async () => {
    const res = await rawRequest(
      server.port,
      head('GET http://evil.example/uebersicht?x=1 HTTP/1.1', {}, 'localhost'),
    );
    expect(res.status).toBe(200);
    expect(server.nextSaw.at(-1)).toBe('/uebersicht?x=1');
    expect(res.headers.location).toBeUndefined();
  });

  it('refuses the asterisk target (OPTIONS *) with 400', async () => {
    const res = await rawRequest(server.port, head('OPTIONS * HTTP/1.1'));
    expect(res.status).toBe(400);
  });
});

describe('methods and names a web Request cannot carry', () => {
  it.each(['TRACE', 'OPTIONS', 'PROPFIND', 'DELETE'])(
    '%s on a service path is 405 in the error shape',
    async (method) => {
      const res = await rawRequest(server.port, head(`${method} /api/health/ HTTP/1.1`));
      expect(res.status).toBe(405);
      expect(errorCode(res)).toBe('method_not_allowed');
    },
  );

  it('CONNECT is 405 (nothing is tunnelled)', async () => {
    const res = await rawRequest(server.port, head('CONNECT evil.example:443 HTTP/1.1'));
    expect(res.status).toBe(405);
  });

  it('TRACE on a page is 405 and never reaches Next', async () => {
    const before = server.nextSaw.length;
    const res = await rawRequest(server.port, head('TRACE /uebersicht HTTP/1.1'));
    expect(res.status).toBe(405);
    expect(server.nextSaw.length).toBe(before);
  });

  it.each(['constructor', '__proto__', 'hasOwnProperty', 'toString'])(
    'GET schema/%s/ is 404',
    async (name) => {
      const res = await rawRequest(server.port, head(`GET /api/schema/${name}/ HTTP/1.1`));
      expect(res.status).toBe(404);
      expect(errorCode(res)).toBe('not_found');
    },
  );
});

describe('security headers', () => {
  it('every service answer, success or error, carries X-Content-Type-Options: nosniff', async () => {
    for (const line of ['GET /api/health/ HTTP/1.1', 'GET /api/nothing/ HTTP/1.1']) {
      const res = await rawRequest(server.port, head(line));
      expect(res.headers['x-content-type-options'], line).toBe('nosniff');
    }
  });
});

describe('timeouts', () => {
  it('fit an API: a request must arrive within 30 s, its headers within 10 s', () => {
    expect(SERVER_TIMEOUTS.requestTimeout).toBeLessThanOrEqual(30_000);
    expect(SERVER_TIMEOUTS.headersTimeout).toBeLessThanOrEqual(10_000);
  });

  /** The same server with timeouts short enough to wait for in a test. */
  async function withQuickServer(use: (conn: RawConnection) => Promise<void>) {
    const quick = await startServer(t, {
      requestTimeout: 300,
      headersTimeout: 200,
      connectionsCheckingInterval: 50,
    });
    try {
      await use(await RawConnection.open(quick.port));
    } finally {
      await quick.close();
    }
  }

  it('end a stalled body with 408 and close the connection', () =>
    withQuickServer(async (conn) => {
      await conn.write(head('POST /api/token/ HTTP/1.1', { 'Content-Length': 100 }) + '{"user');
      expect((await conn.response()).status).toBe(408);
      expect(await conn.closed()).toBe(true);
    }));

  it('end a request whose headers never finish', () =>
    withQuickServer(async (conn) => {
      await conn.write('GET /api/health/ HTTP/1.1\r\nHost: localhost\r\nUser-Agent: x');
      expect(await conn.closed()).toBe(true);
    }));
});
