// Municipalities name their guest fields themselves, in German (`alias`). A guest's check-in in
// English showed "Vorname", "Geburtsdatum" and "Staatsangehörigkeit" among English text: the
// usual fields (the column names of spec 2.4) get English names there; any other field keeps the
// municipality's own. Pure and client-safe.
import type { Lang } from '../i18n';
import type { GemeindeFormConfig } from './view';

const ENGLISH: Record<string, string> = {
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
};

/** The form's configuration with the usual fields named in `lang`. */
export function withFieldLabels(config: GemeindeFormConfig, lang: Lang): GemeindeFormConfig {
  if (lang === 'de') return config;
  return {
    ...config,
    fields: config.fields.map((f) => {
      const english = ENGLISH[f.column_name];
      return english ? { ...f, alias: english } : f;
    }),
  };
}
