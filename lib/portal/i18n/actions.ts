'use server';
// The language switch of the app router's page frames (portal, sign-in).
import { cookies } from 'next/headers';
import { isLang, LANG_COOKIE } from '@/lib/portal/i18n';
import { langCookieOptions } from './cookie';

/** Sets the UI language; the current page renders again in it (also without JavaScript). */
export async function setLanguage(formData: FormData): Promise<void> {
  const lang = formData.get('lang');
  if (!isLang(lang)) return;
  (await cookies()).set(LANG_COOKIE, lang, langCookieOptions());
}
