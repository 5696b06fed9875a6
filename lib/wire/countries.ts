// Country values of guest fields (`data_type` `country`, DECISIONS 2.6 and 2.10): the ISO 3166-1
// alpha-2 code, or the country's German or English name as the vendor's examples send it
// ("Deutschland"), always stored and answered as the code. Names come from the runtime's ICU data
// (Intl.DisplayNames), so no country-name list is kept here. Zod-free: the browser imports it.

const CODES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS ' +
  'BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE ' +
  'EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM ' +
  'HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC ' +
  'LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA ' +
  'NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO ' +
  'TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW ' +
  // Kosovo: not assigned by ISO, but used on German registration forms and EU documents.
  'XK';

/** ISO 3166-1 alpha-2, officially assigned codes, plus XK. */
export const COUNTRY_CODES: ReadonlySet<string> = new Set(CODES.split(' '));

/** The languages whose country names are accepted besides the code. */
const NAME_LOCALES = ['de', 'en'] as const;

/** Case, accents in composed or decomposed form, and spacing do not matter. */
function nameKey(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('de');
}

let byName: Map<string, string> | null = null;

function namesToCodes(): Map<string, string> {
  if (byName) return byName;
  const map = new Map<string, string>();
  for (const locale of NAME_LOCALES) {
    for (const style of ['long', 'short'] as const) {
      const names = new Intl.DisplayNames([locale], { type: 'region', style, fallback: 'none' });
      for (const code of COUNTRY_CODES) {
        const name = names.of(code);
        if (name && !map.has(nameKey(name))) map.set(nameKey(name), code);
      }
    }
  }
  byName = map;
  return map;
}

/** The ISO code of a country given by code or German/English name; null when it names none. */
export function countryCode(value: string): string | null {
  const text = value.trim();
  const code = text.toUpperCase();
  if (COUNTRY_CODES.has(code)) return code;
  return namesToCodes().get(nameKey(text)) ?? null;
}
