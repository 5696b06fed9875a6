// A traveller of an AVS form and a guest of ours (docs/avs.md, decision 036): AVS's fixed
// elements go to the municipality's guest fields of the spec's column names (Gast_Name, …);
// an element whose field the municipality does not define, and what we have no field for at all
// (salutation, house number apart, further details, the digital guest card's consent), is kept
// with the guest as an extra (`avs.<element>`), answered back here and never shown by /api/.
import { TRAVELLER_COLUMNS, type TravellerElement } from '../../wire/avs/columns';
import { countryId, countryOfLand } from '../../wire/avs/countries';
import type { Land } from '../../wire/avs';
import type { GemeindeConfig } from '../meldescheine/config';
import type { FieldScalar, StoredFields } from '../meldescheine/fields';
import { refuse } from './refusal';

// The element <-> column table is the wire's (lib/wire/avs/columns.ts), shared with the portal's
// AVS client.
export const COLUMNS = TRAVELLER_COLUMNS;
export type Element = TravellerElement;
/** The table as a list, made once (a guest's mapping ran Object.entries of it per traveller). */
const COLUMN_LIST = Object.entries(COLUMNS) as [Element, string][];

/** A traveller in our words: element values (countries as ISO codes) and the kept extras. */
export interface Traveller {
  values: Partial<Record<Element, string>>;
  anredeid?: number;
  hausnummer?: string;
  weitere_angaben?: string;
  digit_gastkart?: boolean;
  barcode?: string;
}

const EXTRA = 'avs.';

/**
 * A country by the interface's rules (`land-iso` before `land-id`, then the plain id; an id of 0
 * or an empty element is none). A value given that names no country is refused (10002): we have
 * no municipality default to fall back on, as AVS has.
 */
export function countryOf(
  land: Land | undefined,
  id: number | undefined,
  bezug: string,
): string | undefined {
  const code = countryOfLand(land, id);
  if (code) return code;
  const given = (land?.['land-id'] ?? 0) !== 0 || !!land?.['land-iso']?.trim() || (id ?? 0) !== 0;
  if (given) throw refuse('10002', `${bezug}: Land`);
  return undefined;
}

/**
 * The guest's fields and extras of a traveller: fields the municipality defines get the value
 * (null clears it on a correction), the rest is kept as an extra.
 */
export function guestValues(cfg: GemeindeConfig, t: Traveller) {
  const fields: Record<string, FieldScalar | null> = {};
  const extras: StoredFields = {};
  const street = t.values.strasse;
  for (const [element, column] of COLUMN_LIST) {
    let value: string | null = t.values[element] ?? null;
    if (element === 'strasse' && street !== undefined && t.hausnummer) {
      value = `${street} ${t.hausnummer}`.trim();
      extras[`${EXTRA}strasse`] = street;
    }
    if (cfg.fieldByName.has(column)) fields[column] = value === '' ? null : value;
    else if (value)
      extras[`${EXTRA}${element}`] = element === 'strasse' ? (street ?? value) : value;
  }
  if (t.anredeid !== undefined) extras[`${EXTRA}anredeid`] = t.anredeid;
  if (t.hausnummer) extras[`${EXTRA}hausnummer`] = t.hausnummer;
  if (t.weitere_angaben) extras[`${EXTRA}weitere_angaben`] = t.weitere_angaben;
  if (t.digit_gastkart !== undefined) extras[`${EXTRA}digit_gastkart`] = t.digit_gastkart;
  if (t.barcode) extras[`${EXTRA}barcode`] = t.barcode;
  return { fields, extras };
}

const text = (v: FieldScalar | undefined) =>
  v === undefined || v === null ? undefined : String(v);

/** A guest's stored fields as a traveller again (the inverse of guestValues). */
export function travellerOf(cfg: GemeindeConfig, stored: StoredFields): Traveller {
  const values: Partial<Record<Element, string>> = {};
  for (const [element, column] of COLUMN_LIST) {
    const v = text(cfg.fieldByName.has(column) ? stored[column] : stored[`${EXTRA}${element}`]);
    if (v !== undefined) values[element] = v;
  }
  const hausnummer = text(stored[`${EXTRA}hausnummer`]);
  const street = text(stored[`${EXTRA}strasse`]);
  // The street apart from the house number, while the joined field is still as it was booked.
  if (hausnummer !== undefined && street !== undefined) {
    if (
      !cfg.fieldByName.has(COLUMNS.strasse) ||
      values.strasse === `${street} ${hausnummer}`.trim()
    ) {
      values.strasse = street;
    }
  }
  const anrede = stored[`${EXTRA}anredeid`];
  const digit = stored[`${EXTRA}digit_gastkart`];
  const joinedStill = hausnummer !== undefined && values.strasse === street;
  return {
    values,
    ...(typeof anrede === 'number' ? { anredeid: anrede } : {}),
    ...(joinedStill ? { hausnummer } : {}),
    ...(text(stored[`${EXTRA}weitere_angaben`])
      ? { weitere_angaben: text(stored[`${EXTRA}weitere_angaben`])! }
      : {}),
    ...(typeof digit === 'boolean' ? { digit_gastkart: digit } : {}),
    ...(text(stored[`${EXTRA}barcode`]) ? { barcode: text(stored[`${EXTRA}barcode`])! } : {}),
  };
}

/** An ISO code as AVS's country elements carry it: our list's id and the code. */
export const landOf = (code: string | undefined): Land | undefined =>
  code ? { 'land-id': countryId(code), 'land-iso': code } : undefined;

/** Text cut to an element's length in the interface (answers only; requests are refused). */
export const cut = (value: string | undefined, max: number) =>
  value === undefined ? undefined : [...value].slice(0, max).join('');
