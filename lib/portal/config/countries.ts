// ISO 3166-1 alpha-2 (the service's `country` data type, DECISIONS 2.6; the list is shared with the
// service in lib/wire) with names from the runtime's ICU data (Intl.DisplayNames), so no
// country-name package is needed. Client-safe.
import { COUNTRY_CODES } from '@/lib/wire/countries';
import { localeOf } from '../i18n';
import type { GuestLang } from '../i18n/guest/languages';

/** Where guests of German holiday flats mostly come from; listed first in the select. */
const COMMON = ['DE', 'AT', 'CH', 'NL', 'DK', 'PL', 'CZ', 'SE', 'BE', 'LU', 'FR', 'GB'];

export interface CountryOption {
  code: string;
  name: string;
}

export interface CountryOptions {
  common: CountryOption[];
  all: CountryOption[];
}

const cache = new Map<GuestLang, CountryOptions>();

/** Built on the server and passed down, so server and browser render the same names. */
export function countryOptions(lang: GuestLang): CountryOptions {
  const hit = cache.get(lang);
  if (hit) return hit;
  const locale = localeOf(lang);
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const option = (code: string) => ({ code, name: names.of(code) ?? code });
  const collator = new Intl.Collator(locale);
  const all = [...COUNTRY_CODES].map(option).sort((a, b) => collator.compare(a.name, b.name));
  const result = { common: COMMON.map(option), all };
  cache.set(lang, result);
  return result;
}
