// getKonfigurationsListe (interface v7.6, 6): the lists a booking system takes its ids from. AVS's
// own three (salutations, countries, categories) and, as extensions documented in docs/avs.md,
// the account's municipalities, landlords (firmaid), objects (objektid) with their Kurtaxe zones
// and addresses, and the municipality's individual fields, so a client can fill every element of
// a booking, and show what it books into, from lists alone.
import { COUNTRY_CODES } from '../../wire/countries';
import { countryId } from '../../wire/avs/countries';
import type { Konfigdatensatz } from '../../wire/avs';
import type { CurrentUserResponse } from '../../wire/config';
import { refuse } from './refusal';

/** Salutations (`anredeid`): AVS's ids for Herr and Frau, and one for neither. */
export const ANREDEN: readonly Konfigdatensatz[] = [
  { id: 1, text1: 'Herr', text2: 'Mr' },
  { id: 2, text1: 'Frau', text2: 'Ms' },
  { id: 3, text1: 'Divers', text2: 'Mx' },
];

let countries: Konfigdatensatz[] | undefined;
function countryList(): Konfigdatensatz[] {
  if (countries) return countries;
  const de = new Intl.DisplayNames(['de'], { type: 'region' });
  const en = new Intl.DisplayNames(['en'], { type: 'region' });
  const name = (code: string) => (code === 'XK' ? 'Kosovo' : (de.of(code) ?? code));
  countries = [...COUNTRY_CODES]
    .map((code) => ({
      id: countryId(code),
      text1: name(code),
      text2: en.of(code) ?? code,
      text3: code,
    }))
    .sort((a, b) => (a.id === 1 ? -1 : b.id === 1 ? 1 : a.text1.localeCompare(b.text1, 'de')));
  return countries;
}

/** The municipalities a list covers: the one named, or every one of the account's. */
function gemeindenOf(config: Readonly<CurrentUserResponse>, gemeindeId: number | null) {
  const mine = config.gemeinden;
  if (gemeindeId === null) return mine;
  const named = mine.filter((g) => g.id === gemeindeId);
  if (!named.length) throw refuse('11900', `kurverwaltung ${gemeindeId}`);
  return named;
}

/** The lists that are the same for every account (no configuration needed without a municipality). */
export const ACCOUNT_FREE_LISTS: ReadonlySet<string> = new Set([
  'CONFIG-L-ANREDE',
  'CONFIG-L-LAND',
]);

/**
 * The list a `verarbeitung` names; 11501 for a list this service does not have. `config` may be
 * null only for ACCOUNT_FREE_LISTS without a municipality.
 */
export function configurationList(
  verarbeitung: string,
  config: Readonly<CurrentUserResponse> | null,
  gemeindeId: number | null,
): Konfigdatensatz[] {
  if (!config) {
    if (gemeindeId !== null || !ACCOUNT_FREE_LISTS.has(verarbeitung)) {
      throw new Error('configurationList: the configuration is needed');
    }
    return verarbeitung === 'CONFIG-L-ANREDE' ? [...ANREDEN] : countryList();
  }
  const gemeinden = gemeindenOf(config, gemeindeId);
  const ids = new Set(gemeinden.map((g) => g.id));
  const objekte = config.beherberger
    .flatMap((b) => b.objekte)
    .filter((o) => ids.has(o.tarifzone.gemeinde));
  switch (verarbeitung) {
    case 'CONFIG-L-ANREDE':
      return [...ANREDEN];
    case 'CONFIG-L-LAND':
      return countryList();
    case 'CONFIG-L-KAT':
      // Categories are the municipality's tariffs open to landlords; text2 is the tariff's code.
      return gemeinden.flatMap((g) =>
        g.tarife
          .filter((t) => t.is_active && t.allow_beherberger)
          .map((t) => ({ id: t.id, text1: t.alias, text2: t.tarif_code, text3: t.full_alias })),
      );
    case 'CONFIG-L-ORT':
      return gemeinden.map((g) => ({ id: g.id, text1: g.alias }));
    case 'CONFIG-L-FIRMA':
      return config.beherberger
        .filter((b) => b.objekte.some((o) => ids.has(o.tarifzone.gemeinde)))
        .map((b) => ({ id: b.id, text1: b.firma ?? b.alias, text2: b.alias }));
    case 'CONFIG-L-OBJEKT':
      // text3: `gemeinde;tarifzone;anzahl_betten` (docs/avs.md).
      return objekte.map((o) => ({
        id: o.id,
        text1: o.alias,
        text2: String(o.beherberger_id),
        text3: `${o.tarifzone.gemeinde};${o.tarifzone.id};${o.anzahl_betten}`,
      }));
    case 'CONFIG-L-ADRESSE':
      // The objects' addresses: street, postcode, place (those that have one).
      return objekte
        .filter((o) => o.strasse || o.plz || o.ort)
        .map((o) => ({ id: o.id, text1: o.strasse ?? '', text2: o.plz ?? '', text3: o.ort ?? '' }));
    case 'CONFIG-L-ZONE':
      // The Kurtaxe zones (Kurtaxzonen); text2 is the municipality.
      return gemeinden.flatMap((g) =>
        g.tarifzonen.map((z) => ({ id: z.id, text1: z.alias, text2: String(g.id) })),
      );
    case 'CONFIG-L-FELD':
      // text3: `data_type;required|optional|foreign;size` of each guest field (docs/avs.md).
      return gemeinden.flatMap((g) =>
        g.meldeschein_fields.map((f) => ({
          id: f.id,
          text1: f.column_name,
          text2: f.alias,
          text3: `${f.data_type};${f.required ? 'required' : f.required_foreign_only ? 'foreign' : 'optional'};${f.size}`,
        })),
      );
    default:
      throw refuse('11501', `verarbeitung ${verarbeitung}`);
  }
}
