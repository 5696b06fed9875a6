// Tables of the municipality's office (lib/service/office, docs/decisions/030): the service's own
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
} from 'drizzle-orm/pg-core';

export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    displayName: text('display_name').notNull().default(''),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    /** `office.*` permission strings (lib/service/office/permissions.ts). */
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isActive: boolean('is_active').notNull().default(true),
    /** Base32 TOTP secret; null until the account has enrolled its second factor. */
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
  },
  (t) => [index('staff_audit_at_idx').on(t.at)],
);

/**
 * Month figures of the office (decision 031): per municipality, month of the guests' arrival,
 * object, tariff and the guests' country, the persons arriving, their overnight stays and their
 * Kurtaxe, over the live guests of forms that are not cancelled. Kept exactly current by
 * statement triggers on `personen` and `meldescheine` in the writing transaction (migration
 * `office_figures`); `country` is '' when the guest has none.
 */
export const officeMonthFigures = pgTable(
  'office_month_figures',
  {
    gemeindeId: integer('gemeinde_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    objektId: integer('objekt_id').notNull(),
    tarifId: integer('tarif_id').notNull(),
    country: text('country').notNull(),
    beherbergerId: integer('beherberger_id').notNull(),
    arrivals: bigint('arrivals', { mode: 'number' }).notNull().default(0),
    nights: bigint('nights', { mode: 'number' }).notNull().default(0),
    kurtaxeCents: bigint('kurtaxe_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.gemeindeId, t.month, t.objektId, t.tarifId, t.country] })],
);
