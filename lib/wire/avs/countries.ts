// Country ids of the AVS face (configuration list CONFIG-L-LAND, `landid`, `land-id`): Germany is
// 1, as in AVS's own list; every other country is a number made from its ISO 3166-1 code's
// letters (A = 01 … Z = 26, the first letter times 100: NL = 1412, AT = 120). So an id needs no
// table and names the same country on every installation. `land-iso` takes the code itself.
import { COUNTRY_CODES, countryCode } from '../countries';

const letter = (c: string) => c.charCodeAt(0) - 64;

export function countryId(code: string): number {
  if (code === 'DE') return 1;
  return letter(code[0]!) * 100 + letter(code[1]!);
}

/** The ISO code of an id of this list, or null for an id that names no country. */
export function countryOfId(id: number): string | null {
  if (id === 1) return 'DE';
  if (!Number.isInteger(id) || id < 101 || id > 2626) return null;
  const code = String.fromCharCode(64 + Math.floor(id / 100), 64 + (id % 100));
  return code !== 'DE' && COUNTRY_CODES.has(code) ? code : null;
}

/**
 * The ISO code of a country as AVS's elements give it: `land-iso` (which wins when both are given,
 * interface v7.6 3.2.4), else `land-id`, else a plain id (`landid`); null when none names one.
 */
export function countryOfLand(
  land: { 'land-id'?: number; 'land-iso'?: string } | undefined,
  id?: number,
): string | null {
  const iso = land?.['land-iso']?.trim();
  const byIso = iso ? countryCode(iso) : null;
  if (byIso) return byIso;
  for (const n of [land?.['land-id'], id]) {
    const code = n === undefined ? null : countryOfId(n);
    if (code) return code;
  }
  return null;
}
