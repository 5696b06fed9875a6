import 'server-only';
// The guest's side of check-in has no account: an iron-session sealed cookie (HttpOnly,
// SameSite=Lax, Secure in production, only sent to /checkin) remembers which submission this
// phone sent through which link, so the guest can come back and correct it until it is booked.
import { getIronSession, type SessionOptions } from 'iron-session';
import { cookies } from 'next/headers';
import { secret } from '@/lib/env';
import { secureCookies } from '../session/csrf';

export interface GuestSession {
  /** Link id -> submission id, newest last. */
  own?: [string, string][];
}

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

async function session() {
  return getIronSession<GuestSession>(await cookies(), options());
}

/** The submission this phone sent through a link, if any (a tampered cookie reads as empty). */
export async function ownSubmission(linkId: string): Promise<string | undefined> {
  const s = await session();
  return s.own?.find(([link]) => link === linkId)?.[1];
}

/** Remembers a submission (server actions only: pages cannot set cookies). */
export async function rememberSubmission(linkId: string, checkinId: string): Promise<void> {
  const s = await session();
  const rest = (s.own ?? []).filter(([link]) => link !== linkId);
  s.own = [...rest, [linkId, checkinId] as [string, string]].slice(-MAX_ENTRIES);
  await s.save();
}
