// Names of the guests' countries (ISO 3166 codes as the country fields store them), in the office's
// language; an unknown code is shown as given, no country as `none`.
import { officeFormat } from '../billing/statement';
import type { OfficeLang } from '../i18n';
import type { Breakdown, FigureRow } from './figures';

const names = new Map<string, Intl.DisplayNames>();

export function countryName(code: string, lang: 'de' | 'en', none: string): string {
  if (!code) return none;
  let display = names.get(lang);
  if (!display) {
    display = new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' });
    names.set(lang, display);
  }
  try {
    return display.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * A figures row's name as the page shows it and the CSV writes it: a country's name, a month's
 * name, or the group's own name (landlord, object, zone, tariff).
 */
export function figureLabel(
  row: Pick<FigureRow, 'key' | 'label'>,
  breakdown: Breakdown,
  lang: OfficeLang,
  unknownCountry: string,
): string {
  if (breakdown === 'country') return countryName(row.key, lang, unknownCountry);
  if (breakdown === 'month') return officeFormat(lang).month(row.key);
  return row.label;
}
