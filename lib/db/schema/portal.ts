// Tables owned by the landlord portal (lib/portal). The API has no list call, so the portal keeps
// its own index of the forms it booked, per service URL and user, and the guest-card PDFs it fetched.
import {
  boolean,
  customType,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

export interface TariffFigures {
  tarifId: number;
  persons: number;
  personNights: number;
  kurtaxeCents: number;
}

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres answers a Buffer, PGlite a Uint8Array: one type for both drivers.
  fromDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
});

export const portalForms = pgTable(
  'portal_forms',
  {
    serviceUrl: text('service_url').notNull(),
    username: text('username').notNull(),
    formId: integer('form_id').notNull(),
    gemeindeId: integer('gemeinde_id').notNull(),
    objektId: integer('objekt_id').notNull(),
    meldescheinnummer: text('meldescheinnummer').notNull(),
    state: text('state').notNull(),
    arrivalDate: date('arrival_date', { mode: 'string' }).notNull(),
    departureDate: date('departure_date', { mode: 'string' }).notNull(),
    nights: integer('nights').notNull(),
    guests: integer('guests').notNull(),
    kurtaxeCents: integer('kurtaxe_cents').notNull(),
    firstGuestName: text('first_guest_name'),
    /** Persons, person-nights and Kurtaxe per tariff, for the monthly statement. */
    tariffs: jsonb('tariffs').$type<TariffFigures[]>().notNull().default([]),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.serviceUrl, t.username, t.formId] })],
);

export const portalPdfs = pgTable(
  'portal_pdfs',
  {
    serviceUrl: text('service_url').notNull(),
    username: text('username').notNull(),
    formId: integer('form_id').notNull(),
    pdf: bytea('pdf').notNull(),
    reprint: boolean('reprint').notNull().default(false),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.serviceUrl, t.username, t.formId] })],
);

/**
 * Form input kept while the landlord signs in again (an expired or refused token must not lose
 * what they typed). One draft per form key (`new`, `edit:<id>`); deleted once it is restored.
 */
export const portalDrafts = pgTable(
  'portal_drafts',
  {
    serviceUrl: text('service_url').notNull(),
    username: text('username').notNull(),
    draftKey: text('draft_key').notNull(),
    data: jsonb('data').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.serviceUrl, t.username, t.draftKey] })],
);
