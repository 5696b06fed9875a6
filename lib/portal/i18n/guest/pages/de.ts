// The guest's pages in German: the portal's German words for guests (one source for both).
import { checkinDe } from '../../checkin-de';
import { de } from '../../de';
import { paymentsDe } from '../../payments-de';
import { FORM_KEYS, pick, PRECHECK_KEYS, type GuestPages } from './shape';

export const pagesDe: GuestPages = {
  common: { appName: de.common.appName, tagline: de.common.tagline, language: 'Sprache' },
  form: pick(de.form, FORM_KEYS),
  precheck: pick(de.precheck, PRECHECK_KEYS),
  // The municipality's own names stay on a German page (field-labels.ts); these are the reference.
  fields: {
    Gast_Vorname: 'Vorname',
    Gast_Name: 'Nachname',
    Gast_Geburtsdatum: 'Geburtsdatum',
    Gast_Strasse: 'Straße und Hausnummer',
    Gast_Postleitzahl: 'Postleitzahl',
    Gast_Wohnort: 'Wohnort',
    Gast_Land: 'Land',
    Gast_Staatsangehoerigkeit: 'Staatsangehörigkeit',
    Gast_Ausweisnummer: 'Ausweisnummer',
    Gast_Email: 'E-Mail',
  },
  checkin: checkinDe.guest,
  card: checkinDe.card,
  pay: paymentsDe.guest,
  cardCheck: de.cardCheck,
};
