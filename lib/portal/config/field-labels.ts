// Municipalities name their guest fields themselves, in German (`alias`). A guest's check-in in
// another language showed "Vorname", "Geburtsdatum" and "Staatsangehörigkeit" among its own words:
// the usual fields (the column names of spec 2.4) get the guest's language's names there
// (i18n/guest/pages); any other field keeps the municipality's own. Pure and client-safe.
import type { GuestLang } from '../i18n/guest/languages';
import { guestPages } from '../i18n/guest/pages';
import type { GemeindeFormConfig } from './view';

/** The form's configuration with the usual fields named in `lang`. */
export function withFieldLabels(config: GemeindeFormConfig, lang: GuestLang): GemeindeFormConfig {
  if (lang === 'de') return config;
  const names: Partial<Record<string, string>> = guestPages(lang).fields;
  return {
    ...config,
    fields: config.fields.map((f) => {
      const name = names[f.column_name];
      return name ? { ...f, alias: name } : f;
    }),
  };
}
