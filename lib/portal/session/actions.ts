'use server';
// Signing out, from the page frame's header.
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { secureCookies } from './auth';
import { signInRedirect } from './paths';
import { endSession, sessionCookieNames } from './session';

/**
 * Signing out revokes the session on the server (a copied cookie is refused from now on) and
 * forgets the cookie: the service token goes with it.
 */
export async function signOut(): Promise<void> {
  await endSession();
  const jar = await cookies();
  for (const name of await sessionCookieNames()) {
    jar.set(name, '', {
      path: '/',
      maxAge: 0,
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies(),
    });
  }
  redirect(signInRedirect(undefined, 'SignedOut'));
}
