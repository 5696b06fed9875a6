// Service failures in words a landlord understands. The headline comes from the catalogue by error
// code (the service's own sentence is English and technical). How a detail lands on a form's field
// is the guest form's (guest-form/error-details.ts).
import { ownValue } from '@/lib/lookup';
import type { ApiError } from './client';
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

/**
 * The code a failed call carries in a URL for describeErrorCode: its own when the catalogue has
 * words for it, else its kind (`unreachable` and `internal_error` are `unavailable`).
 */
export function errorCodeForUrl(err: ApiError): string {
  return ownValue(BY_CODE, err.code) ? err.code : err.kind;
}

/** The headline for a failed call. */
export function describeApiError(err: ApiError, m: Messages): string {
  const key = BY_CODE[err.code] ?? BY_KIND[err.kind];
  return m.apiErrors[key];
}

/** The headline for a service detail's code when the catalogue has one for it, else undefined. */
export function headlineOfCode(code: string, m: Messages): string | undefined {
  const key = ownValue(BY_CODE, code);
  return key ? m.apiErrors[key] : undefined;
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
