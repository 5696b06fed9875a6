// The language cookie: set by the language switch of every page frame, the app router's through
// a server action (actions.ts), the guest's pages by their own post (decision 022). A guest's
// language the portal does not speak reads as German on the landlord's pages.
import { secureCookies } from '../secure-cookies';
import type { GuestLang } from './guest/languages';
import { DEFAULT_LANG, isLang, LANG_COOKIE, type Lang } from './index';

const ONE_YEAR = 365 * 24 * 3600;

export function langCookieOptions() {
  return {
    path: '/',
    maxAge: ONE_YEAR,
    sameSite: 'lax' as const,
    httpOnly: true,
    secure: secureCookies(),
  };
}

/** The cookie as a `Set-Cookie` header value, for a Pages Router response. */
export function langSetCookie(lang: GuestLang): string {
  const o = langCookieOptions();
  return [
    `${LANG_COOKIE}=${lang}`,
    `Path=${o.path}`,
    `Max-Age=${o.maxAge}`,
    'SameSite=Lax',
    'HttpOnly',
    ...(o.secure ? ['Secure'] : []),
  ].join('; ');
}

/** The language a cookie value names, German when it names none. */
export function langOf(value: unknown): Lang {
  return isLang(value) ? value : DEFAULT_LANG;
}
