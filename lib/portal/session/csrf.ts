// next-auth's CSRF double-submit cookie (`token|sha256(token + secret)`, next-auth v4
// core/lib/csrf-token.ts). The sign-in form needs its token in a hidden field, so proxy.ts mints
// the cookie for /anmelden when there is none; next-auth verifies it on the credentials post.
import { createHash, randomBytes } from 'node:crypto';
import { nextAuthUrl, secret } from '@/lib/env';
import { secureCookies } from '../secure-cookies';

export function csrfCookieName(): string {
  return `${secureCookies() ? '__Host-' : ''}next-auth.csrf-token`;
}

const hashOf = (token: string) =>
  createHash('sha256')
    .update(`${token}${secret('NEXTAUTH_SECRET')}`)
    .digest('hex');

/** The token of a cookie made with our secret, else null. */
export function csrfTokenFrom(cookieValue: string | undefined): string | null {
  if (!cookieValue) return null;
  const [token, hash] = cookieValue.split('|');
  if (!token || !hash) return null;
  return hashOf(token) === hash ? token : null;
}

export function mintCsrfCookie(): { token: string; value: string } {
  const token = randomBytes(32).toString('hex');
  return { token, value: `${token}|${hashOf(token)}` };
}

/**
 * Whether a POST comes from the portal's own pages: `Sec-Fetch-Site` (every current browser sends
 * it) must say same-origin; where it is missing, `Origin` must be the portal's. A client sending
 * neither is no browser that another site could steer (and SameSite=Lax keeps the session cookie
 * off cross-site posts anyway).
 */
export function isSameOriginPost(headers: { get(name: string): string | null }): boolean {
  const site = headers.get('sec-fetch-site');
  if (site) return site === 'same-origin';
  const origin = headers.get('origin');
  if (origin) return origin === new URL(nextAuthUrl()).origin;
  return true;
}
