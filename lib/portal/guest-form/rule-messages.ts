// The landlord's (or the guest's) words for a broken guest rule, by its detail code and parameters (docs/api.md):
// the same sentence whether the form found it (lib/wire/guest-rules.ts) or the service answered
// it. Codes, never the service's sentences. Client-safe.
import { fmt } from '../i18n';
import type { FormWords } from '../i18n/guest/pages';

type Params = Readonly<Record<string, unknown>> | undefined;

/** The sentence for a detail code; null for codes that have no words of their own. */
export function describeRule(code: string, params: Params, m: FormWords): string | null {
  const v = m.form.validation;
  const n = (key: string) => String(params?.[key] ?? '');
  switch (code) {
    case 'required':
      return v.required;
    case 'too_long':
      return fmt(v.tooLong, { n: n('max') });
    case 'too_small':
      return fmt(v.atLeast, { n: n('min') });
    case 'too_big':
      return fmt(v.atMost, { n: n('max') });
    case 'invalid_date':
      return v.date;
    case 'invalid_email':
      return v.email;
    case 'invalid_country':
      return v.country;
    case 'invalid_text':
      return v.invalidText;
    case 'invalid_type':
      return params?.expected === 'number' || params?.expected === 'int' ? v.number : null;
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
    default:
      return null;
  }
}
