'use server';
// The language switch of every page frame (portal, sign-in, guest check-in).
import { cookies } from 'next/headers';
import { secureCookies } from '../session/csrf';
import { isLang, LANG_COOKIE } from '@/lib/portal/i18n';

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
