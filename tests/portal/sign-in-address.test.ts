// The portal passes the browser's address to the service's token/ (issue 8): server.ts hands Next
// one address resolved by the trusted-proxy rule, and next-auth's authorize forwards it as
// X-Forwarded-For, so the service's per-address budget counts browsers, not the portal.
import http from 'node:http';
import type net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authorize } from '@/lib/portal/session/auth';
import { appListener, createHttpServer } from '@/lib/service/node-http';
import { Reply } from '@/lib/service/respond';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function forwardedToNext(header: string | undefined): Promise<string | undefined> {
  let seen: string | undefined;
  const next = (req: http.IncomingMessage, res: http.ServerResponse) => {
    seen = String(req.headers['x-forwarded-for']);
    res.end('ok');
  };
  const server = createHttpServer(appListener(next, { reply: async () => new Reply(200, {}, '') }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await fetch(`http://127.0.0.1:${port}/anmelden`, {
    headers: header === undefined ? {} : { 'x-forwarded-for': header },
  });
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return seen;
}

describe("the browser's address on its way to token/", () => {
  it('server.ts hands Next one address: the peer, or what a trusted proxy appended', async () => {
    expect(await forwardedToNext(undefined)).toBe('127.0.0.1');
    // The peer (loopback) is a trusted proxy by default: its last hop counts, forged ones do not.
    expect(await forwardedToNext('10.6.6.6, 203.0.113.8')).toBe('203.0.113.8');
  });

  it("next-auth's authorize sends it to the service as X-Forwarded-For", async () => {
    const sent: (string | null)[] = [];
    vi.stubGlobal('fetch', async (input: URL, init: RequestInit) => {
      sent.push(new Headers(init.headers).get('x-forwarded-for'));
      if (String(input).endsWith('token/')) {
        return Response.json(
          {
            status: 'error',
            error: { code: 'not_authenticated', message: 'm', details: [] },
            meta: { requestId: 'r', timestamp: 't' },
          },
          { status: 401 },
        );
      }
      throw new Error('unexpected call');
    });
    const user = await authorize(
      { username: 'demo', password: 'wrong' },
      { headers: { 'x-forwarded-for': '203.0.113.8' } },
    );
    expect(user).toBeNull();
    expect(sent).toEqual(['203.0.113.8']);
  });
});
