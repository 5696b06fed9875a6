import 'server-only';
import { cookies } from 'next/headers';
import { cache } from 'react';
import { langOf } from './cookie';
import { LANG_COOKIE, messagesFor, type Lang, type Messages } from './index';

export interface I18n {
  lang: Lang;
  m: Messages;
}

/** The language chosen by the landlord (cookie), German by default. */
export const getI18n = cache(async (): Promise<I18n> => {
  const lang = langOf((await cookies()).get(LANG_COOKIE)?.value);
  return { lang, m: messagesFor(lang) };
});
