// Runs before every page: a post to the office's or the portal's pages from another site is
// refused in words (403; lib/cross-site.ts); then
// a fresh script nonce and the content security policy carrying it (Next reads the nonce from the
// request's policy header and puts it on its scripts), then early redirects, not authorization
// (every page, action and route handler calls verifySession()): portal pages without any session
// cookie go to sign-in; the sign-in page gets next-auth's CSRF cookie here when it has none, so it
// never needs a detour through next-auth's own routes.
import { NextResponse, type NextRequest } from 'next/server';
import { contentSecurityPolicy, newNonce } from '@/lib/content-security';
import { env } from '@/lib/env';
import { secureCookies } from '@/lib/portal/secure-cookies';
import { csrfCookieName, csrfTokenFrom, mintCsrfCookie } from '@/lib/portal/session/csrf';
import { guestLang } from '@/lib/portal/checkin/lang';
import { LANG_COOKIE } from '@/lib/portal/i18n';
import { isGuestLang } from '@/lib/portal/i18n/guest/languages';
import { langCookieOptions } from '@/lib/portal/i18n/cookie';
import { LINK_LANG_PARAM } from '@/lib/portal/i18n/link';
import { PATH_HEADER } from '@/lib/portal/session/paths';
import { refusalLogLine } from '@/lib/cross-site';
import { crossSitePost, refusalPage } from '@/lib/office/cross-site';
import { portalCrossSitePost, portalRefusalPage } from '@/lib/portal/cross-site';

const SESSION_COOKIES = ['next-auth.session-token', '__Secure-next-auth.session-token'];
const GUEST_PAGES = /^\/(checkin|karte|kurkarte)\//;
const PORTAL_PAGES =
  /^\/(uebersicht|aufenthalte|abrechnung|online-check-in|kalender|postausgang|zahlungen)(\/|$)/;

export function proxy(request: NextRequest) {
  const policy = contentSecurityPolicy(newNonce(), env().NODE_ENV !== 'production');
  const response = route(request, (extra = {}) => {
    // Built when called: a cookie set on `request` above changes its Cookie header.
    const headers = new Headers(request.headers);
    headers.set('content-security-policy', policy);
    for (const [name, value] of Object.entries(extra)) headers.set(name, value);
    return NextResponse.next({ request: { headers } });
  });
  response.headers.set('Content-Security-Policy', policy);
  return response;
}

type Next = (extra?: Record<string, string>) => NextResponse;

function route(request: NextRequest, next: Next): NextResponse {
  const { pathname, search } = request.nextUrl;
  // Before Next's action handler, which would answer 500 and log an error (lib/cross-site.ts).
  const office = crossSitePost(request, pathname);
  const portal = office ? null : portalCrossSitePost(request, pathname);
  if (office || portal) {
    const [room, why] = office ? ['office', office] : ['portal', portal!];
    console.warn(refusalLogLine(room, request, pathname, why));
    const page = office ? refusalPage(request) : portalRefusalPage(request);
    return new NextResponse(page, {
      status: 403,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
  if (pathname === '/anmelden') {
    const name = csrfCookieName();
    if (csrfTokenFrom(request.cookies.get(name)?.value)) return next();
    const { value } = mintCsrfCookie();
    request.cookies.set(name, value); // the page renders with it
    const response = next();
    response.cookies.set(name, value, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: secureCookies(),
    });
    return response;
  }
  if (GUEST_PAGES.test(pathname)) {
    // Guests and controllers have no account. Until they switch, a guest page speaks the language
    // its link names (a mail's link: the mail's language, `?lang=`, kept as a cookie so that the
    // page's own posts stay in it), else their browser's (a QR code, a link the landlord passed on).
    if (request.cookies.has(LANG_COOKIE)) return next();
    const linked = request.nextUrl.searchParams.get(LINK_LANG_PARAM);
    const lang = isGuestLang(linked) ? linked : guestLang(request.headers.get('accept-language'));
    request.cookies.set(LANG_COOKIE, lang);
    const response = next();
    if (isGuestLang(linked)) response.cookies.set(LANG_COOKIE, lang, langCookieOptions());
    return response;
  }
  if (!PORTAL_PAGES.test(pathname)) return next();
  const names = request.cookies.getAll().map((c) => c.name);
  if (names.some((n) => SESSION_COOKIES.some((s) => n === s || n.startsWith(`${s}.`)))) {
    // The page frame's own session check returns here after a new sign-in (a layout has no URL).
    return next({ [PATH_HEADER]: `${pathname}${search}` });
  }
  const url = request.nextUrl.clone();
  url.pathname = '/anmelden';
  url.search = `?callbackUrl=${encodeURIComponent(`${pathname}${search}`)}`;
  return NextResponse.redirect(url);
}

export const config = {
  // Every page and route of Next; not the service (server.ts answers /api/ and /avs/ before Next)
  // nor the build's static files, which run no script of their own.
  matcher: ['/((?!api/|avs/|_next/static/|_next/image|icons/|manifest.webmanifest|robots.txt).*)'],
};
