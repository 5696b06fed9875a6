// The wire itself fuzzed over a real node:http connection (issue 8): any method, request target,
// Host header, Content-Type and body, through the front door of server.ts. Nothing may answer 5xx
// or leave the client without an answer. FUZZ_HTTP_REQUESTS sets the number (500 here).
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useTestDb } from '../helpers/db';
import { RawConnection, startServer, type TestServer } from '../helpers/http';
import { FUZZ_SEED } from './fuzz-support';

const t = useTestDb();
let server: TestServer;
const REQUESTS = Number(process.env.FUZZ_HTTP_REQUESTS ?? 500);

beforeAll(async () => {
  server = await startServer(t);
});
afterAll(() => server.close());

const PATHS = [
  'token/',
  'token/refresh/',
  'users/get_current_user/',
  'health/',
  'schema/token/',
  'schema/constructor/',
  'import/meldeschein/buchen/',
  'import/meldeschein/aktualisieren/',
  'import/meldeschein/get/',
  'import/meldeschein/stornieren/',
  'import/meldeschein/get-pdf/',
];

const target = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(...PATHS),
      fc.constantFrom('', '?format=xml', '?format=yaml', '?jwt=x', '?format=xml&format=json'),
      fc.constantFrom('/api/', '/api//', '/API/', '/api/./', '/api/%2e%2e/', 'http://evil/api/'),
    )
    .map(([path, query, prefix]) => `${prefix}${path}${query}`),
  fc.constantFrom('*', '/', '/api', '/api/', '/uebersicht', '//evil/api/health/', '/api/%00/'),
  fc.stringMatching(/^\/[\x21-\x7e]{0,40}$/),
);
const method = fc.constantFrom('GET', 'POST', 'HEAD', 'PUT', 'DELETE', 'OPTIONS', 'TRACE', 'PATCH');
const host = fc.constantFrom('localhost', 'other.example:8080', '[::1]:80', 'h/api/token/?', 'a b');
const contentType = fc.constantFrom(
  'application/json',
  'application/xml',
  'text/xml; charset=utf-8',
  'application/x-www-form-urlencoded',
  'application/json; charset=latin1',
  'text/plain',
  '',
);
const body = fc.oneof(
  fc.constant(''),
  fc.json(),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom(
    '{"username":"demo","password":"x"}',
    '<root><username>de\u0000mo</username></root>',
  ),
);

it(`answers ${REQUESTS} fuzzed requests on the wire without a 5xx (seed ${FUZZ_SEED})`, async () => {
  await fc.assert(
    fc.asyncProperty(method, target, host, contentType, body, async (m, path, h, type, text) => {
      const bytes = Buffer.from(text);
      const head =
        `${m} ${path} HTTP/1.1\r\nHost: ${h}\r\nUser-Agent: fuzz/1.0\r\n` +
        (type ? `Content-Type: ${type}\r\n` : '') +
        `Content-Length: ${bytes.length}\r\nConnection: close\r\n\r\n`;
      const conn = await RawConnection.open(server.port);
      try {
        await conn.write(Buffer.concat([Buffer.from(head), bytes]));
        // HEAD answers carry a length but no body: the head is the whole answer.
        const res = m === 'HEAD' ? await conn.closed().then(() => null) : await conn.response();
        if (res) expect(res.status, `${m} ${path} Host ${h}: ${res.body}`).toBeLessThan(500);
      } finally {
        conn.destroy();
      }
    }),
    { numRuns: REQUESTS, seed: FUZZ_SEED, endOnFailure: true },
  );
}, 300_000);
