import 'server-only';
// The portal's session layer: every page, action and route handler calls verifySession() (proxy.ts
// only redirects early and is never the authorization). The service JWT is decrypted from
// next-auth's cookie here and handed out only inside a PortalApi, never as a string.
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { decode } from 'next-auth/jwt';
import { cache } from 'react';
import { z } from 'zod';
import { PortalApi, isApiError } from '../api/client';
import { SESSION_MAX_AGE_SECONDS, authSecret, sessionCookieName } from './auth';
import { signInRedirect } from './paths';
import { isRevoked, revokeSession } from './revoked-sessions';

export interface PortalSession {
  /** Random per sign-in; signing out revokes it (revoked-sessions.ts). */
  sessionId: string;
  username: string;
  displayName: string;
  serviceUrl: string;
  /** True when the service token's `exp` has passed (or is about to). */
  expired: boolean;
  /** When the landlord signed in (null for a cookie from before it was recorded). */
  signedInAt: Date | null;
  api: PortalApi;
}

/** The index and drafts are kept per service URL and user (DECISIONS 3). */
export interface Owner {
  serviceUrl: string;
  username: string;
}

const Claims = z.object({
  // Required: a cookie from before sessions could be revoked is refused (sign in once more).
  sid: z.string().min(1),
  name: z.string().nullish(),
  username: z.string().min(1),
  serviceToken: z.string().min(1),
  serviceUrl: z.url(),
  serviceTokenExp: z.number().nullish(),
  signedInAt: z.number().nullish(),
});

const EXPIRY_MARGIN_MS = 30_000;

/** next-auth splits cookies over 4 KB into `name.0`, `name.1`, …; ours fit, but read both forms. */
async function rawSessionCookie(): Promise<string | undefined> {
  const jar = await cookies();
  const name = sessionCookieName();
  const whole = jar.get(name)?.value;
  if (whole) return whole;
  const chunks = jar
    .getAll()
    .filter((c) => c.name.startsWith(`${name}.`))
    .sort((a, b) => Number(a.name.split('.').pop()) - Number(b.name.split('.').pop()));
  return chunks.length ? chunks.map((c) => c.value).join('') : undefined;
}

type SessionClaims = z.infer<typeof Claims>;

/**
 * Cookies this process decrypted, with their claims, until the cookie's own expiry: decrypting
 * one (next-auth derives the key with HKDF each time, then JWE) cost 1.5-2 ms of every page
 * (issue 19). Only cookies that decrypted and passed the schema are kept, keyed by the whole
 * cookie, so an entry says exactly what decrypting that cookie again would. Whether the session
 * was ended is still asked on every request (below).
 */
const decrypted = new Map<string, { claims: SessionClaims; until: number }>();
const DECRYPTED_KEPT = 2000;
/** next-auth's decode allows 15 s of clock skew past `exp`; a kept cookie gets no more than that. */
const EXP_TOLERANCE_MS = 15_000;

async function claimsOf(raw: string): Promise<SessionClaims | null> {
  const hit = decrypted.get(raw);
  if (hit && hit.until > Date.now()) return hit.claims;
  if (hit) decrypted.delete(raw);
  let payload: unknown;
  try {
    payload = await decode({ token: raw, secret: authSecret() });
  } catch {
    return null; // tampered, expired, or encrypted with an older secret
  }
  const claims = Claims.safeParse(payload);
  if (!claims.success) return null;
  const exp = z.object({ exp: z.number() }).safeParse(payload);
  if (exp.success) {
    decrypted.set(raw, { claims: claims.data, until: exp.data.exp * 1000 + EXP_TOLERANCE_MS });
    if (decrypted.size > DECRYPTED_KEPT) decrypted.delete(decrypted.keys().next().value!);
  }
  return claims.data;
}

/** The signed-in landlord, or null. Cached per request. */
export const readSession = cache(async (): Promise<PortalSession | null> => {
  const raw = await rawSessionCookie();
  if (!raw) return null;
  const c = await claimsOf(raw);
  if (!c) return null;
  if (await isRevoked(c.sid)) return null;
  const expired = !!c.serviceTokenExp && c.serviceTokenExp * 1000 < Date.now() + EXPIRY_MARGIN_MS;
  return {
    sessionId: c.sid,
    username: c.username,
    displayName: c.name || c.username,
    serviceUrl: c.serviceUrl,
    expired,
    signedInAt: c.signedInAt ? new Date(c.signedInAt) : null,
    api: new PortalApi(c.serviceUrl, c.serviceToken),
  };
});

/** The session of a page, action or route handler; otherwise off to sign-in and back to `returnTo`. */
export async function verifySession(returnTo: string): Promise<PortalSession> {
  const session = await readSession();
  if (!session) redirect(signInRedirect(returnTo));
  if (session.expired) redirect(signInRedirect(returnTo, 'SessionExpired'));
  return session;
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
