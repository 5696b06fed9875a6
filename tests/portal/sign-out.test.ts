// Signing out ends the session on the server: a copy of the cookie is refused afterwards
// (issue 11), on a database built from the migrations.
import { encode } from 'next-auth/jwt';
import { describe, expect, it, vi } from 'vitest';
import { portalRevokedSessions } from '@/lib/db/schema';
import { authSecret, sessionCookieName } from '@/lib/portal/session/auth';
import { isRevoked, revokeSession } from '@/lib/portal/session/revoked-sessions';
import { endSession, readSession } from '@/lib/portal/session/session';
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
  username: 'demo',
  name: 'Anna Möller',
  credential: 'header.payload.signature',
  serviceUrl: 'http://localhost:3000/api/',
  credentialExp: Math.floor(Date.now() / 1000) + 3600,
};

describe('sign-out', () => {
  it('refuses a copy of the cookie once the session is signed out', async () => {
    cookieValue = await encode({ token: { ...claims, sid: 'session-a' }, secret: authSecret() });
    expect((await readSession())?.username).toBe('demo');

    await endSession();
    expect(await isRevoked('session-a')).toBe(true);
    // The same cookie, sent again (a copy kept in another browser): no session.
    expect(await readSession()).toBeNull();

    // Another session of the same user is not affected.
    cookieValue = await encode({ token: { ...claims, sid: 'session-b' }, secret: authSecret() });
    expect((await readSession())?.sessionId).toBe('session-b');
  });

  it('refuses a cookie without a session id (issued before sessions could be revoked)', async () => {
    cookieValue = await encode({ token: claims, secret: authSecret() });
    expect(await readSession()).toBeNull();
  });

  it('refuses a cookie past its expiry even after it was read (and kept decrypted) before', async () => {
    cookieValue = await encode({
      token: { ...claims, sid: 'session-c' },
      secret: authSecret(),
      maxAge: 60,
    });
    expect((await readSession())?.sessionId).toBe('session-c');
    vi.useFakeTimers({ now: Date.now() + 120_000, toFake: ['Date'] });
    try {
      expect(await readSession()).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a changed cookie although the original was read before', async () => {
    const good = await encode({ token: { ...claims, sid: 'session-d' }, secret: authSecret() });
    cookieValue = good;
    expect((await readSession())?.sessionId).toBe('session-d');
    // One character of the ciphertext changed: not the kept cookie, and it does not decrypt.
    const i = good.length - 5;
    cookieValue = `${good.slice(0, i)}${good[i] === 'A' ? 'B' : 'A'}${good.slice(i + 1)}`;
    expect(await readSession()).toBeNull();
  });

  it('reads a session sealed with the service JWT as `serviceToken` (before credentials were protocol-neutral)', async () => {
    const { credential, credentialExp, ...rest } = claims;
    const legacy = {
      ...rest,
      sid: 'session-e',
      serviceToken: credential,
      serviceTokenExp: credentialExp,
    };
    cookieValue = await encode({ token: legacy, secret: authSecret() });
    const session = await readSession();
    expect(session).toMatchObject({ sessionId: 'session-e', expired: false });
    const expired = { ...legacy, sid: 'session-f', serviceTokenExp: 1 };
    cookieValue = await encode({ token: expired, secret: authSecret() });
    expect((await readSession())?.expired).toBe(true);
  });

  it('forgets revocations once every copy of their cookie has expired', async () => {
    await revokeSession('old', new Date(Date.now() - 1000));
    await revokeSession('new', new Date(Date.now() + 3600_000));
    await revokeSession('newer', new Date(Date.now() + 3600_000));
    expect(await isRevoked('old')).toBe(false);
    expect(await isRevoked('new')).toBe(true);
    // Signing out twice is no error.
    await revokeSession('newer', new Date(Date.now() + 3600_000));
    expect(await isRevoked('newer')).toBe(true);
  });
});
