// Service failures in words a landlord understands. The headline comes from the catalogue by error
// code (the service's own sentence is English and technical); field details land on form fields.
import type { ErrorDetail } from '@/lib/wire/errors';
import type { ApiError } from './api';
import { fmt, type Messages } from './i18n';

type ApiMessageKey = keyof Messages['apiErrors'];

const BY_CODE: Record<string, ApiMessageKey> = {
  not_authenticated: 'unauthenticated',
  token_invalid: 'unauthenticated',
  token_expired: 'unauthenticated',
  permission_denied: 'permission_denied',
  meta_forbidden: 'meta_forbidden',
  forbidden: 'forbidden',
  not_found: 'not_found',
  form_not_changeable: 'form_not_changeable',
  not_printable: 'not_printable',
  duplicate_request: 'duplicate_request',
  validation_error: 'validation_error',
  malformed_body: 'validation_error',
  unknown_field: 'unknown_field',
  guest_not_in_form: 'guest_not_in_form',
  form_must_keep_a_guest: 'form_must_keep_a_guest',
  too_many_items: 'too_many_items',
  rate_limited: 'rate_limited',
  invalid_response: 'invalid_response',
};

const BY_KIND: Record<ApiError['kind'], ApiMessageKey> = {
  unauthenticated: 'unauthenticated',
  forbidden: 'forbidden',
  not_found: 'not_found',
  conflict: 'generic',
  invalid_request: 'generic',
  rate_limited: 'rate_limited',
  unavailable: 'unavailable',
  invalid_response: 'invalid_response',
};

/** The headline for an error code carried in a URL (`?fehler=form_not_changeable`). */
export function describeErrorCode(code: string, m: Messages): string {
  return m.apiErrors[
    BY_CODE[code] ?? (code in BY_KIND ? BY_KIND[code as ApiError['kind']] : 'generic')
  ];
}

/** The headline for a failed call. */
export function describeApiError(err: ApiError, m: Messages): string {
  const key = BY_CODE[err.code] ?? BY_KIND[err.kind];
  return m.apiErrors[key];
}

/** A service detail in the landlord's language by its machine code; null for codes without words. */
export function explainDetailCode(d: ErrorDetail, m: Messages): string | null {
  const v = m.form.validation;
  const n = (key: string) => String(d.params?.[key] ?? '');
  switch (d.code) {
    case 'required':
      return v.required;
    case 'too_long':
      return fmt(v.tooLong, { n: n('max') });
    case 'invalid_date':
      return v.date;
    case 'invalid_email':
      return v.email;
    case 'invalid_country':
      return v.country;
    case 'departure_not_after_arrival':
      return v.departureAfterArrival;
    case 'stay_too_long':
      return fmt(v.maxNights, { n: n('max_nights') });
    case 'tariff_unknown':
    case 'tariff_inactive':
    case 'tariff_not_for_landlords':
      return v.tariff;
    case 'last_guest':
      return v.lastGuest;
    case 'invalid_type':
      return d.params?.expected === 'number' ? v.number : null;
    default:
      return null;
  }
}

/** One service detail message, in the landlord's language where the pattern is known. */
export function explainDetail(message: string, m: Messages, path = ''): string {
  const v = m.form.validation;
  const lower = message.toLowerCase();
  const limit = /(?:at most|<=|maximum of|max(?:imum)?\.?)\s*(\d+)/.exec(lower);
  if (/after arrival/.test(lower) || (/departure/.test(path) && /after/.test(lower))) {
    return v.departureAfterArrival;
  }
  const nights = /at most (\d+) nights/.exec(lower);
  if (nights) return fmt(v.maxNights, { n: nights[1]! });
  if (/required|missing/.test(lower)) return v.required;
  if (limit && /char|long|big|length/.test(lower)) return fmt(v.tooLong, { n: limit[1]! });
  if (/e-?mail/.test(lower)) return v.email;
  if (/country|iso 3166/.test(lower)) return v.country;
  if (/date/.test(lower)) return v.date;
  if (/tarif|tariff/.test(lower)) return v.tariff;
  if (/number|integer/.test(lower)) return v.number;
  return fmt(m.apiErrors.fieldRejected, { message });
}

export interface MappedErrors {
  /** Form field name -> message. */
  fieldErrors: Record<string, string>;
  /** Details that name no field of the form, explained for the summary. */
  other: string[];
}

/**
 * Sorts the service's `details` onto form fields. `toField` maps a service path
 * (`meldescheine[0].personen[1].Gast_Name`) to a form field name, or null when the form has none.
 */
export function mapErrorDetails(
  details: readonly ErrorDetail[],
  toField: (servicePath: string) => string | null,
  m: Messages,
): MappedErrors {
  const fieldErrors: Record<string, string> = {};
  const other: string[] = [];
  for (const d of details) {
    const field = toField(d.path);
    const text = explainDetailCode(d, m) ?? explainDetail(d.message, m, d.path);
    if (field && !fieldErrors[field]) fieldErrors[field] = text;
    else if (!field) other.push(d.path ? `${d.path}: ${d.message}` : d.message);
  }
  return { fieldErrors, other };
}

/**
 * A pre-check warning (DECISIONS 2.6) in the landlord's language, by its code; the guest is named
 * by its position. Unknown codes keep the service's own sentence.
 */
export function explainPrecheck(
  w: { code: string; message: string; path: string; params?: Record<string, string | number> },
  m: Messages,
): string {
  const guestIndex = /personen\[(\d+)\]/.exec(w.path)?.[1];
  const guest = guestIndex === undefined ? '' : fmt(m.form.guestN, { n: Number(guestIndex) + 1 });
  // Forms booked before warnings carried `params` keep their figures only in the sentence.
  const numbers = w.message.match(/\d+/g) ?? [];
  const persons = w.params?.persons ?? numbers[0];
  const beds = w.params?.beds ?? numbers[1];
  switch (w.code) {
    case 'beds_exceeded':
      return persons !== undefined && beds !== undefined
        ? fmt(m.precheck.beds_exceeded, { persons: String(persons), beds: String(beds) })
        : w.message;
    case 'arrival_in_past':
    case 'no_season':
    case 'birth_date_in_future':
      return fmt(m.precheck[w.code], { guest: guest || m.detail.guests });
    default:
      return w.message;
  }
}
