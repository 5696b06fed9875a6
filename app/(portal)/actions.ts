'use server';
// Actions of the page frame (header and sign-in page): language and signing out.
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { secureCookies } from '@/lib/portal/auth';
import { isLang, LANG_COOKIE } from '@/lib/portal/i18n';
import { signInRedirect } from '@/lib/portal/paths';
import { endSession, sessionCookieNames } from '@/lib/portal/session';

/** Sets the UI language; the current page renders again in it (also without JavaScript). */
export async function setLanguage(formData: FormData): Promise<void> {
  const lang = formData.get('lang');
  if (!isLang(lang)) return;
  (await cookies()).set(LANG_COOKIE, lang, {
    path: '/',
    maxAge: 365 * 24 * 3600,
    sameSite: 'lax',
    httpOnly: true,
    secure: secureCookies(),
  });
}

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
