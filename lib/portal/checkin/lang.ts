// The guest's language from the browser (Accept-Language) until they choose one: German when the
// browser prefers German to English, English for everyone else (a Dutch or Danish guest reads
// English more likely than German), German when the browser says nothing. Client-safe.
import type { Lang } from '../i18n';

export function guestLang(acceptLanguage: string | null | undefined): Lang {
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
  const first = ranked.find((x) => x.base === 'de' || x.base === 'en');
  if (first) return first.base as Lang;
  return ranked.length ? 'en' : 'de';
}
