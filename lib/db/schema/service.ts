// Tables owned by the service (lib/service). The portal never reads or writes them.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const created = () => timestamp('created', { withTimezone: true }).notNull().defaultNow();
const modified = () => timestamp('modified', { withTimezone: true });

export const gemeinden = pgTable('gemeinden', {
  id: serial('id').primaryKey(),
  alias: text('alias').notNull(),
  usingPaper: boolean('using_paper').notNull().default(false),
  usingEms: boolean('using_ems').notNull().default(true),
  datatableName: text('datatable_name'),
  created: created(),
  modified: modified(),
  /**
   * Raised by triggers (migration 0011) on every change of this row and of its ortsteile,
   * unterkunftsarten, tarifzonen, saisonzeiten, tarife and fields: the configuration call keeps its
   * answer per municipality while this number stays the same (lib/service/configuration.ts).
   */
  configVersion: bigint('config_version', { mode: 'number' }).notNull().default(0),
});

export const ortsteile = pgTable('ortsteile', {
  id: serial('id').primaryKey(),
  gemeindeId: integer('gemeinde_id')
    .notNull()
    .references(() => gemeinden.id),
  alias: text('alias').notNull(),
  created: created(),
  modified: modified(),
});

export const tarifzonen = pgTable('tarifzonen', {
  id: serial('id').primaryKey(),
  gemeindeId: integer('gemeinde_id')
    .notNull()
    .references(() => gemeinden.id),
  alias: text('alias').notNull(),
  created: created(),
  modified: modified(),
});

export const saisonzeiten = pgTable(
  'saisonzeiten',
  {
    id: serial('id').primaryKey(),
    gemeindeId: integer('gemeinde_id')
      .notNull()
      .references(() => gemeinden.id),
    alias: text('alias').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    created: created(),
    modified: modified(),
  },
  (t) => [index('saisonzeiten_gemeinde_idx').on(t.gemeindeId)],
);

export const tarife = pgTable(
  'tarife',
  {
    id: serial('id').primaryKey(),
    gemeindeId: integer('gemeinde_id')
      .notNull()
      .references(() => gemeinden.id),
    alias: text('alias').notNull(),
    fullAlias: text('full_alias').notNull(),
    tarifCode: text('tarif_code').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    allowBeherberger: boolean('allow_beherberger').notNull().default(true),
    printKurkarte: boolean('print_kurkarte').notNull().default(true),
    defaultSelected: boolean('default_selected').notNull().default(false),
    created: created(),
    modified: modified(),
  },
  (t) => [unique('tarife_gemeinde_code_uq').on(t.gemeindeId, t.tarifCode)],
);

/**
 * Cents per night and person for (tariff, zone, season) from `valid_from` on; a null season is the
 * off-season fallback, a null `valid_from` holds since the beginning. A guest's nights are priced
 * with the versions valid on the guest's arrival date (docs/decisions/033).
 */
export const tarifRates = pgTable(
  'tarif_rates',
  {
    id: serial('id').primaryKey(),
    tarifId: integer('tarif_id')
      .notNull()
      .references(() => tarife.id),
    tarifzoneId: integer('tarifzone_id')
      .notNull()
      .references(() => tarifzonen.id),
    saisonzeitId: integer('saisonzeit_id').references(() => saisonzeiten.id),
    validFrom: date('valid_from', { mode: 'string' }),
    centsPerNight: integer('cents_per_night').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('tarif_rates_valid_uq')
      .on(t.tarifId, t.tarifzoneId, t.saisonzeitId, t.validFrom)
      .nullsNotDistinct(),
  ],
);

export const meldescheinFields = pgTable(
  'meldeschein_fields',
  {
    id: serial('id').primaryKey(),
    gemeindeId: integer('gemeinde_id')
      .notNull()
      .references(() => gemeinden.id),
    alias: text('alias').notNull(),
    columnName: text('column_name').notNull(),
    dataType: text('data_type').notNull(),
    required: boolean('required').notNull().default(false),
    size: integer('size'),
    transferable: boolean('transferable').notNull().default(true),
    listVisible: boolean('list_visible').notNull().default(true),
    priority: text('priority').notNull().default('normal'),
    viewOrder: integer('view_order').notNull().default(0),
    /** Extension (BMG § 29(2) since 2025): required of foreign guests only; `required` stays false. */
    requiredForeignOnly: boolean('required_foreign_only').notNull().default(false),
    /** Extension: kept after the retention period for statistics (country, number, boolean only). */
    statistical: boolean('statistical').notNull().default(false),
    created: created(),
    modified: modified(),
  },
  (t) => [unique('meldeschein_fields_uq').on(t.gemeindeId, t.columnName)],
);

/** Kinds of accommodation a municipality distinguishes (`unterkunftsarten`, vendor examples). */
export const unterkunftsarten = pgTable(
  'unterkunftsarten',
  {
    id: serial('id').primaryKey(),
    gemeindeId: integer('gemeinde_id')
      .notNull()
      .references(() => gemeinden.id),
    alias: text('alias').notNull(),
    created: created(),
    modified: modified(),
  },
  (t) => [unique('unterkunftsarten_uq').on(t.gemeindeId, t.alias)],
);

export const beherberger = pgTable('beherberger', {
  id: serial('id').primaryKey(),
  gemeindeId: integer('gemeinde_id')
    .notNull()
    .references(() => gemeinden.id),
  alias: text('alias').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  firma: text('firma'),
  anrede: text('anrede'),
  vorname: text('vorname'),
  nachname: text('nachname'),
  strasse: text('strasse'),
  plz: text('plz'),
  ort: text('ort'),
  telefon: text('telefon'),
  email: text('email'),
  allowLogins: boolean('allow_logins').notNull().default(true),
  createInvoices: boolean('create_invoices').notNull().default(false),
  custom1: text('custom_1'),
  custom2: text('custom_2'),
  custom3: text('custom_3'),
  custom4: text('custom_4'),
  debitorNr: text('debitor_nr'),
  vermieterNr: text('vermieter_nr'),
  ansprechpartner: text('ansprechpartner'),
  comment: text('comment'),
  created: created(),
  modified: modified(),
});

export const objekte = pgTable(
  'objekte',
  {
    id: serial('id').primaryKey(),
    beherbergerId: integer('beherberger_id')
      .notNull()
      .references(() => beherberger.id),
    tarifzoneId: integer('tarifzone_id')
      .notNull()
      .references(() => tarifzonen.id),
    ortsteilId: integer('ortsteil_id').references(() => ortsteile.id),
    alias: text('alias').notNull(),
    /** A deactivated object is left out of its accounts' configuration and takes no new forms. */
    isActive: boolean('is_active').notNull().default(true),
    anzahlBetten: integer('anzahl_betten').notNull().default(0),
    strasse: text('strasse'),
    plz: text('plz'),
    ort: text('ort'),
    unterkunftsartId: integer('unterkunftsart_id').references(() => unterkunftsarten.id),
    created: created(),
    modified: modified(),
  },
  (t) => [index('objekte_beherberger_idx').on(t.beherbergerId)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    alias: text('alias').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    userType: text('user_type').notNull().default('beherberger'),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    /** A password change or deactivation: tokens issued up to this moment are refused. */
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true, precision: 3 }),
    /** Raised by triggers on every change of what the account's configuration call answers (0015). */
    configVersion: bigint('config_version', { mode: 'number' }).notNull().default(0),
    created: created(),
    modified: modified(),
  },
  (t) => [
    uniqueIndex('users_username_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
  ],
);

/**
 * Failed sign-in budgets (DECISIONS 2.4): one row per account, unknown name or client address, a
 * fixed window from the first failure. Reserved by one upsert before each password check, so
 * parallel guesses and several instances share one count.
 */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true, precision: 3 }).notNull(),
});

export const userBeherberger = pgTable(
  'user_beherberger',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    beherbergerId: integer('beherberger_id')
      .notNull()
      .references(() => beherberger.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.beherbergerId] })],
);

// ---- Registration forms (issue: book, update, read, cancel) ----
//
// The booking path (meldescheine, personen, personen_history) carries no foreign keys, on purpose
// (migration 0002): each one cost a trigger query per row, about 60 % of the database's time for a
// booking, and its FOR KEY SHARE lock on the same municipality, object, user and tariff rows made
// concurrent bookings contend (docs/performance.md). Every id written there comes from the
// validated, cached configuration of the call or from the same statement, and nothing deletes
// municipalities, objects, landlords, users, tariffs, forms or guests.

export const meldescheine = pgTable(
  'meldescheine',
  {
    id: serial('id').primaryKey(),
    gemeindeId: integer('gemeinde_id').notNull(),
    objektId: integer('objekt_id').notNull(),
    beherbergerId: integer('beherberger_id').notNull(),
    meldescheinnummer: text('meldescheinnummer').notNull(),
    /** draft | printed | departed | cancelled */
    state: text('state').notNull().default('draft'),
    msType: text('ms_type').notNull().default('ems'),
    inputId: text('input_id'),
    /** Earliest arrival and latest departure of the live guests, kept for the sweeper and lists. */
    arrivalDate: date('arrival_date', { mode: 'string' }).notNull(),
    departureDate: date('departure_date', { mode: 'string' }).notNull(),
    kurtaxeCalcCents: integer('kurtaxe_calc_cents').notNull().default(0),
    manuellerBetragCents: integer('manueller_betrag_cents').notNull().default(0),
    kzManuellerBetrag: boolean('kz_manueller_betrag').notNull().default(false),
    kurtaxeIstCents: integer('kurtaxe_ist_cents'),
    stornoBestaetigt: boolean('storno_bestaetigt').notNull().default(false),
    precheckErrors: jsonb('precheck_errors')
      .notNull()
      .default(sql`'[]'::jsonb`),
    userNote: text('user_note'),
    creationUserId: integer('creation_user_id').notNull(),
    /**
     * Billing (docs/api.md, decision 031): the day the municipality billed the form to its
     * landlord and the invoice's number; null until the office marks the landlord's month billed.
     */
    fakturaDate: date('faktura_date', { mode: 'string' }),
    invoice: text('invoice'),
    /** When the retention sweep erased the guests' personal data (BMG § 30(4)); null before. */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    /**
     * The booking system's own number of a form booked over the AVS face (docs/avs.md), unique
     * per object: AVS's `buchungsnummer`, by which a form is found again and booked only once.
     */
    buchungsnummer: text('buchungsnummer'),
    /**
     * What an AVS booking carries beyond this service's own notions (category fields, flags,
     * amounts of AVS modules), kept and answered back; erased with the guests' data.
     */
    avs: jsonb('avs'),
    created: created(),
    modified: modified(),
  },
  (t) => [
    unique('meldescheine_nummer_uq').on(t.gemeindeId, t.meldescheinnummer),
    uniqueIndex('meldescheine_buchungsnummer_uq')
      .on(t.objektId, t.buchungsnummer)
      .where(sql`${t.buchungsnummer} is not null`),
    index('meldescheine_retention_idx')
      .on(t.departureDate)
      .where(sql`${t.anonymisedAt} is null`),
    index('meldescheine_open_departure_idx')
      .on(t.departureDate)
      .where(sql`${t.state} in ('draft', 'printed')`),
    // `list/` (extension): a landlord's forms in one municipality, by arrival.
    index('meldescheine_list_idx').on(t.gemeindeId, t.beherbergerId, t.arrivalDate),
    // The office's billing (decision 031): a municipality's forms by departure, read in batches
    // by (departure_date, id).
    index('meldescheine_billing_idx')
      .on(t.gemeindeId, t.departureDate, t.id)
      .where(sql`${t.state} <> 'cancelled'`),
  ],
);

/** Per municipality and year: the last meldescheinnummer sequence handed out. */
export const meldescheinCounters = pgTable(
  'meldeschein_counters',
  {
    gemeindeId: integer('gemeinde_id').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gemeindeId, t.year] })],
);

export const personen = pgTable(
  'personen',
  {
    id: serial('id').primaryKey(),
    meldescheinId: integer('meldeschein_id').notNull(),
    /** Request order of the guests; responses list guests by it. */
    position: integer('position').notNull(),
    tarifId: integer('tarif_id').notNull(),
    gastType: text('gast_type').notNull(),
    anzahl: integer('anzahl').notNull().default(1),
    arrivalDate: date('arrival_date', { mode: 'string' }).notNull(),
    departureDate: date('departure_date', { mode: 'string' }).notNull(),
    kurtaxeCalcCents: integer('kurtaxe_calc_cents').notNull().default(0),
    /** Municipality-defined fields (column_name -> typed value). */
    fields: jsonb('fields')
      .notNull()
      .default(sql`'{}'::jsonb`),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    created: created(),
    modified: modified(),
  },
  (t) => [index('personen_meldeschein_idx').on(t.meldescheinId, t.position)],
);

export const personenHistory = pgTable(
  'personen_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    personId: integer('person_id').notNull(),
    meldescheinId: integer('meldeschein_id').notNull(),
    userId: integer('user_id').notNull(),
    /** create | update | delete */
    action: text('action').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    before: jsonb('before'),
    after: jsonb('after'),
    /** Request fields an update ignored (response-only or not defined by the municipality). */
    ignoredFields: text('ignored_fields').array(),
  },
  (t) => [index('personen_history_person_idx').on(t.personId)],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull(),
    requestId: text('request_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.requestId] })],
);

/**
 * The forms a `buchen` created under its idempotency key: a repeat's 409 names them
 * (`error.forms`, DECISIONS 2.9), so a client whose first answer was lost can find them. Written
 * in the booking's own statement; purged with the keys.
 */
export const idempotencyKeyForms = pgTable(
  'idempotency_key_forms',
  {
    userId: integer('user_id').notNull(),
    requestId: text('request_id').notNull(),
    formId: integer('form_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.requestId, t.formId] })],
);

export const printLog = pgTable(
  'print_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    meldescheinId: integer('meldeschein_id')
      .notNull()
      .references(() => meldescheine.id),
    userId: integer('user_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** get-pdf | append_pdf */
    via: text('via').notNull(),
  },
  (t) => [index('print_log_meldeschein_idx').on(t.meldescheinId)],
);

/**
 * Tables whose erased rows still wait to be written out of the database's files (lib/db/scrub.ts):
 * on PostgreSQL the rewrite locks the table, so it runs at night, not right after the sweep.
 */
export const storageScrubDue = pgTable('storage_scrub_due', {
  tableName: text('table_name').primaryKey(),
  since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
});
