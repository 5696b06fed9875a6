// The municipality-defined guest fields (meldeschein_fields, DECISIONS 2.6 and 2.10): each value
// is checked and converted per `data_type`; `size` counts code points and longer text is refused,
// not cut. Numbers and booleans also arrive as strings (XML has only text); responses give the
// typed value.
import {
  detail,
  ServiceError,
  type DetailCode,
  type DetailParams,
  type ServiceErrorDetail,
} from '../../wire/errors';
import { fieldSize } from '../../wire/config';
import { countryCode } from '../../wire/countries';
import type { FieldValue } from '../../wire/meldeschein';
import { isBlankText, isStorableText } from '../../wire/text';
import { isCalendarDate } from '../../wire/time';
import type { FieldDef } from './config';

export type FieldScalar = string | number | boolean;
export type StoredFields = Record<string, FieldScalar>;

/** Guest keys every municipality has besides its own fields (spec 2.4); stored like them. */
export const ADDRESS_FIELDS: readonly FieldDef[] = [
  { name: 'address_id', alias: 'Adress-ID', dataType: 'text', required: false, size: 100 },
  { name: 'address_lat', alias: 'Breitengrad', dataType: 'number', required: false, size: null },
  { name: 'address_lng', alias: 'Längengrad', dataType: 'number', required: false, size: null },
  { name: 'address_label', alias: 'Adresse', dataType: 'text', required: false, size: 500 },
];

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const NUMBER = /^-?\d{1,15}(\.\d{1,15})?$/;
export { isStorableText };

/** Collects every problem of a request so one answer names all failing paths. */
export class Problems {
  readonly details: ServiceErrorDetail[] = [];
  private unknown = false;

  add(path: string, code: DetailCode, message: string, params?: DetailParams): void {
    this.details.push(detail(path, code, message, params));
  }

  unknownField(path: string, allowed: readonly string[]): void {
    this.unknown = true;
    this.add(
      path,
      'unknown_field',
      `Unbekanntes Feld / unknown field; allowed: ${allowed.join(', ')}`,
      {
        allowed,
      },
    );
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
  const fail = (code: DetailCode, message: string, params?: DetailParams) => {
    problems.add(path, code, message, params);
    return undefined;
  };
  switch (def.dataType) {
    case 'number': {
      const n = typeof value === 'string' && NUMBER.test(value.trim()) ? Number(value) : value;
      return typeof n === 'number' && Number.isFinite(n)
        ? n
        : fail('invalid_type', 'expected a number', { expected: 'number' });
    }
    case 'boolean': {
      if (typeof value === 'boolean') return value;
      const s = typeof value === 'string' ? value.trim().toLowerCase() : '';
      return s === 'true'
        ? true
        : s === 'false'
          ? false
          : fail('invalid_type', 'expected true or false', { expected: 'boolean' });
    }
    default:
      break;
  }
  if (typeof value !== 'string')
    return fail('invalid_type', `expected text (${def.dataType})`, { expected: 'string' });
  const text = value.trim();
  if (!isStorableText(text))
    return fail('invalid_text', 'contains control characters or broken Unicode');
  // Dates and countries have their own form (a country may come as its name, "Deutschland").
  if (def.dataType === 'text' || def.dataType === 'email') {
    const max = fieldSize(def.dataType, def.size);
    const length = [...text].length;
    if (length > max) {
      return fail('too_long', `at most ${max} characters allowed, got ${length}`, { max, length });
    }
  }
  switch (def.dataType) {
    case 'date':
      return isCalendarDate(text)
        ? text
        : fail('invalid_date', 'expected a real calendar date YYYY-MM-DD');
    case 'email':
      return EMAIL.test(text) ? text : fail('invalid_email', 'expected an e-mail address');
    case 'country':
      // The code, or the country's German or English name ("Deutschland"), stored as the code.
      return (
        countryCode(text) ??
        fail(
          'invalid_country',
          'expected an ISO 3166-1 alpha-2 code or a German or English country name',
        )
      );
    default:
      return text;
  }
}
