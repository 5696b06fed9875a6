// The rules for a guest's data, once, for the service's validation and the portal's forms (the
// landlord's form and the guest's check-in): a field value by its municipality definition, group
// sizes, stay lengths, the guest's display name. Pure and zod-free (the browser imports it and the
// service calls it per guest); each failure carries the detail code and parameters of docs/api.md,
// so the service answers them and the portal translates them.
import { countryCode } from './countries';
import type { DetailCode, DetailParams } from './errors';
import { isBlankText, isStorableText } from './text';
import { isCalendarDate } from './time';

export const FIELD_DATA_TYPES = ['text', 'date', 'email', 'number', 'boolean', 'country'] as const;
export type FieldDataType = (typeof FIELD_DATA_TYPES)[number];

/** Text without a configured size is still bounded, so one field cannot hold a whole body. */
export const DEFAULT_TEXT_SIZE = 1000;
export const MAX_GUESTS_PER_FORM = 200;
/** Persons of one group guest. */
export const MIN_ANZAHL = 1;
export const MAX_ANZAHL = 9999;
/** Longest stay of one guest; longer stays are registered as consecutive forms. */
export const MAX_NIGHTS = 366;

/** One broken rule: the detail code and parameters, and an English sentence for people. */
export interface RuleFailure {
  code: DetailCode;
  message: string;
  params?: DetailParams;
}

export type FieldScalar = string | number | boolean;

/** A field value's verdict: the value as stored (null: not given), or why it is refused. */
export type FieldVerdict =
  { ok: true; value: FieldScalar | null } | { ok: false; failure: RuleFailure };

/** The maximum length of a text or e-mail field; a size of 0 or none means the default. */
export function textLimit(size: number | null): number {
  return size && size > 0 ? size : DEFAULT_TEXT_SIZE;
}

/**
 * The `size` a field answers, always an int (docs/api.md): the maximum length of text and e-mail
 * fields, the length of the stored form of date (YYYY-MM-DD) and country (ISO code) fields, 0 for
 * numbers and booleans without one.
 */
export function fieldSize(dataType: FieldDataType, size: number | null): number {
  switch (dataType) {
    case 'text':
    case 'email':
      return textLimit(size);
    case 'date':
      return 10;
    case 'country':
      return 2;
    default:
      return size ?? 0;
  }
}

/**
 * Raw input of a field without a length of its own (a number, yes/no, a country by name) is still
 * bounded: the longest country name is under 50 characters, a number or a flag far shorter.
 */
export const MAX_SCALAR_INPUT = 64;

/** The longest input (code points, trimmed) a form may post for a field, before any conversion. */
export function inputLimit(dataType: FieldDataType, size: number | null): number {
  if (dataType === 'text' || dataType === 'email' || dataType === 'date')
    return fieldSize(dataType, size);
  return MAX_SCALAR_INPUT;
}

/** A posted input longer than its field allows, refused before it is converted or stored. */
export function inputTooLong(
  dataType: FieldDataType,
  size: number | null,
  raw: unknown,
): RuleFailure | null {
  if (typeof raw !== 'string') return null;
  const max = inputLimit(dataType, size);
  const length = [...raw.trim()].length;
  if (length <= max) return null;
  return {
    code: 'too_long',
    message: `at most ${max} characters allowed, got ${length}`,
    params: { max, length },
  };
}

/** Not given: absent, null, or text of only whitespace or invisible characters. */
export function isUnset(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && isBlankText(value));
}

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const NUMBER = /^-?\d{1,15}(\.\d{1,15})?$/;

const refuse = (code: DetailCode, message: string, params?: DetailParams): FieldVerdict => ({
  ok: false,
  failure: params ? { code, message, params } : { code, message },
});

/**
 * A value of a municipality field (`data_type`, `size`) as sent on the wire. Numbers and booleans
 * also come as strings (XML has only text); text is trimmed, and `size` counts code points of
 * text and e-mail fields: longer text is refused, never cut. A country may be named in German or
 * English and is stored as its code.
 */
export function checkFieldValue(
  dataType: FieldDataType,
  size: number | null,
  value: unknown,
): FieldVerdict {
  if (isUnset(value)) return { ok: true, value: null };
  if (dataType === 'number') {
    const n = typeof value === 'string' && NUMBER.test(value.trim()) ? Number(value) : value;
    return typeof n === 'number' && Number.isFinite(n)
      ? { ok: true, value: n }
      : refuse('invalid_type', 'expected a number', { expected: 'number' });
  }
  if (dataType === 'boolean') {
    if (typeof value === 'boolean') return { ok: true, value };
    const s = typeof value === 'string' ? value.trim().toLowerCase() : '';
    if (s === 'true' || s === 'false') return { ok: true, value: s === 'true' };
    return refuse('invalid_type', 'expected true or false', { expected: 'boolean' });
  }
  if (typeof value !== 'string') {
    return refuse('invalid_type', `expected text (${dataType})`, { expected: 'string' });
  }
  const text = value.trim();
  if (!isStorableText(text)) {
    return refuse('invalid_text', 'contains control characters or broken Unicode');
  }
  if (dataType === 'text' || dataType === 'email') {
    const max = textLimit(size);
    const length = [...text].length;
    if (length > max) {
      return refuse('too_long', `at most ${max} characters allowed, got ${length}`, {
        max,
        length,
      });
    }
  }
  switch (dataType) {
    case 'date':
      return isCalendarDate(text)
        ? { ok: true, value: text }
        : refuse('invalid_date', 'expected a real calendar date YYYY-MM-DD');
    case 'email':
      return EMAIL.test(text)
        ? { ok: true, value: text }
        : refuse('invalid_email', 'expected an e-mail address');
    case 'country': {
      const code = countryCode(text);
      return code
        ? { ok: true, value: code }
        : refuse(
            'invalid_country',
            'expected an ISO 3166-1 alpha-2 code or a German or English country name',
          );
    }
    default:
      return { ok: true, value: text };
  }
}

/** A group guest keeps no individual data and needs none (`gruppe`, or more than one person). */
export function isGroupGuest(gastType: string | undefined, anzahl: number | undefined): boolean {
  return gastType === 'gruppe' || (anzahl ?? 1) > 1;
}

/** The number of persons of a guest: a whole number from 1 to 9999. */
export function anzahlProblem(anzahl: number): RuleFailure | null {
  if (!Number.isInteger(anzahl)) {
    return {
      code: 'invalid_type',
      message: 'expected a whole number',
      params: { expected: 'int' },
    };
  }
  if (anzahl < MIN_ANZAHL) {
    return {
      code: 'too_small',
      message: `must be at least ${MIN_ANZAHL}`,
      params: { min: MIN_ANZAHL },
    };
  }
  if (anzahl > MAX_ANZAHL) {
    return {
      code: 'too_big',
      message: `must be at most ${MAX_ANZAHL}`,
      params: { max: MAX_ANZAHL },
    };
  }
  return null;
}

/** A stay of this many nights (departure minus arrival): at least one, at most 366. */
export function nightsProblem(nights: number): RuleFailure | null {
  if (nights <= 0) {
    return { code: 'departure_not_after_arrival', message: 'must be after arrival_date' };
  }
  if (nights > MAX_NIGHTS) {
    return {
      code: 'stay_too_long',
      message: `a stay may last at most ${MAX_NIGHTS} nights`,
      params: { max_nights: MAX_NIGHTS },
    };
  }
  return null;
}

/** The fields that make a guest's name on cards and lists (the spec's own examples). */
export const NAME_FIELDS = ['Gast_Vorname', 'Gast_Name'] as const;

/**
 * The usual column names of a first and a last name, for municipalities whose fields are named
 * otherwise (`vorname`, `Nachname`, `first_name`, …): their cards and lists still name the guest.
 */
export const FIRST_NAME_FIELD = /(vorname|first_?name|given_?name)$/i;
export const LAST_NAME_FIELD = /((^|_)name|nachname|last_?name|surname|family_?name)$/i;

/** The two fields that name the guest: the spec's, else the first of the usual column names. */
function nameFields(fields: Readonly<Record<string, unknown>>): readonly string[] {
  if (NAME_FIELDS.some((k) => k in fields)) return NAME_FIELDS;
  const keys = Object.keys(fields);
  const first = keys.find((k) => FIRST_NAME_FIELD.test(k));
  const last = keys.find((k) => LAST_NAME_FIELD.test(k) && !FIRST_NAME_FIELD.test(k));
  return [first, last].filter((k): k is string => k !== undefined);
}

/** First and last name of an individual guest, or null when neither is given. */
export function guestDisplayName(fields: Readonly<Record<string, unknown>>): string | null {
  const parts = nameFields(fields)
    .map((k) => fields[k])
    .filter((v): v is string => typeof v === 'string' && !isBlankText(v));
  return parts.length ? parts.map((p) => p.trim()).join(' ') : null;
}
