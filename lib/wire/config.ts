// Response of `GET users/get_current_user/` (spec 2.6).
import { z } from 'zod';
import { FIELD_DATA_TYPES } from './guest-rules';

const nullableString = z.string().nullable();
const datetime = z.string();

export const ConfigUser = z.object({
  id: z.int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: nullableString,
  is_active: z.boolean(),
  user_type: z.string(),
  alias: z.string(),
  last_login: datetime.nullable(),
});

const Named = z.object({
  id: z.int(),
  created: datetime,
  modified: datetime.nullable(),
  alias: z.string(),
  gemeinde: z.int(),
});
export const Ortsteil = Named;
export const Tarifzone = Named;
/** A kind of accommodation (`objekt.unterkunftsart` is its id), as in the vendor's examples. */
export const Unterkunftsart = Named;

export const Saisonzeit = Named.extend({ valid_from: z.string(), valid_until: z.string() });
export type Saisonzeit = z.infer<typeof Saisonzeit>;

export const Tarif = Named.extend({
  full_alias: z.string(),
  is_active: z.boolean(),
  tarif_code: z.string(),
  allow_beherberger: z.boolean(),
  print_kurkarte: z.boolean(),
  default_selected: z.boolean(),
});
export type Tarif = z.infer<typeof Tarif>;

export const MeldescheinField = Named.extend({
  column_name: z.string(),
  data_type: z.enum(FIELD_DATA_TYPES),
  required: z.boolean(),
  size: z.int(),
  transferable: z.boolean(),
  list_visible: z.boolean(),
  priority: z.string(),
  view_order: z.int(),
  // Extensions of this service (docs/api.md), absent from the municipalities' own systems:
  // required of foreign guests only (BMG § 29(2); `required` is false then), and kept after the
  // retention period for statistics.
  required_foreign_only: z.boolean().optional(),
  statistical: z.boolean().optional(),
});
export type MeldescheinField = z.infer<typeof MeldescheinField>;

export const BeherbergerSummary = z.object({
  id: z.int(),
  firma: nullableString,
  vorname: nullableString,
  nachname: nullableString,
  comment: nullableString,
  debitor_nr: nullableString,
  alias: z.string(),
  ansprechpartner: nullableString,
  gemeinde_id: z.int(),
});
export type BeherbergerSummary = z.infer<typeof BeherbergerSummary>;

export const ConfigObjekt = z.object({
  id: z.int(),
  tarifzone_id: z.int(),
  ortsteil_id: z.int().nullable(),
  beherberger_id: z.int(),
  tarifzone: Tarifzone,
  ortsteil: Ortsteil.nullable(),
  beherberger: BeherbergerSummary,
  created: datetime,
  modified: datetime.nullable(),
  anzahl_betten: z.int(),
  alias: z.string(),
  strasse: nullableString,
  plz: nullableString,
  ort: nullableString,
  // Extension: the municipality of the object, so clients need not derive it from the zone.
  // Optional here because the municipalities' own systems do not send it.
  gemeinde: z.int().optional(),
});
export type ConfigObjekt = z.infer<typeof ConfigObjekt>;

export const ConfigBeherberger = z.object({
  id: z.int(),
  objekte: z.array(ConfigObjekt),
  alias: z.string(),
  created: datetime,
  modified: datetime.nullable(),
  is_active: z.boolean(),
  firma: nullableString,
  anrede: nullableString,
  vorname: nullableString,
  nachname: nullableString,
  strasse: nullableString,
  plz: nullableString,
  ort: nullableString,
  telefon: nullableString,
  email: nullableString,
  allow_logins: z.boolean(),
  create_invoices: z.boolean(),
  custom_1: nullableString,
  custom_2: nullableString,
  custom_3: nullableString,
  custom_4: nullableString,
  debitor_nr: nullableString,
  vermieter_nr: nullableString,
  comment: nullableString,
  gemeinde: z.int(),
});
export type ConfigBeherberger = z.infer<typeof ConfigBeherberger>;

export const ConfigGemeinde = z.object({
  id: z.int(),
  ortsteile: z.array(Ortsteil),
  // Not in the spec's table; in the vendor's examples and its Go client. Other systems may omit it.
  unterkunftsarten: z.array(Unterkunftsart).default([]),
  tarifzonen: z.array(Tarifzone),
  saisonzeiten: z.array(Saisonzeit),
  tarife: z.array(Tarif),
  meldeschein_fields: z.array(MeldescheinField),
  created: datetime,
  modified: datetime.nullable(),
  alias: z.string(),
  using_paper: z.boolean(),
  using_ems: z.boolean(),
  datatable_name: nullableString,
});
export type ConfigGemeinde = z.infer<typeof ConfigGemeinde>;

export const PERMISSIONS = [
  'meldeschein.view_meldeschein',
  'meldeschein.add_meldeschein',
  'meldeschein.change_meldeschein',
  'meldeschein.storno_meldeschein',
  'meldeschein.print_kurkarte',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const CurrentUserResponse = z.object({
  user: ConfigUser,
  beherberger: z.array(ConfigBeherberger),
  gemeinden: z.array(ConfigGemeinde),
  created: datetime,
  modified: datetime.nullable(),
  permissions: z.array(z.string()),
});
export type CurrentUserResponse = z.infer<typeof CurrentUserResponse>;
