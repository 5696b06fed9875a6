// Requests and responses of the registration-form calls (spec 2.2-2.5, 4.2-4.4, 4.7). These are the
// static shapes; the rules a municipality defines for its guest fields (meldeschein_fields) are
// checked by the service against `meta.gemeinde`, because they differ per municipality.
import { z } from 'zod';
import { MAX_ANZAHL, MIN_ANZAHL } from './guest-rules';
import { MetaUser, RequestMeta, ResponseMeta } from './meta';
import { isCalendarDate } from './time';

/** Ids are PostgreSQL `integer`s; anything larger can name no row. */
export const MAX_ID = 2_147_483_647;
export const Id = z.int().positive().max(MAX_ID);
/** A number `Id` takes (a PostgreSQL integer: a larger one names nothing), checked without zod. */
export const isId = (n: number) => Number.isSafeInteger(n) && n >= 1 && n <= MAX_ID;

export const MAX_FORMS_PER_BOOKING = 100;
export const MAX_IDS_PER_CALL = 500;
export const MAX_IDS_PER_PDF_CALL = 50;

const calendarDate = z.string().refine(isCalendarDate, {
  message: 'expected a real calendar date in the form YYYY-MM-DD',
  params: { code: 'invalid_date' },
});

/**
 * A municipality-defined guest field as sent: the service converts it per `data_type`. Numbers and
 * booleans also come as strings (XML carries only text), null or "" leave the field unset.
 */
export const FieldValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type FieldValue = z.infer<typeof FieldValue>;

export const GAST_TYPES = ['person', 'gruppe'] as const;
export const GastType = z.enum(GAST_TYPES);

/** Keys of a guest the service itself knows; every other key must be a municipality field. */
const guestKnown = {
  tarif_id: Id,
  gast_type: GastType,
  arrival_date: calendarDate,
  departure_date: calendarDate,
  anzahl: z.int().min(MIN_ANZAHL).max(MAX_ANZAHL),
};

/** A guest in `buchen` (spec 2.3, 4.2 rule 1): tariff, type and both dates are required. */
export const BookGuest = z
  .object({ ...guestKnown, anzahl: guestKnown.anzahl.optional() })
  .catchall(FieldValue);
export type BookGuest = z.infer<typeof BookGuest>;

/**
 * A guest in `aktualisieren` (spec 4.3): create (no id), update (id + fields) or delete (id + delete).
 * Keys that are neither these nor fields of the municipality (response-only fields such as
 * `created` or `kurtaxe_calc`, or names the municipality does not define) are ignored, so a guest
 * read with `get/` can be sent back as it is (DECISIONS 2.10).
 */
export const UpdateGuest = z
  .object({
    id: Id.optional(),
    delete: z.boolean().optional(),
    tarif_id: guestKnown.tarif_id.optional(),
    gast_type: guestKnown.gast_type.optional(),
    arrival_date: guestKnown.arrival_date.optional(),
    departure_date: guestKnown.departure_date.optional(),
    anzahl: guestKnown.anzahl.optional(),
  })
  .catchall(z.unknown());
export type UpdateGuest = z.infer<typeof UpdateGuest>;

/** Keys of a guest object that are not municipality fields, per call. */
export const BOOK_GUEST_KEYS: ReadonlySet<string> = new Set(Object.keys(guestKnown));
export const UPDATE_GUEST_KEYS: ReadonlySet<string> = new Set(['id', 'delete', ...BOOK_GUEST_KEYS]);
/** Keys of a form in `aktualisieren` that the service reads; every other key is ignored. */
export const UPDATE_FORM_KEYS: ReadonlySet<string> = new Set([
  'id',
  'input_id',
  'ms_type',
  'personen',
]);

const formCommon = {
  // The client's own reference (vendor examples, DECISIONS 2.10), echoed on the returned form.
  input_id: z.string().max(200).optional(),
  // Spec 2.2: always `ems`; missing, null or "" (the Go client always sends the field) mean `ems`
  // (DECISIONS 2.10).
  ms_type: z.enum(['ems', '']).nullable().optional(),
};

export const BookForm = z.strictObject({ ...formCommon, personen: z.array(BookGuest) });
export type BookForm = z.infer<typeof BookForm>;

/** A form in `aktualisieren`: like a guest, it ignores keys it does not know (spec 4.3). */
export const UpdateForm = z
  .object({
    id: Id,
    ...formCommon,
    // A form read with `get/` carries `input_id: null`: it keeps the stored reference.
    input_id: formCommon.input_id.nullable(),
    personen: z.array(UpdateGuest),
  })
  .catchall(z.unknown());
export type UpdateForm = z.infer<typeof UpdateForm>;

export const BookParams = z.strictObject({ append_pdf: z.boolean().optional() });

export const BuchenRequest = z.strictObject({
  meta: RequestMeta,
  params: BookParams.optional(),
  meldescheine: z.array(BookForm),
});
export type BuchenRequest = z.infer<typeof BuchenRequest>;

export const AktualisierenRequest = z.strictObject({
  meta: RequestMeta,
  params: BookParams.optional(),
  meldescheine: z.array(UpdateForm),
});
export type AktualisierenRequest = z.infer<typeof AktualisierenRequest>;

/** `get/`, `get-pdf/` and `stornieren/`: form ids. */
export const FormIdsRequest = z.strictObject({ meta: RequestMeta, meldescheine: z.array(Id) });
export type FormIdsRequest = z.infer<typeof FormIdsRequest>;

// ---- Responses (spec 2.4, 2.5) ----

const money = z.number();
const nullable = <T extends z.ZodType>(t: T) => t.nullable();

/** A guest in a response: the fixed fields, then every field of the municipality (null when unset). */
export const GuestResponse = z
  .object({
    id: z.int(),
    tarif_id: z.int(),
    meldeschein_id: z.int(),
    gast_type: GastType,
    created: z.string(),
    modified: z.string().nullable(),
    anzahl: z.int(),
    arrival_date: z.string(),
    departure_date: z.string(),
    CSID: z.string().nullable(),
    kurtaxe_calc: money,
    address_id: FieldValue,
    address_lat: FieldValue,
    address_lng: FieldValue,
    address_label: FieldValue,
  })
  .catchall(FieldValue);
export type GuestResponse = z.infer<typeof GuestResponse>;

export const TravelSpan = z.object({
  arrival_date: z.string(),
  departure_date: z.string(),
  travel_days: z.int(),
  uebernachtungen_sum: z.int(),
});
export type TravelSpan = z.infer<typeof TravelSpan>;

export const FormBeherberger = z.object({
  id: z.int(),
  firma: z.string().nullable(),
  vorname: z.string().nullable(),
  nachname: z.string().nullable(),
  comment: z.string().nullable(),
  debitor_nr: z.string().nullable(),
  alias: z.string(),
  // The vendor's samples give a contact person's id here; this service gives a name or null.
  ansprechpartner: z.union([z.string(), z.number()]).nullable(),
  gemeinde_id: z.int(),
});

export const FormOrtsteil = z.object({ id: z.int(), alias: z.string(), gemeinde: z.int() });

/** `objekt` of a form (spec 2.5): `tarifzone` is the zone id, `ortsteil` an object (vendor examples). */
export const FormObjekt = z.object({
  id: z.int(),
  beherberger_id: z.int(),
  beherberger: FormBeherberger,
  beherberger_alias: z.string(),
  ortsteil: FormOrtsteil.nullable(),
  created: z.string(),
  // Equal to `created` until changed; nullable for other systems.
  modified: z.string().nullable(),
  anzahl_betten: z.int(),
  alias: z.string(),
  strasse: z.string().nullable(),
  plz: z.string().nullable(),
  ort: z.string().nullable(),
  tarifzone: z.int(),
  // The id of a kind of accommodation of the municipality (`gemeinden[].unterkunftsarten`).
  unterkunftsart: z.int().nullable(),
});
export type FormObjekt = z.infer<typeof FormObjekt>;

/** A warning that does not block (DECISIONS 2.6): a stable `code`, its figures in `params`. */
export const PrecheckError = z.object({
  code: z.string(),
  message: z.string(),
  path: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type PrecheckError = z.infer<typeof PrecheckError>;

/** Machine values of the states (spec 3, DECISIONS 2.5) and their display names. */
export const FORM_STATES = ['draft', 'printed', 'departed', 'cancelled'] as const;
export type FormState = (typeof FORM_STATES)[number];
export const STATE_DISPLAY: Record<FormState, string> = {
  draft: 'Entwurf',
  printed: 'gedruckt',
  departed: 'abgereist',
  cancelled: 'storniert',
};

const unknownNull = z.null();

/**
 * Extension (docs/api.md), on `get/?include=protokoll` only: the form's print log and guest
 * history, oldest first. Changes name the changed fields, never their values.
 */
export const ProtokollPrint = z.object({
  at: z.string(),
  via: z.enum(['get-pdf', 'append_pdf']),
  user: MetaUser,
});
export const ProtokollChange = z.object({
  at: z.string(),
  action: z.enum(['create', 'update', 'delete']),
  person_id: z.int(),
  user: MetaUser,
  fields: z.array(z.string()),
});
export type ProtokollChange = z.infer<typeof ProtokollChange>;
export const Protokoll = z.object({
  prints: z.array(ProtokollPrint),
  changes: z.array(ProtokollChange),
});
export type Protokoll = z.infer<typeof Protokoll>;

/** The complete form (spec 2.5): every field present, null where the service has no value. */
export const FormResponse = z.object({
  id: z.int(),
  input_id: z.string().nullable(),
  personen: z.array(GuestResponse),
  travel_span: TravelSpan,
  objekt: FormObjekt,
  meldescheinnummer: z.string(),
  objekt_id: z.int(),
  beherberger_id: z.int(),
  verwendete_kurtaxe: money,
  creation_user: MetaUser,
  precheck_errors: z.array(PrecheckError),
  state_display: z.string(),
  faktura_date: nullable(z.string()),
  CSID: nullable(z.string()),
  Form_Id: unknownNull,
  BatchNo: unknownNull,
  BatchRDate: nullable(z.string()),
  BatchPgDta: unknownNull,
  BatchTrack: unknownNull,
  ms_type: z.literal('ems'),
  state: z.enum(FORM_STATES),
  created: z.string(),
  modified: z.string().nullable(),
  user_note: z.string().nullable(),
  is_storniert: z.boolean(),
  source: unknownNull,
  storno_bestaetigt: z.boolean(),
  kurtaxe_ist: money.nullable(),
  manueller_betrag: money,
  kz_manueller_betrag: z.boolean(),
  kurtaxe_calc: money,
  stat_alter_kind_1: unknownNull,
  stat_alter_kind_2: unknownNull,
  stat_alter_kind_3: unknownNull,
  stat_alter_kind_4: unknownNull,
  invoice: nullable(z.string()),
  // Extension (docs/api.md): present and true once the retention sweep erased the guests'
  // personal data (BMG § 30(4)); their fields are null then, the figures stay.
  anonymised: z.literal(true).optional(),
  protokoll: Protokoll.optional(),
});
export type FormResponse = z.infer<typeof FormResponse>;

/**
 * A booked form: the complete form flat (spec 4.2) and the same form again under `meldeschein`
 * (the vendor's `append_pdf` example and its clients read that key). Other systems may send only
 * one of the two shapes.
 */
export const BookedForm = FormResponse.extend({
  pdf: z.string().optional(),
  meldeschein: FormResponse.optional(),
});
export type BookedForm = z.infer<typeof BookedForm>;

export const BuchenResponse = z.object({
  meta: ResponseMeta,
  status: z.literal('success'),
  meldescheine: z.array(BookedForm),
});
export type BuchenResponse = z.infer<typeof BuchenResponse>;

export const AktualisierenResponse = z.object({
  meta: ResponseMeta,
  status: z.literal('success'),
  response: z.object({ meldescheine: z.array(FormResponse) }),
});
export type AktualisierenResponse = z.infer<typeof AktualisierenResponse>;

export const GetResponse = z.object({ meta: ResponseMeta, response: z.array(FormResponse) });
export type GetResponse = z.infer<typeof GetResponse>;

export const StornierenResponse = z.object({
  meta: ResponseMeta,
  status: z.literal('success'),
  meldescheine: z.array(z.int()),
});
export type StornierenResponse = z.infer<typeof StornierenResponse>;
