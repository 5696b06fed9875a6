// What the guest's phone may fill in: on the check-in the guest enters their own data, so each
// field of the first traveller says what it holds (WCAG 1.3.5, HTML autocomplete tokens); the
// landlord's form (other people's data) keeps autofill off. Municipalities name their fields
// themselves, so the usual column names decide. Pure and client-safe.
import type { MeldescheinField } from '@/lib/wire/config';
import { FIRST_NAME_FIELD, LAST_NAME_FIELD } from '@/lib/wire/guest-rules';

const TEXT_TOKENS: [RegExp, string][] = [
  [/(strasse|straße|street)/i, 'street-address'],
  [/(plz|postleitzahl|zip|postcode|postal)/i, 'postal-code'],
  [/(wohnort|^gast_ort$|city|town)/i, 'address-level2'],
  [FIRST_NAME_FIELD, 'given-name'],
  [LAST_NAME_FIELD, 'family-name'],
];

/** The autocomplete token of a field holding the guest's own data, if it has one. */
export function autofillToken(f: Pick<MeldescheinField, 'column_name' | 'data_type'>) {
  const name = f.column_name;
  switch (f.data_type) {
    case 'email':
      return 'email';
    case 'date':
      return /(geburt|birth)/i.test(name) ? 'bday' : undefined;
    case 'country':
      // The country of residence; a nationality has no token.
      return /(staats|national)/i.test(name) ? undefined : 'country';
    case 'text':
      return TEXT_TOKENS.find(([pattern]) => pattern.test(name))?.[1];
    default:
      return undefined;
  }
}
