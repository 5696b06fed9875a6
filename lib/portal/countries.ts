// ISO 3166-1 alpha-2 (the service's `country` data type, DECISIONS 2.6) with names from the
// runtime's ICU data (Intl.DisplayNames), so no country-name package is needed. Client-safe.
import { localeOf, type Lang } from './i18n';

const CODES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS ' +
  'BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE ' +
  'EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM ' +
  'HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC ' +
  'LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA ' +
  'NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO ' +
  'TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW ' +
  // Kosovo: not assigned by ISO, but used on German registration forms; the service accepts it.
  'XK';

export const COUNTRY_CODES: ReadonlySet<string> = new Set(CODES.split(' '));

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

const cache = new Map<Lang, CountryOptions>();

/** Built on the server and passed down, so server and browser render the same names. */
export function countryOptions(lang: Lang): CountryOptions {
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
