// Apple's pass web service behind the production front door (server.ts's listener, with a stand-in
// for Next): every method Wallet uses reaches the route, DELETE (a device unregistering) included,
// while pages still take only GET, HEAD and POST. The route itself, behind the real server, is
// walked by e2e/wallet-web-service.spec.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDb } from '../helpers/db';
import { head, rawRequest, startServer, type TestServer } from '../helpers/http';

const t = useTestDb();
let server: TestServer;

beforeAll(async () => {
  server = await startServer(t);
});
afterAll(() => server.close());

const REGISTRATION =
  '/wallet/v1/devices/a1b2c3/registrations/pass.de.meldeportal.test/2c6f1f8e-0d0b-4b55-9d61-6f0b9c1d2e3f';

describe('the wallet web service through the front door', () => {
  it.each([
    ['DELETE', REGISTRATION], // unregister
    ['POST', REGISTRATION], // register
    ['GET', '/wallet/v1/devices/a1b2c3/registrations/pass.de.meldeportal.test'], // changed serials
    ['GET', '/wallet/v1/passes/pass.de.meldeportal.test/2c6f1f8e-0d0b-4b55-9d61-6f0b9c1d2e3f'],
    ['POST', '/wallet/v1/log'],
  ])('%s %s reaches the route', async (method, path) => {
    const res = await rawRequest(server.port, head(`${method} ${path} HTTP/1.1`));
    expect(res.status).toBe(200);
    expect(server.nextSaw.at(-1)).toBe(path);
  });

  it.each(['PUT', 'PATCH', 'OPTIONS', 'TRACE'])(
    '%s on the wallet path is 405 with the methods it takes',
    async (method) => {
      const before = server.nextSaw.length;
      const res = await rawRequest(server.port, head(`${method} ${REGISTRATION} HTTP/1.1`));
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD, POST, DELETE');
      expect(server.nextSaw.length).toBe(before);
    },
  );

  it.each(['/aufenthalte/12', '/wallet/v2/x', '/walletv1/devices'])(
    'DELETE elsewhere (%s) is still 405 and never reaches Next',
    async (path) => {
      const before = server.nextSaw.length;
      const res = await rawRequest(server.port, head(`DELETE ${path} HTTP/1.1`));
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD, POST');
      expect(server.nextSaw.length).toBe(before);
    },
  );
});
