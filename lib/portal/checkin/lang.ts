// The guest's language from the browser (Accept-Language, by its q-values) until they choose one:
// the first of the browser's languages a guest page speaks; English for a browser that names only
// others (a Swedish guest reads English more likely than German); German when it says nothing.
// Client-safe.
import type { GuestLang } from '../i18n/guest/languages';
import { isGuestLang } from '../i18n/guest/languages';

export function guestLang(acceptLanguage: string | null | undefined): GuestLang {
  if (!acceptLanguage?.trim()) return 'de';
  const ranked = acceptLanguage
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { base: tag.trim().toLowerCase().split('-')[0], q: q ? Number(q) : 1, i };
    })
    .filter((x) => x.base && x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  const first = ranked.map((x) => x.base).find(isGuestLang);
  if (first) return first;
  return ranked.length ? 'en' : 'de';
}
