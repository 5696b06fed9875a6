// Tables of the municipality's office (lib/office, docs/decisions/030): the service's own
// staff, apart from the landlords' accounts in `users`. The portal never reads or writes them.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  primaryKey,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { gemeinden } from './service';

export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    displayName: text('display_name').notNull().default(''),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    /** `office.*` permission strings (lib/office/staff/permissions.ts). */
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * The one municipality the account works for (docs/decisions/030, staff per municipality);
     * null: every municipality of the service (the service's operator).
     */
    gemeindeId: integer('gemeinde_id').references(() => gemeinden.id),
    /**
     * The TOTP secret, sealed with AES-256-GCM under a key derived from SESSION_SECRET
     * (lib/office/secret-box.ts); null until the account has enrolled its second factor.
     */
    totpSecret: text('totp_secret'),
    /** The last 30-second step whose code was accepted: a code is good once (no replay). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Sessions begun up to this moment are refused (deactivation, password or factor reset). */
    sessionsValidAfter: timestamp('sessions_valid_after', { withTimezone: true, precision: 3 }),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    modified: timestamp('modified', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_accounts_username_uq').on(sql`lower(${t.username})`)],
);

/** One-time recovery codes of a staff account, stored as hashes; a used one is spent. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('staff_recovery_codes_staff_idx').on(t.staffId)],
);

/**
 * Every change made by staff (or the command line): who, when, what. Details name ids and changed
 * fields of landlords, objects, accounts and staff, never a guest's data.
 */
export const staffAudit = pgTable(
  'staff_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** Null for the command line. */
    staffId: integer('staff_id').references(() => staffAccounts.id),
    /** The actor's name as it was (a staff username, or `cli`). */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    /** What was changed, as `kind:id` (e.g. `beherberger:12`). */
    subject: text('subject').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * The municipality the entry concerns, fixed when it is written (the subject's, or the one
     * the change was made for); null: none alone (an unbound staff account, a landlord's account
     * working in several). The log is filtered by it (docs/decisions/030).
     */
    gemeindeId: integer('gemeinde_id').references(() => gemeinden.id),
  },
  (t) => [
    index('staff_audit_at_idx').on(t.at),
    index('staff_audit_gemeinde_at_idx').on(t.gemeindeId, t.at),
  ],
);

/**
 * Set-password links (docs/decisions/032): a landlord's account (`users`) or a staff account gets
 * its first (or a new) password through a link by e-mail. Only the token's SHA-256 is kept; a link
 * works once, until it expires, and a newer link of the same account revokes the older ones.
 */
export const passwordLinks = pgTable(
  'password_links',
  {
    id: serial('id').primaryKey(),
    /** `user` (a landlord's account) or `staff`. */
    accountKind: text('account_kind').$type<'user' | 'staff'>().notNull(),
    accountId: integer('account_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, precision: 3 }),
    /** A newer link of the account, or a deactivation, revoked this one. */
    revokedAt: timestamp('revoked_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex('password_links_token_uq').on(t.tokenHash),
    index('password_links_account_idx').on(t.accountKind, t.accountId),
  ],
);

/**
 * The office's outbox (docs/decisions/032), apart from the portal's: a set-password mail is a row
 * written in the transaction that makes its link. The link's token is kept only sealed
 * (`sealed_token`, AES-256-GCM) until the mail is sent or given up, then erased; the message is
 * rendered at send time.
 */
export const officeMailOutbox = pgTable(
  'office_mail_outbox',
  {
    id: uuid('id').primaryKey(),
    /** `landlord_invitation` or `staff_invitation`. */
    kind: text('kind').notNull(),
    linkId: integer('link_id')
      .notNull()
      .references(() => passwordLinks.id),
    toAddress: text('to_address').notNull(),
    /** The account's username, named in the message. */
    username: text('username').notNull(),
    lang: text('lang').$type<'de' | 'en'>().notNull().default('de'),
    sealedToken: text('sealed_token'),
    state: text('state').$type<'waiting' | 'sending' | 'sent' | 'failed'>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('office_mail_outbox_due').on(t.state, t.nextAttemptAt),
    index('office_mail_outbox_link').on(t.linkId),
  ],
);

/**
 * Month figures of the office (decision 031): per municipality, month of the guests' arrival,
 * object and tariff, the persons arriving, their overnight stays and their Kurtaxe, over the live
 * guests of forms that are not cancelled, up to the fold's mark (`office_figures_folded`; the views
 * `*_now` add the guests above it and the log of changes). Written only by the fold and the
 * rebuild (migrations `office_figures`, `figures_read_from_the_guests`).
 */
export const officeMonthFigures = pgTable(
  'office_month_figures',
  {
    gemeindeId: integer('gemeinde_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    objektId: integer('objekt_id').notNull(),
    tarifId: integer('tarif_id').notNull(),
    beherbergerId: integer('beherberger_id').notNull(),
    arrivals: bigint('arrivals', { mode: 'number' }).notNull().default(0),
    nights: bigint('nights', { mode: 'number' }).notNull().default(0),
    kurtaxeCents: bigint('kurtaxe_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.gemeindeId, t.month, t.objektId, t.tarifId] })],
);

/**
 * The same figures per municipality, month and the guests' country ('' when none), kept by the
 * same triggers. Each country's month is spread over 64 rows (`stripe`, the object's id modulo
 * 64), so two bookings of different objects rarely wait on one row; reads add the stripes up.
 */
export const officeMonthCountries = pgTable(
  'office_month_countries',
  {
    gemeindeId: integer('gemeinde_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    country: text('country').notNull(),
    stripe: integer('stripe').notNull(),
    arrivals: bigint('arrivals', { mode: 'number' }).notNull().default(0),
    nights: bigint('nights', { mode: 'number' }).notNull().default(0),
    kurtaxeCents: bigint('kurtaxe_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.gemeindeId, t.month, t.country, t.stripe] })],
);

/**
 * What changes and cancellations of guests up to the fold's mark (`office_figures_folded`) add to
 * the month figures, as the triggers write it: plain inserts, so two changes never wait on a kept
 * row. Bookings write nothing: their guests lie above the mark. The state job folds the log and
 * those guests into the two kept tables (`office_figures_fold()`); reads add the rest (views
 * `office_month_figures_now`, `office_month_countries_now`).
 */
export const officeFiguresLog = pgTable('office_figures_log', {
  gemeindeId: integer('gemeinde_id').notNull(),
  month: date('month', { mode: 'string' }).notNull(),
  objektId: integer('objekt_id').notNull(),
  tarifId: integer('tarif_id').notNull(),
  beherbergerId: integer('beherberger_id').notNull(),
  country: text('country').notNull(),
  arrivals: bigint('arrivals', { mode: 'number' }).notNull(),
  nights: bigint('nights', { mode: 'number' }).notNull(),
  kurtaxeCents: bigint('kurtaxe_cents', { mode: 'number' }).notNull(),
});

/**
 * How far the kept month figures have taken in the guests themselves: every guest with an id up to
 * `guest_id` is in the kept tables (or moved by the log since), every guest above it is counted by
 * the views `office_month_figures_now` / `office_month_countries_now` from `personen` directly.
 * A booking writes nothing for the figures; `office_figures_fold()` moves the guests past the mark
 * into the kept tables and the mark up (decision 031, migration figures_read_from_the_guests).
 * One row.
 */
export const officeFiguresFolded = pgTable('office_figures_folded', {
  id: integer('id').primaryKey(),
  guestId: bigint('guest_id', { mode: 'number' }).notNull(),
});

/**
 * Per municipality and year of the faktura date: the last invoice number handed out. Taken in the
 * transaction that bills the forms (an upsert holds the row until it commits), so a municipality's
 * invoices are numbered without gaps and never twice (docs/decisions/031).
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    gemeindeId: integer('gemeinde_id')
      .notNull()
      .references(() => gemeinden.id),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gemeindeId, t.year] })],
);
