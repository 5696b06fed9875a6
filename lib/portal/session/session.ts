import 'server-only';
// The portal's session layer: every page, action and route handler calls verifySession() (proxy.ts
// only redirects early and is never the authorization). The credential (this app's service: a JWT)
// is decrypted from next-auth's cookie here and handed out only inside a client, never as a string.
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { isApiError, type MeldescheinClient } from '../api/client';
import { clientFor } from '../api/connect';
import { SESSION_MAX_AGE_SECONDS } from './auth';
import { claimsOf, credentialExpired, sessionCookieFrom, sessionCookieName } from './claims';
import { signInRedirect } from './paths';
import { isRevoked, revokeSession } from './revoked-sessions';

export interface PortalSession {
  /** Random per sign-in; signing out revokes it (revoked-sessions.ts). */
  sessionId: string;
  username: string;
  displayName: string;
  serviceUrl: string;
  /** True when the credential's expiry has passed (or is about to). */
  expired: boolean;
  /** When the landlord signed in (null for a cookie from before it was recorded). */
  signedInAt: Date | null;
  api: MeldescheinClient;
}

/** The index and drafts are kept per service URL and user (DECISIONS 3). */
export interface Owner {
  serviceUrl: string;
  username: string;
}

/** The session cookie's value, whole or from next-auth's chunks. */
async function rawSessionCookie(): Promise<string | undefined> {
  return sessionCookieFrom((await cookies()).getAll());
}

/** The signed-in landlord, or null. Cached per request. */
export const readSession = cache(async (): Promise<PortalSession | null> => {
  const raw = await rawSessionCookie();
  if (!raw) return null;
  const c = await claimsOf(raw);
  if (!c) return null;
  if (await isRevoked(c.sid)) return null;
  return {
    sessionId: c.sid,
    username: c.username,
    displayName: c.name || c.username,
    serviceUrl: c.serviceUrl,
    expired: credentialExpired(c),
    signedInAt: c.signedInAt ? new Date(c.signedInAt) : null,
    api: clientFor({ url: c.serviceUrl, protocol: c.protocol }, c.credential),
  };
});

/** The session of a page, action or route handler; otherwise off to sign-in and back to `returnTo`. */
export async function verifySession(returnTo: string): Promise<PortalSession> {
  const session = await readSession();
  if (!session) redirect(signInRedirect(returnTo));
  if (session.expired) redirect(signInRedirect(returnTo, 'SessionExpired'));
  return session;
}

/**
 * The session of a route handler (a download, a form's POST); otherwise the answer that sends the
 * browser to sign in and back to `returnTo`: a 303, so the browser follows it with a GET also after
 * a POST, never cached. Return it as it is: `if (session instanceof Response) return session;`.
 */
export async function routeSession(returnTo: string): Promise<PortalSession | Response> {
  const session = await readSession();
  if (session && !session.expired) return session;
  const location = signInRedirect(returnTo, session ? 'SessionExpired' : undefined);
  return new Response(null, {
    status: 303,
    headers: { Location: location, 'Cache-Control': 'no-store' },
  });
}

export function ownerOf(session: PortalSession): Owner {
  return { serviceUrl: session.serviceUrl, username: session.username };
}

/** A refused token (401) sends the landlord to sign in again; anything else is rethrown. */
export function reauthenticateOn401(err: unknown, returnTo: string): void {
  if (isApiError(err, 'unauthenticated')) redirect(signInRedirect(returnTo, 'SessionExpired'));
}

/** All of next-auth's session cookies, for signing out. */
export async function sessionCookieNames(): Promise<string[]> {
  const name = sessionCookieName();
  return (await cookies())
    .getAll()
    .map((c) => c.name)
    .filter((n) => n === name || n.startsWith(`${name}.`));
}

/**
 * Ends the signed-in session on the server: its id is refused from now on, so a copy of the
 * cookie no longer works (the caller also clears the cookie). Every copy was issued before now,
 * so none outlives `now + SESSION_MAX_AGE_SECONDS`.
 */
export async function endSession(): Promise<void> {
  const session = await readSession();
  if (!session) return;
  await revokeSession(session.sessionId, new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000));
}
