// The guest's pages in English: the portal's English words for guests (one source for both).
import { checkinEn } from '../../checkin-en';
import { en } from '../../en';
import { paymentsEn } from '../../payments-en';
import { FORM_KEYS, pick, PRECHECK_KEYS, type GuestPages } from './shape';

export const pagesEn: GuestPages = {
  common: { appName: en.common.appName, tagline: en.common.tagline, language: 'Language' },
  form: pick(en.form, FORM_KEYS),
  precheck: pick(en.precheck, PRECHECK_KEYS),
  fields: {
    Gast_Vorname: 'First name',
    Gast_Name: 'Last name',
    Gast_Geburtsdatum: 'Date of birth',
    Gast_Strasse: 'Street and house number',
    Gast_Postleitzahl: 'Postcode',
    Gast_Wohnort: 'Town or city',
    Gast_Land: 'Country',
    Gast_Staatsangehoerigkeit: 'Nationality',
    Gast_Ausweisnummer: 'Passport or ID card number',
    Gast_Email: 'E-mail',
  },
  checkin: checkinEn.guest,
  card: checkinEn.card,
  pay: paymentsEn.guest,
  cardCheck: en.cardCheck,
};
