// What a guest's pages say (check-in, thank-you, card, pay section, the card check behind the QR
// code): the guest's share of the portal's German and English catalogues, picked by the key lists
// here, plus the words only guests meet. Every other language writes the whole of it
// (../pages/<lang>.ts); the type makes it name every key. Client-safe.
import type { Messages } from '../../de';
import type { CheckinMessages } from '../../checkin-de';
import type { PaymentsMessages } from '../../payments-de';

/** The form's words the guest's form shares with the landlord's (field renderer, schema, checks). */
export const FORM_KEYS = [
  'guestN',
  'tariff',
  'chooseObject',
  'addGuest',
  'removeGuest',
  'chooseCountry',
  'foreignOnlyHint',
  'commonCountries',
  'allCountries',
  'validation',
] as const;

/** The summary's warnings before sending (guest-form/warnings.ts). */
export const PRECHECK_KEYS = ['beds_exceeded', 'arrival_in_past', 'birth_date_in_future'] as const;

/** The municipality's usual guest fields (spec 2.4's column names), named in the guest's language. */
export const FIELD_COLUMNS = [
  'Gast_Vorname',
  'Gast_Name',
  'Gast_Geburtsdatum',
  'Gast_Strasse',
  'Gast_Postleitzahl',
  'Gast_Wohnort',
  'Gast_Land',
  'Gast_Staatsangehoerigkeit',
  'Gast_Ausweisnummer',
  'Gast_Email',
] as const;

export interface GuestPages {
  common: {
    appName: string;
    tagline: string;
    /** The language switch's name. */
    language: string;
  };
  form: Pick<Messages['form'], (typeof FORM_KEYS)[number]>;
  precheck: Pick<Messages['precheck'], (typeof PRECHECK_KEYS)[number]>;
  fields: Record<(typeof FIELD_COLUMNS)[number], string>;
  checkin: CheckinMessages['guest'];
  card: CheckinMessages['card'];
  pay: PaymentsMessages['guest'];
  cardCheck: Messages['cardCheck'];
}

/** The words the form's shared code needs (schema, checks, warnings): the portal's catalogue too. */
export type FormWords = Pick<GuestPages, 'form' | 'precheck'>;

/** `keys` of `from`, as a new object (the German and English pages take theirs from the portal's). */
export function pick<T extends object, K extends keyof T>(from: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const k of keys) out[k] = from[k];
  return out;
}
