// next-auth's routes (sign-in callback, CSRF, session) under /auth: outside the service's /api/
// namespace (PITFALLS: v4 takes its base path from NEXTAUTH_URL, here http://host/auth).
import NextAuth from 'next-auth';
import type { NextRequest } from 'next/server';
import { authOptions } from '@/lib/portal/session/auth';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ nextauth: string[] }> };

async function handler(request: NextRequest, context: Context): Promise<Response> {
  const handle: (req: NextRequest, ctx: Context) => Promise<Response> = NextAuth(authOptions());
  return handle(request, context);
}

export { handler as GET, handler as POST };
