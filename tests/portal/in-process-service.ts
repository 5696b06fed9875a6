// A portal session whose API client talks to this app's service in-process (the same handler
// server.ts mounts), for tests of portal logic against the real service. `intercept` may answer
// a request itself, or pass it on and change what comes back (a lost answer, a missing call).
import { createServiceHandler } from '@/lib/service';
import { HttpClient } from '@/lib/portal/api/http';
import type { Owner, PortalSession } from '@/lib/portal/session/session';
import type { TestDb } from '../helpers/db';

export type Intercept = (request: Request, pass: () => Promise<Response>) => Promise<Response>;

export function inProcessSession(
  t: TestDb,
  username: string,
  token: string,
  opts: { serviceUrl?: string; intercept?: Intercept; signedInAt?: Date } = {},
): PortalSession {
  const handler = createServiceHandler({ db: async () => t.db });
  const serviceUrl = opts.serviceUrl ?? 'http://service.test/api/';
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const pass = () => handler(request, { clientAddress: '127.0.0.1' });
    return opts.intercept ? opts.intercept(request, pass) : pass();
  };
  return {
    sessionId: `test-${username}`,
    username,
    displayName: username,
    serviceUrl,
    expired: false,
    signedInAt: opts.signedInAt ?? null,
    api: new HttpClient(serviceUrl, token, fetchImpl as typeof fetch),
  };
}

export const ownerOfSession = (s: PortalSession): Owner => ({
  serviceUrl: s.serviceUrl,
  username: s.username,
});
