// Early redirect to sign-in when there is no session cookie at all. This is a convenience, not
// the authorization: every page, action and route handler calls verifySession() itself.
import { NextResponse, type NextRequest } from 'next/server';

const SESSION_COOKIES = ['next-auth.session-token', '__Secure-next-auth.session-token'];

export function proxy(request: NextRequest) {
  const names = request.cookies.getAll().map((c) => c.name);
  const hasSession = names.some((n) => SESSION_COOKIES.some((s) => n === s || n.startsWith(`${s}.`)));
  if (hasSession) return NextResponse.next();
  const url = request.nextUrl.clone();
  const callbackUrl = `${url.pathname}${url.search}`;
  url.pathname = '/auth/signin';
  url.search = `?callbackUrl=${encodeURIComponent(callbackUrl)}`;
  return NextResponse.redirect(url);
}

export const config = { matcher: ['/uebersicht/:path*', '/aufenthalte/:path*'] };
