// An oversized body from real HTTP clients (issue 30): a client that sends 2 MiB while the server
// answers must read the 413, not a reset connection. The service answers as soon as it knows the
// body is too large and never reads it to its end; the connection closes only after the client
// could read the answer. Repeated, since a close that races the answer fails only some of the time.
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINGER } from '@/lib/service/node-http';
import { MAX_BODY_BYTES } from '@/lib/service/pipeline';
import { useTestDb } from '../helpers/db';
import { head, RawConnection, startServer, type TestServer } from '../helpers/http';

const t = useTestDb();
let server: TestServer;

beforeAll(async () => {
  server = await startServer(t);
});
afterAll(() => server.close());

const BODY = Buffer.alloc(2 * 1024 * 1024, 0x20);
const ROUNDS = 8;
const PIECE = 64 * 1024;
const CRLF = Buffer.from('\r\n');
const HEADERS = { 'content-type': 'application/json', 'user-agent': 'meldeportal-tests/1.0' };

interface Answer {
  status: number;
  connection: string | undefined;
  code: string | undefined;
}

/** node:http's client: the whole body written (declared or chunked), the answer read. */
function nodeClient(declared: boolean): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1',
      port: server.port,
      method: 'POST',
      path: '/api/token/',
      agent: false,
      headers: declared ? { ...HEADERS, 'content-length': BODY.length } : HEADERS,
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const json = JSON.parse(Buffer.concat(chunks).toString()) as { error?: { code?: string } };
        resolve({
          status: res.statusCode ?? 0,
          connection: res.headers.connection,
          code: json.error?.code,
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (declared) req.end(BODY);
    else {
      for (let at = 0; at < BODY.length; at += PIECE) req.write(BODY.subarray(at, at + PIECE));
      req.end();
    }
  });
}

/**
 * A client that writes the whole request before it reads (as Python's http.client and many small
 * clients do): a server that closes while the body is still coming makes its write fail with a
 * broken pipe or a reset, and the 413 is never read.
 */
async function writeThenReadClient(declared: boolean): Promise<Answer> {
  const socket = net.connect(server.port, '127.0.0.1');
  socket.pause();
  const failed = new Promise<never>((_, reject) => socket.once('error', reject));
  const write = (data: string | Buffer) =>
    Promise.race([failed, new Promise<void>((resolve) => socket.write(data, () => resolve()))]);
  // The head first, the body after a moment, as a client that sends a file does: by then the
  // server has answered.
  const framing: Record<string, number | string> = declared
    ? { 'Content-Length': BODY.length }
    : { 'Transfer-Encoding': 'chunked' };
  await write(head('POST /api/token/ HTTP/1.1', framing));
  await new Promise((resolve) => setTimeout(resolve, 20));
  for (let at = 0; at < BODY.length; at += PIECE) {
    const piece = BODY.subarray(at, at + PIECE);
    await write(
      declared ? piece : Buffer.concat([Buffer.from(`${PIECE.toString(16)}\r\n`), piece, CRLF]),
    );
  }
  if (!declared) await write('0\r\n\r\n');
  const chunks: Buffer[] = [];
  socket.on('data', (c: Buffer) => chunks.push(c));
  socket.resume();
  await Promise.race([failed, new Promise((resolve) => socket.once('end', resolve))]);
  socket.destroy();
  const [top = '', body = ''] = Buffer.concat(chunks).toString().split('\r\n\r\n');
  return {
    status: Number(top.split(' ')[1]),
    connection: /^connection: (.*)$/im.exec(top)?.[1],
    code: (JSON.parse(body) as { error?: { code?: string } }).error?.code,
  };
}

async function fetchClient(): Promise<Answer> {
  const res = await fetch(`http://127.0.0.1:${server.port}/api/token/`, {
    method: 'POST',
    headers: HEADERS,
    body: BODY,
  });
  const json = (await res.json()) as { error?: { code?: string } };
  return {
    status: res.status,
    connection: res.headers.get('connection') ?? undefined,
    code: json.error?.code,
  };
}

describe(`a ${BODY.length / MAX_BODY_BYTES} MiB body`, () => {
  it.each([
    ['with Content-Length, from node:http', () => nodeClient(true)],
    ['chunked, from node:http', () => nodeClient(false)],
    ['from fetch', fetchClient],
    ['with Content-Length, written whole before reading', () => writeThenReadClient(true)],
    ['chunked, written whole before reading', () => writeThenReadClient(false)],
  ])('%s gets the 413 every time', async (_how, send) => {
    for (let round = 0; round < ROUNDS; round++) {
      const answer = await send();
      expect(answer, `round ${round}`).toEqual({
        status: 413,
        connection: 'close',
        code: 'payload_too_large',
      });
    }
  });
});

describe('what is read after the answer is bounded', () => {
  it('closes on a body that keeps coming past the bound', async () => {
    const conn = await RawConnection.open(server.port);
    await conn.write(head('POST /api/token/ HTTP/1.1', { 'Transfer-Encoding': 'chunked' }));
    const piece = Buffer.concat([
      Buffer.from(`${PIECE.toString(16)}\r\n`),
      BODY.subarray(0, PIECE),
      CRLF,
    ]);
    let sent = 0;
    // Loopback buffers hold a few MiB on top of what the server reads.
    const most = MAX_BODY_BYTES + LINGER.bytes + 16 * 1024 * 1024;
    while (!conn.socket.destroyed && sent < most) {
      await conn.write(piece);
      sent += PIECE;
    }
    expect((await conn.response()).status).toBe(413);
    expect(await conn.closed()).toBe(true);
    expect(sent).toBeLessThan(most);
  });

  it(`closes on a body that stalls after the answer, within ${LINGER.ms / 1000} s`, async () => {
    const conn = await RawConnection.open(server.port);
    const started = Date.now();
    await conn.write(head('POST /api/token/ HTTP/1.1', { 'Content-Length': BODY.length }));
    await conn.write(BODY.subarray(0, PIECE));
    expect((await conn.response()).status).toBe(413);
    expect(await conn.closed()).toBe(true);
    expect(Date.now() - started).toBeLessThan(LINGER.ms + 2_000);
  });
});
