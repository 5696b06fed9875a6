// The link from the set-password mail (docs/decisions/032): the token goes into an httpOnly cookie
// for /passwort and the browser on to /passwort, so the page with the form never shows it. No
// Referer leaves this answer, no index keeps it, nothing logs it.
import { NextResponse, type NextRequest } from 'next/server';
import { isTokenShaped } from '@/lib/office/invitations/password-links';
import {
  LINK_COOKIE,
  PASSWORD_PAGE,
  linkCookieOptions,
} from '@/lib/office/invitations/password-page';

export async function GET(
  request: NextRequest,
  { params }: { params: Promise<{ token: string }> },
) {
  const { token } = await params;
  // A relative Location: never built from the Host header.
  const response = new NextResponse(null, { status: 303, headers: { Location: PASSWORD_PAGE } });
  response.headers.set('Referrer-Policy', 'no-referrer');
  response.headers.set('X-Robots-Tag', 'noindex, nofollow');
  response.headers.set('Cache-Control', 'no-store');
  if (isTokenShaped(token)) response.cookies.set(LINK_COOKIE, token, linkCookieOptions());
  else response.cookies.delete({ name: LINK_COOKIE, path: PASSWORD_PAGE });
  const lang = request.nextUrl.searchParams.get('lang');
  if (lang === 'en' || lang === 'de') {
    // The app's language cookie, as its language switch sets it.
    const { secure } = linkCookieOptions();
    response.cookies.set('lang', lang, {
      path: '/',
      sameSite: 'lax',
      httpOnly: true,
      secure,
      maxAge: 365 * 86400,
    });
  }
  return response;
}
