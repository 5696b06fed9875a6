// Service failures in words a landlord understands. The headline comes from the catalogue by error
// code (the service's own sentence is English and technical); field details land on form fields.
import type { ErrorDetail } from '@/lib/wire/errors';
import type { ApiError } from './api';
import { describeRule } from './guest-form/rule-messages';
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

/** The field a detail names, for a sentence about it: its alias when given, else its key. */
function fieldLabel(d: ErrorDetail): string {
  const alias = d.params?.alias;
  if (typeof alias === 'string' && alias) return alias;
  return /([^.[\]]+)(?:\[\d+\])?$/.exec(d.path)?.[1] ?? d.path;
}

/**
 * A service detail in the landlord's language by its machine code; a code without words of its
 * own gets an honest general sentence naming the field (the service's sentence is never parsed).
 */
export function explainDetailCode(d: ErrorDetail, m: Messages): string {
  return (
    describeRule(d.code, d.params, m) ?? fmt(m.apiErrors.fieldRejected, { field: fieldLabel(d) })
  );
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
    const text = explainDetailCode(d, m);
    if (field && !fieldErrors[field]) fieldErrors[field] = text;
    else if (!field) other.push(d.path ? `${d.path}: ${text}` : text);
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
