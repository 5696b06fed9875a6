import '#server-only'; // also in the Pages Router: see lib/server-only.js
// The guest's side of check-in has no account: an iron-session sealed cookie (HttpOnly,
// SameSite=Lax, Secure in production, only sent to /checkin) remembers which submission this
// phone sent through which link, so the guest can come back and correct it until it is booked.
// Read through Next's `cookies()` (the card's downloads, an app-router route handler) or a Pages
// Router request and its response (the check-in and card pages, decision 022): the caller says
// which.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getIronSession, type SessionOptions } from 'iron-session';
import { secret } from '@/lib/env';
import { secureCookies } from '../secure-cookies';

export interface GuestSession {
  /** Link id -> submission id, newest last. */
  own?: [string, string][];
}

/** Next's `cookies()` store (app router): iron-session's own store type, which it does not export. */
type GuestCookieStore = typeof getIronSession extends {
  (cookies: infer Store, options: SessionOptions): unknown;
  (req: never, res: never, options: SessionOptions): unknown;
}
  ? Store
  : never;

/** Where the guest's cookie is read (and, for a Pages Router response, written). */
export type GuestCookies =
  GuestCookieStore | { req: IncomingMessage; res: ServerResponse<IncomingMessage> };

/** A phone rarely checks in at more than a few places within a stay's lifetime. */
const MAX_ENTRIES = 10;

export const GUEST_COOKIE = 'mp-checkin';

function options(): SessionOptions {
  return {
    cookieName: GUEST_COOKIE,
    password: secret('SESSION_SECRET'),
    ttl: 60 * 24 * 3600,
    cookieOptions: {
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies(),
      path: '/checkin',
    },
  };
}

function session(from: GuestCookies) {
  if ('req' in from) return getIronSession<GuestSession>(from.req, from.res, options());
  return getIronSession<GuestSession>(from, options());
}

/** The submission this phone sent through a link, if any (a tampered cookie reads as empty). */
export async function ownSubmission(
  linkId: string,
  from: GuestCookies,
): Promise<string | undefined> {
  const s = await session(from);
  return s.own?.find(([link]) => link === linkId)?.[1];
}

/** Remembers a submission (an answer that may set cookies: a post's, never a page render's). */
export async function rememberSubmission(
  linkId: string,
  checkinId: string,
  from: GuestCookies,
): Promise<void> {
  const s = await session(from);
  const rest = (s.own ?? []).filter(([link]) => link !== linkId);
  s.own = [...rest, [linkId, checkinId] as [string, string]].slice(-MAX_ENTRIES);
  await s.save();
}
