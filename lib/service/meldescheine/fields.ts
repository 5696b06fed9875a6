// The municipality-defined guest fields (meldeschein_fields, DECISIONS 2.6 and 2.10): each value
// is checked and converted per `data_type`; `size` counts code points and longer text is refused,
// not cut. Numbers and booleans also arrive as strings (XML has only text); responses give the
// typed value.
import type { ErrorDetail } from '../../wire/errors';
import { ServiceError } from '../../wire/errors';
import type { FieldValue } from '../../wire/meldeschein';
import { isBlankText, isStorableText } from '../../wire/text';
import { isCalendarDate } from '../../wire/time';
import type { FieldDef } from './config';

export type FieldScalar = string | number | boolean;
export type StoredFields = Record<string, FieldScalar>;

/** Text without a configured size is still bounded, so one field cannot hold a whole body. */
export const DEFAULT_TEXT_MAX = 1000;

/** Guest keys every municipality has besides its own fields (spec 2.4); stored like them. */
export const ADDRESS_FIELDS: readonly FieldDef[] = [
  { name: 'address_id', alias: 'Adress-ID', dataType: 'text', required: false, size: 100 },
  { name: 'address_lat', alias: 'Breitengrad', dataType: 'number', required: false, size: null },
  { name: 'address_lng', alias: 'Längengrad', dataType: 'number', required: false, size: null },
  { name: 'address_label', alias: 'Adresse', dataType: 'text', required: false, size: 500 },
];

// ISO 3166-1 alpha-2, officially assigned codes, plus XK (Kosovo), which German registration
// forms and EU documents use although ISO has not assigned it.
const COUNTRIES = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR ' +
    'BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ ' +
    'EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW ' +
    'GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY ' +
    'KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV ' +
    'MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY ' +
    'QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG ' +
    'TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ' +
    'ZW XK'
  ).split(' '),
);

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const NUMBER = /^-?\d{1,15}(\.\d{1,15})?$/;
export { isStorableText };

/** Collects every problem of a request so one answer names all failing paths. */
export class Problems {
  readonly details: ErrorDetail[] = [];
  private unknown = false;

  add(path: string, message: string): void {
    this.details.push({ path, message });
  }

  unknownField(path: string, allowed: readonly string[]): void {
    this.unknown = true;
    this.details.push({
      path,
      message: `Unbekanntes Feld / unknown field; allowed: ${allowed.join(', ')}`,
    });
  }

  get empty(): boolean {
    return this.details.length === 0;
  }

  /** Throw one error naming every problem, if there are any. */
  throwIfAny(): void {
    if (this.empty) return;
    const first = this.details[0]!;
    const more = this.details.length > 1 ? `, and ${this.details.length - 1} more` : '';
    throw new ServiceError(
      this.unknown ? 'unknown_field' : 'validation_error',
      `The request body is invalid (${first.path}: ${first.message}${more}).`,
      this.details,
    );
  }
}

/** Unset: null, or text of only whitespace or invisible characters (zero-width space and the like). */
export function isUnset(value: FieldValue | undefined): boolean {
  return value === undefined || value === null || (typeof value === 'string' && isBlankText(value));
}

/**
 * One field value converted per its definition; null when unset, undefined (with a problem
 * recorded) when invalid.
 */
export function convertField(
  def: FieldDef,
  value: FieldValue,
  path: string,
  problems: Problems,
): FieldScalar | null | undefined {
  if (isUnset(value)) return null;
  const fail = (message: string) => {
    problems.add(path, message);
    return undefined;
  };
  switch (def.dataType) {
    case 'number': {
      const n = typeof value === 'string' && NUMBER.test(value.trim()) ? Number(value) : value;
      return typeof n === 'number' && Number.isFinite(n) ? n : fail('expected a number');
    }
    case 'boolean': {
      if (typeof value === 'boolean') return value;
      const s = typeof value === 'string' ? value.trim().toLowerCase() : '';
      return s === 'true' ? true : s === 'false' ? false : fail('expected true or false');
    }
    default:
      break;
  }
  if (typeof value !== 'string') return fail(`expected text (${def.dataType})`);
  const text = value.trim();
  if (!isStorableText(text)) return fail('contains control characters or broken Unicode');
  const max = def.size ?? DEFAULT_TEXT_MAX;
  const length = [...text].length;
  if (length > max) return fail(`at most ${max} characters allowed, got ${length}`);
  switch (def.dataType) {
    case 'date':
      return isCalendarDate(text) ? text : fail('expected a real calendar date YYYY-MM-DD');
    case 'email':
      return EMAIL.test(text) ? text : fail('expected an e-mail address');
    case 'country': {
      const code = text.toUpperCase();
      return COUNTRIES.has(code) ? code : fail('expected an ISO 3166-1 alpha-2 country code');
    }
    default:
      return text;
  }
}
