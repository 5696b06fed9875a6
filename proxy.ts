// Early redirects, not authorization (every page, action and route handler calls verifySession()):
// portal pages without any session cookie go to sign-in; the sign-in page gets next-auth's CSRF
// cookie here when it has none, so it never needs a detour through next-auth's own routes.
import { NextResponse, type NextRequest } from 'next/server';
import { csrfCookieName, csrfTokenFrom, mintCsrfCookie, secureCookies } from '@/lib/portal/csrf';
import { guestLang } from '@/lib/portal/checkin/lang';
import { LANG_COOKIE } from '@/lib/portal/i18n';
import { PATH_HEADER } from '@/lib/portal/paths';

const SESSION_COOKIES = ['next-auth.session-token', '__Secure-next-auth.session-token'];

export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (pathname === '/anmelden') {
    const name = csrfCookieName();
    if (csrfTokenFrom(request.cookies.get(name)?.value)) return NextResponse.next();
    const { value } = mintCsrfCookie();
    request.cookies.set(name, value); // the page renders with it
    const response = NextResponse.next({ request: { headers: request.headers } });
    response.cookies.set(name, value, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: secureCookies(),
    });
    return response;
  }
  if (pathname.startsWith('/checkin/') || pathname.startsWith('/kurkarte/')) {
    // Guests and controllers have no account: until they switch, the page speaks their browser's
    // language.
    if (request.cookies.has(LANG_COOKIE)) return NextResponse.next();
    request.cookies.set(LANG_COOKIE, guestLang(request.headers.get('accept-language')));
    return NextResponse.next({ request: { headers: request.headers } });
  }
  const names = request.cookies.getAll().map((c) => c.name);
  if (names.some((n) => SESSION_COOKIES.some((s) => n === s || n.startsWith(`${s}.`)))) {
    // The page frame's own session check returns here after a new sign-in (a layout has no URL).
    const headers = new Headers(request.headers);
    headers.set(PATH_HEADER, `${pathname}${search}`);
    return NextResponse.next({ request: { headers } });
  }
  const url = request.nextUrl.clone();
  url.pathname = '/anmelden';
  url.search = `?callbackUrl=${encodeURIComponent(`${pathname}${search}`)}`;
  return NextResponse.redirect(url);
}

export const config = {
  matcher: [
    '/anmelden',
    '/uebersicht/:path*',
    '/aufenthalte/:path*',
    '/abrechnung/:path*',
    '/online-check-in/:path*',
    '/checkin/:path*',
    '/kurkarte/:path*',
  ],
};
