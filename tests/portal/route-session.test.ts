// Every route handler of the portal (downloads, the guest card's POST) checks the session with one
// helper (routeSession): without a session, or with the service's credential run out, the browser
// is sent to sign in with a 303 (a GET also after a POST) and back to the page it came from.
import { encode } from 'next-auth/jwt';
import { describe, expect, it, vi } from 'vitest';
import { portalRevokedSessions } from '@/lib/db/schema';
import { authSecret, sessionCookieName } from '@/lib/portal/session/auth';
import { routeSession } from '@/lib/portal/session/session';
import { GET as recordsZip } from '@/app/(portal)/(app)/aufenthalte/meldescheine/zip/route';
import { GET as statementCsv } from '@/app/(portal)/(app)/abrechnung/csv/route';
import { useEmptyDb } from '../helpers/db';

let cookieValue: string | undefined;
vi.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) =>
      name === sessionCookieName() && cookieValue ? { name, value: cookieValue } : undefined,
    getAll: () => (cookieValue ? [{ name: sessionCookieName(), value: cookieValue }] : []),
  }),
}));

useEmptyDb([portalRevokedSessions]);

const claims = {
  sid: 'session-r',
  username: 'demo',
  name: 'Anna Möller',
  credential: 'header.payload.signature',
  serviceUrl: 'http://localhost:3000/api/',
};

describe('routeSession', () => {
  it('sends a browser without a session to sign in with a 303 and back to the page', async () => {
    cookieValue = undefined;
    const answer = await routeSession('/aufenthalte/12');
    expect(answer).toBeInstanceOf(Response);
    const r = answer as Response;
    expect(r.status).toBe(303);
    expect(r.headers.get('Location')).toBe('/anmelden?callbackUrl=%2Faufenthalte%2F12');
    expect(r.headers.get('Cache-Control')).toBe('no-store');
  });

  it('says the session ran out when the service credential expired', async () => {
    cookieValue = await encode({
      token: { ...claims, credentialExp: Math.floor(Date.now() / 1000) - 60 },
      secret: authSecret(),
    });
    const r = (await routeSession('/abrechnung')) as Response;
    expect(r.status).toBe(303);
    expect(r.headers.get('Location')).toContain('SessionExpired');
  });

  it('gives the session when it is valid', async () => {
    cookieValue = await encode({
      token: { ...claims, credentialExp: Math.floor(Date.now() / 1000) + 3600 },
      secret: authSecret(),
    });
    const session = await routeSession('/abrechnung');
    expect(session).not.toBeInstanceOf(Response);
    expect((session as { username: string }).username).toBe('demo');
  });

  it('is what the downloads answer without a session (the statement, the records)', async () => {
    cookieValue = undefined;
    const csv = await statementCsv(new Request('http://localhost/abrechnung/csv?monat=2026-10'));
    expect(csv.status).toBe(303);
    expect(csv.headers.get('Location')).toBe('/anmelden?callbackUrl=%2Fabrechnung');
    const zip = await recordsZip(new Request('http://localhost/aufenthalte/meldescheine/zip'));
    expect(zip.status).toBe(303);
    expect(zip.headers.get('Location')).toBe('/anmelden?callbackUrl=%2Faufenthalte%2Fmeldescheine');
  });
});
