// Service failures in words a landlord understands. The headline comes from the catalogue by error
// code (the service's own sentence is English and technical); field details land on form fields.
import { ownValue } from '@/lib/lookup';
import type { ErrorDetail } from '@/lib/wire/errors';
import type { ApiError } from './client';
import { describeRule } from '../guest-form/rule-messages';
import type { PathPlace } from '../guest-form/wire';
import { fmt, type Messages } from '../i18n';

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
  return m.apiErrors[ownValue(BY_CODE, code) ?? ownValue(BY_KIND, code) ?? 'generic'];
}

/** The headline for a failed call. */
export function describeApiError(err: ApiError, m: Messages): string {
  const key = BY_CODE[err.code] ?? BY_KIND[err.kind];
  return m.apiErrors[key];
}

/** How a form reads the service's paths: its field for a detail, else where it points. */
export interface PathReader {
  field: (servicePath: string) => string | null;
  place: (servicePath: string) => PathPlace;
}

/**
 * A service detail in the landlord's language by its machine code; a code without words of its
 * own gets an honest general sentence, naming the field when the municipality labels it (the
 * service's sentence is never parsed, its field keys never shown).
 */
export function explainDetailCode(d: ErrorDetail, m: Messages, label?: string): string {
  const rule = describeRule(d.code, d.params, m);
  if (rule) return rule;
  const key = BY_CODE[d.code];
  if (key) return m.apiErrors[key];
  const alias = typeof d.params?.alias === 'string' && d.params.alias ? d.params.alias : label;
  return alias ? fmt(m.apiErrors.fieldRejected, { field: alias }) : m.apiErrors.detailRejected;
}

export interface MappedErrors {
  /** Form field name -> message. */
  fieldErrors: Record<string, string>;
  /** Details that name no field of the form, explained for the summary with their guest. */
  other: string[];
}

/** A detail no form field takes: its guest and field, else the stay as a whole, and its words. */
function placed(text: string, place: PathPlace, m: Messages): string {
  if (place.guest === undefined)
    return fmt(m.form.summaryEntry, { field: m.form.stay, message: text });
  const guest = fmt(m.form.guestN, { n: place.guest + 1 });
  return place.label
    ? fmt(m.form.summaryGuestEntry, { guest, field: place.label, message: text })
    : fmt(m.form.summaryEntry, { field: guest, message: text });
}

/**
 * Sorts the service's `details` onto form fields (`meldescheine[0].personen[1].Gast_Name` ->
 * `guests.1.fields.Gast_Name`); the rest are explained for the summary, never by their path.
 */
export function mapErrorDetails(
  details: readonly ErrorDetail[],
  paths: PathReader,
  m: Messages,
): MappedErrors {
  const fieldErrors: Record<string, string> = {};
  const other: string[] = [];
  for (const d of details) {
    const field = paths.field(d.path);
    const place = paths.place(d.path);
    const text = explainDetailCode(d, m, place.label);
    if (field && !fieldErrors[field]) fieldErrors[field] = text;
    else if (!field) other.push(placed(text, place, m));
  }
  return { fieldErrors, other };
}

/**
 * A pre-check warning (DECISIONS 2.6) in the landlord's language, by its code and parameters; the
 * guest is named by its position. Forms booked before warnings carried `params` get the sentence
 * without figures; an unknown code a general sentence naming it.
 */
export function explainPrecheck(
  w: { code: string; path: string; params?: Record<string, string | number> },
  m: Messages,
): string {
  const guestIndex = /personen\[(\d+)\]/.exec(w.path)?.[1];
  const guest = guestIndex === undefined ? '' : fmt(m.form.guestN, { n: Number(guestIndex) + 1 });
  switch (w.code) {
    case 'beds_exceeded': {
      const { persons, beds } = w.params ?? {};
      return persons !== undefined && beds !== undefined
        ? fmt(m.precheck.beds_exceeded, { persons, beds })
        : m.precheck.beds_exceeded_unknown;
    }
    case 'arrival_in_past':
    case 'no_season':
    case 'birth_date_in_future':
      return fmt(m.precheck[w.code], { guest: guest || m.detail.guests });
    default:
      return fmt(m.precheck.other, { code: w.code });
  }
}
