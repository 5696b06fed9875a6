import 'server-only';
import { cookies } from 'next/headers';
import { cache } from 'react';
import { DEFAULT_LANG, isLang, LANG_COOKIE, messagesFor, type Lang, type Messages } from './index';

export interface I18n {
  lang: Lang;
  m: Messages;
}

/** The language chosen by the landlord (cookie), German by default. */
export const getI18n = cache(async (): Promise<I18n> => {
  const value = (await cookies()).get(LANG_COOKIE)?.value;
  const lang = isLang(value) ? value : DEFAULT_LANG;
  return { lang, m: messagesFor(lang) };
});
