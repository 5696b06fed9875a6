// The AVS face through the production front door (node:http, server.ts's listener): an oversized
// body is answered 413 before it is read to its end, a refused sign-in before the body is read at
// all, and the connection is closed after the answer (PITFALLS: node:http and 413).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINGER } from '@/lib/service/node-http';
import { MAX_BODY_BYTES } from '@/lib/service/pipeline';
import { useTestDb } from '../../helpers/db';
import { head, RawConnection, startServer, type TestServer } from '../../helpers/http';

const t = useTestDb();
let server: TestServer;
beforeAll(async () => {
  server = await startServer(t);
});
afterAll(() => server.close());

const PIECE = 64 * 1024;
const CRLF = Buffer.from('\r\n');
const basic = (auth: string) => `Basic ${Buffer.from(auth).toString('base64')}`;

/** Sends a chunked body without end until the server answers and closes; the bytes sent. */
async function endless(auth: string) {
  const conn = await RawConnection.open(server.port);
  await conn.write(
    head('POST /avs/JMeldescheinWebservices HTTP/1.1', {
      'Content-Type': 'text/xml; charset=utf-8',
      'User-Agent': 'avs-tests/1.0',
      Authorization: basic(auth),
      'Transfer-Encoding': 'chunked',
    }),
  );
  const piece = Buffer.concat([
    Buffer.from(`${PIECE.toString(16)}\r\n`),
    Buffer.alloc(PIECE, 0x20),
    CRLF,
  ]);
  let sent = 0;
  const most = MAX_BODY_BYTES + LINGER.bytes + 16 * 1024 * 1024;
  while (!conn.socket.destroyed && sent < most) {
    await conn.write(piece);
    sent += PIECE;
  }
  return { response: await conn.response(), closed: await conn.closed(), sent, most };
}

describe('the AVS face behind node:http', () => {
  it('answers a body without end 413 with a fault and stops reading it', async () => {
    const r = await endless('demo:demo');
    expect(r.response.status).toBe(413);
    expect(r.response.body).toContain('<faultcode>S:Client</faultcode>');
    expect(r.closed).toBe(true);
    expect(r.sent).toBeLessThan(r.most);
  });

  it('answers a wrong password 401 without reading the body', async () => {
    const r = await endless('demo:wrong');
    expect(r.response.status).toBe(401);
    expect(r.response.headers['www-authenticate']).toMatch(/^Basic /);
    expect(r.closed).toBe(true);
  });
});
