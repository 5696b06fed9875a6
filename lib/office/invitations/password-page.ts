import 'server-only';
// The set-password page's link cookie (docs/decisions/032). The mail's link `/passwort/<token>` is
// answered by a route that keeps the token in an httpOnly cookie for `/passwort` and sends the
// browser on to `/passwort`: the token leaves the address bar and the history entry of the page
// the form is on, and that route's answer carries `Referrer-Policy: no-referrer` and noindex. The
// form page itself keeps the app's `same-origin` policy: under `no-referrer` the browser would
// post the form with `Origin: null`, which Next refuses as cross-site (decision 022 saw the same).
import { cookies } from 'next/headers';
import { env, publicBaseUrl } from '../../env';

export const LINK_COOKIE = 'mp-password-link';
export const PASSWORD_PAGE = '/passwort';

export function linkCookieOptions() {
  return {
    httpOnly: true,
    // A click in a mail program is a cross-site top-level navigation: Lax lets the cookie set by
    // the route's answer come along to the page it redirects to.
    sameSite: 'lax' as const,
    secure: env().NODE_ENV === 'production' || publicBaseUrl().startsWith('https://'),
    path: PASSWORD_PAGE,
    maxAge: 3600,
  };
}

export async function readLinkToken(): Promise<string | null> {
  return (await cookies()).get(LINK_COOKIE)?.value ?? null;
}

export async function forgetLinkToken(): Promise<void> {
  (await cookies()).delete({ name: LINK_COOKIE, path: PASSWORD_PAGE });
}
