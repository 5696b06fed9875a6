import '#server-only';
// The session cookie and what it says, without Next's request scope: the session layer
// (session.ts) reads it inside pages, actions and route handlers, and the kept pages' front door
// (lib/portal/kept-pages/front.ts) in server.ts, before Next. Both decide alike from one cookie.
import { decode } from 'next-auth/jwt';
import { z } from 'zod';
import { secret } from '@/lib/env';
import { PROTOCOLS } from '../api/client';
import { secureCookies } from '../secure-cookies';

export function sessionCookieName(): string {
  return `${secureCookies() ? '__Secure-' : ''}next-auth.session-token`;
}

export function authSecret(): string {
  return secret('NEXTAUTH_SECRET');
}

/**
 * The signed-in system and the credential its sign-in gave (lib/portal/api/connect.ts): opaque
 * here, read only by its protocol's client.
 */
const Claims = z.preprocess(
  legacyCredential,
  z.object({
    // Required: a cookie from before sessions could be revoked is refused (sign in once more).
    sid: z.string().min(1),
    name: z.string().nullish(),
    username: z.string().min(1),
    serviceUrl: z.url(),
    protocol: z.enum(PROTOCOLS).default('meldeschein'),
    credential: z.string().min(1),
    credentialExp: z.number().nullish(),
    signedInAt: z.number().nullish(),
  }),
);

/** A session sealed before credentials were protocol-neutral holds the JWT as `serviceToken`. */
function legacyCredential(claims: unknown): unknown {
  if (typeof claims !== 'object' || claims === null || 'credential' in claims) return claims;
  const { serviceToken, serviceTokenExp, ...rest } = claims as Record<string, unknown>;
  return { ...rest, credential: serviceToken, credentialExp: serviceTokenExp };
}

export type SessionClaims = z.infer<typeof Claims>;

/**
 * The session cookie's value from the request's cookies. next-auth splits cookies over 4 KB into
 * `name.0`, `name.1`, …; ours fit, but read both forms.
 */
export function sessionCookieFrom(
  jar: readonly { name: string; value: string }[],
): string | undefined {
  const name = sessionCookieName();
  const whole = jar.find((c) => c.name === name)?.value;
  if (whole) return whole;
  const chunks = jar
    .filter((c) => c.name.startsWith(`${name}.`))
    .sort((a, b) => Number(a.name.split('.').pop()) - Number(b.name.split('.').pop()));
  return chunks.length ? chunks.map((c) => c.value).join('') : undefined;
}

/**
 * Cookies this process decrypted, with their claims, until the cookie's own expiry: decrypting
 * one (next-auth derives the key with HKDF each time, then JWE) cost 1.5-2 ms of every page
 * (issue 19). Only cookies that decrypted and passed the schema are kept, keyed by the whole
 * cookie, so an entry says exactly what decrypting that cookie again would. Whether the session
 * was ended is still asked on every request (revoked-sessions.ts).
 */
const decrypted = new Map<string, { claims: SessionClaims; until: number }>();
const DECRYPTED_KEPT = 2000;
/** next-auth's decode allows 15 s of clock skew past `exp`; a kept cookie gets no more than that. */
const EXP_TOLERANCE_MS = 15_000;

/** The claims of a cookie made with our secret and not expired, else null. */
export async function claimsOf(raw: string): Promise<SessionClaims | null> {
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

const EXPIRY_MARGIN_MS = 30_000;

/** True when the credential's expiry has passed (or is about to). */
export function credentialExpired(claims: SessionClaims): boolean {
  return !!claims.credentialExp && claims.credentialExp * 1000 < Date.now() + EXPIRY_MARGIN_MS;
}
