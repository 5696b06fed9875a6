// A guest link in a mail names the mail's language (`?lang=`): the page it opens speaks it until
// the guest switches (proxy.ts), whatever the phone's browser prefers. Client-safe.
import type { GuestLang } from './guest/languages';

export const LINK_LANG_PARAM = 'lang';

/** The absolute link with the language it opens in. */
export function linkInLang(url: string, lang: GuestLang): string {
  const u = new URL(url);
  u.searchParams.set(LINK_LANG_PARAM, lang);
  return u.toString();
}
