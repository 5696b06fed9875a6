// Tables owned by the landlord portal (lib/portal). The API has no list call, so the portal keeps
// its own index of the forms it booked, per service URL and user, and the guest-card PDFs it fetched.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
// Domain types live with their feature; the tables only name them for their JSON columns.
import type { CheckinGuest, CheckinSnapshot } from '../../portal/checkin/snapshot';
import type { CalendarStay } from '../../portal/calendars/stay';
import type { CalendarWithdrawal } from '../../portal/invitations/withdrawal';
import type { TariffFigures } from '../../portal/stays/tariff-figures';
import type { ArrivalParty } from '../../portal/arrival/party';
import type { Relations } from '../../wire/arrival-duty';

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
    /**
     * What the card shows (guests, tariffs, dates, object), hashed when it was fetched: a form
     * that no longer matches has an outdated stored card (lib/portal/card-fingerprint.ts).
     */
    cardFingerprint: text('card_fingerprint'),
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

/**
 * Guest self check-in (issue 10). A link is an invitation for one stay (`stay`, valid until its
 * departure, revocable) or an object's permanent code (`object`, rotatable). Guests reach it by
 * `public_id` (random, signed in the URL; never this table's id).
 */
export const portalCheckinLinks = pgTable(
  'portal_checkin_links',
  {
    id: uuid('id').primaryKey(),
    publicId: text('public_id').notNull().unique(),
    kind: text('kind').$type<'stay' | 'object'>().notNull(),
    serviceUrl: text('service_url').notNull(),
    username: text('username').notNull(),
    gemeindeId: integer('gemeinde_id').notNull(),
    objektId: integer('objekt_id').notNull(),
    /** The booked form the invitation belongs to (set for a booked stay, and once booked). */
    formId: integer('form_id'),
    /** The planned stay an invitation belongs to (DECISIONS 4); null for an object's code. */
    plannedStayId: uuid('planned_stay_id'),
    arrivalDate: date('arrival_date', { mode: 'string' }),
    departureDate: date('departure_date', { mode: 'string' }),
    expectedGuests: integer('expected_guests').notNull(),
    snapshot: jsonb('snapshot').$type<CheckinSnapshot>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Booked or discarded: the guest may no longer change anything. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** An object's code: when it was last renewed (parties sent before no longer fill its places). */
    codeRenewedAt: timestamp('code_renewed_at', { withTimezone: true }),
  },
  (t) => [index('portal_checkin_links_owner').on(t.serviceUrl, t.username, t.kind)],
);

/** A party's data as sent by a guest, kept until booked or discarded (at most `purge_after`). */
export const portalCheckins = pgTable(
  'portal_checkins',
  {
    id: uuid('id').primaryKey(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => portalCheckinLinks.id, { onDelete: 'cascade' }),
    arrivalDate: date('arrival_date', { mode: 'string' }).notNull(),
    departureDate: date('departure_date', { mode: 'string' }).notNull(),
    guests: jsonb('guests').$type<CheckinGuest[]>().notNull(),
    lang: text('lang').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    purgeAfter: timestamp('purge_after', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('portal_checkins_link').on(t.linkId),
    index('portal_checkins_purge').on(t.purgeAfter),
  ],
);

/** Fixed-window counters of guest submissions (per link and per client address). */
export const portalCheckinLimits = pgTable(
  'portal_checkin_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/**
 * Signed-out sessions. next-auth's session is a sealed cookie; a copy of it would work until it
 * expires, so signing out records its id here and the session layer refuses it. Rows are dropped
 * once the cookie would have expired anyway.
 */
export const portalRevokedSessions = pgTable(
  'portal_revoked_sessions',
  {
    sessionId: text('session_id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('portal_revoked_sessions_expiry').on(t.expiresAt)],
);

/**
 * When the index was last brought up to date from the service's `list/` extension, per service
 * URL and user; `listAvailable` false when the service lacks it (the real municipal systems).
 */
export const portalIndexSync = pgTable(
  'portal_index_sync',
  {
    serviceUrl: text('service_url').notNull(),
    username: text('username').notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull(),
    listAvailable: boolean('list_available').notNull(),
  },
  (t) => [primaryKey({ columns: [t.serviceUrl, t.username] })],
);

/**
 * A number per owner (service URL and user) that every change to what the portal's kept pages show
 * raises (decision 026): the owner's index, sync state, planned stays, invitations and check-ins.
 * Triggers raise it, once per transaction (migration 0018), so no write path can forget it; a kept
 * page is served only while the number is the one it was rendered at.
 */
export const portalOwnerVersions = pgTable(
  'portal_owner_versions',
  {
    serviceUrl: text('service_url').notNull(),
    username: text('username').notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.serviceUrl, t.username] })],
);

/**
 * A planned stay (DECISIONS 4): a stay the portal knows of but has not registered yet, from a
 * booking calendar's event or entered by the landlord. Invitations (`portal_checkin_links` of kind
 * `stay`) hang off it; once booked it is linked to the form. The service never sees it.
 * States: planned -> invited -> checked_in -> booked, or cancelled (see lib/portal/stays/).
 */
export const portalPlannedStays = pgTable(
  'portal_planned_stays',
  {
    id: uuid('id').primaryKey(),
    serviceUrl: text('service_url').notNull(),
    username: text('username').notNull(),
    gemeindeId: integer('gemeinde_id').notNull(),
    objektId: integer('objekt_id').notNull(),
    arrivalDate: date('arrival_date', { mode: 'string' }).notNull(),
    departureDate: date('departure_date', { mode: 'string' }).notNull(),
    expectedGuests: integer('expected_guests'),
    /** `calendar` (a feed's event, `feedId` and `eventUid` set) or `manual`. */
    source: text('source').$type<'calendar' | 'manual'>().notNull(),
    feedId: uuid('feed_id'),
    /** The event's UID; the same booking in two feeds (platform and channel manager) is one stay. */
    eventUid: text('event_uid'),
    /** What the calendar said (e.g. "Reserved", the platform's reservation code), for the landlord. */
    summary: text('summary'),
    guestName: text('guest_name'),
    guestEmail: text('guest_email'),
    /** The guest's language for the mails (lib/portal/i18n/guest/languages.ts), read through guestLangOf. */
    guestLang: text('guest_lang').notNull().default('de'),
    state: text('state')
      .$type<'planned' | 'invited' | 'checked_in' | 'booked' | 'cancelled'>()
      .notNull()
      .default('planned'),
    /** The booked form this stay became (same object, overlapping dates). */
    formId: integer('form_id'),
    /** The calendar no longer lists it while its form is booked: the landlord is told, never the service. */
    goneFromCalendarAt: timestamp('gone_from_calendar_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Cancelled by its calendar: what was withdrawn, put back when the booking returns (issue 30). */
    calendarWithdrawal: jsonb('calendar_withdrawal').$type<CalendarWithdrawal>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('portal_planned_stays_owner').on(t.serviceUrl, t.username, t.arrivalDate),
    index('portal_planned_stays_event').on(t.serviceUrl, t.username, t.objektId, t.eventUid),
  ],
);

/** A booking calendar (iCal feed) of an object. The URL carries the platform's secret token. */
export const portalCalendarFeeds = pgTable(
  'portal_calendar_feeds',
  {
    id: uuid('id').primaryKey(),
    serviceUrl: text('service_url').notNull(),
    username: text('username').notNull(),
    gemeindeId: integer('gemeinde_id').notNull(),
    objektId: integer('objekt_id').notNull(),
    url: text('url').notNull(),
    /** Which platform's rules apply (airbnb, booking, vrbo, smoobu, other). */
    platform: text('platform').notNull(),
    /** Booking.com marks stays and closed days alike ("CLOSED - Not available"): the landlord decides. */
    blockedAreStays: boolean('blocked_are_stays').notNull().default(false),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    /** The last attempt's error as a code (shown in words), null when it succeeded. */
    lastError: text('last_error'),
    /** The round that has claimed this feed (one fetch per round across instances). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /**
     * The stays of the last successful fetch. An object's planned stays are reconciled against
     * all its feeds together (the same booking in two feeds is one stay), and a feed that failed
     * this round still speaks for its stays. `json`, not `jsonb`: stored and read whole, never
     * queried into, and PGlite writes the text form faster.
     */
    stays: json('stays').$type<CalendarStay[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Issue 30. `stays` changed and the object's planned stays do not follow yet: set with the new
     * stays, cleared inside the reconcile's transaction, so a round cut short is finished later.
     */
    reconcileDue: boolean('reconcile_due').notNull().default(false),
    /** The feed lost far more bookings at once than usual (calendars/suspect.ts): held back since. */
    suspectSince: timestamp('suspect_since', { withTimezone: true }),
    /** The held-back answer, applied when a later round or the landlord confirms it. */
    suspectStays: json('suspect_stays').$type<CalendarStay[]>(),
  },
  (t) => [
    index('portal_calendar_feeds_owner').on(t.serviceUrl, t.username, t.objektId),
    index('portal_calendar_feeds_reconcile_due')
      .on(t.serviceUrl, t.username, t.objektId)
      .where(sql`${t.reconcileDue}`),
  ],
);

/**
 * The mail outbox (DECISIONS 4): a row per message, claimed in a transaction, sent once. Without
 * SMTP the outbox is the mailbox the portal shows ("Postausgang").
 */
/** An invitation, its reminder, the guest's card after booking, the arrival morning's mail. */
export type PortalMailKind = 'invitation' | 'reminder' | 'card' | 'arrival';

export const portalMailOutbox = pgTable(
  'portal_mail_outbox',
  {
    id: uuid('id').primaryKey(),
    serviceUrl: text('service_url').notNull(),
    username: text('username').notNull(),
    plannedStayId: uuid('planned_stay_id'),
    /** What the message is about (the Postausgang names each kind). */
    kind: text('kind').$type<PortalMailKind>().notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    state: text('state').$type<'waiting' | 'sending' | 'sent' | 'failed'>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Until when a sender holds the claim (a crashed sender's claim runs out). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The check-in link an invitation or reminder carries: it goes out only while that works. */
    linkId: uuid('link_id'),
  },
  (t) => [
    index('portal_mail_outbox_due').on(t.state, t.nextAttemptAt),
    index('portal_mail_outbox_owner').on(t.serviceUrl, t.username, t.plannedStayId),
  ],
);

/**
 * Per object: whether invitations go out by themselves and how many days before arrival, with
 * what the mail and the guest's page need while no landlord is signed in (the background job has
 * no service token): the object's check-in snapshot and the landlord's name, copied whenever the
 * landlord changes the setting or sends by hand.
 */
export const portalInvitationSettings = pgTable(
  'portal_invitation_settings',
  {
    serviceUrl: text('service_url').notNull(),
    username: text('username').notNull(),
    objektId: integer('objekt_id').notNull(),
    autoInvite: boolean('auto_invite').notNull().default(false),
    daysBefore: integer('days_before').notNull().default(7),
    snapshot: jsonb('snapshot').$type<CheckinSnapshot>().notNull(),
    landlordName: text('landlord_name').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.serviceUrl, t.username, t.objektId] })],
);

/**
 * A guest's card as handed to the guest (issue 20): one row per card of a booked form that came
 * through check-in, with what the card shows (the service's `get-pdf/?include=karten`, or null
 * where the service lacks it: then the PDF alone). The id is the wallet passes' serial number;
 * `version` counts the changes a wallet must fetch (Apple's "updated since", Google's PATCH).
 */
export const portalGuestCards = pgTable(
  'portal_guest_cards',
  {
    id: uuid('id').primaryKey(),
    serviceUrl: text('service_url').notNull(),
    username: text('username').notNull(),
    formId: integer('form_id').notNull(),
    /** The service's guest id; null for the form's one row when the service gave no card data. */
    personId: integer('person_id'),
    /** The party's card page: every card of a form shares it. */
    partyId: uuid('party_id').notNull(),
    /** The check-in the party sent: the phone whose sealed cookie names it opens the card page. */
    checkinId: uuid('checkin_id'),
    karte: jsonb('karte').$type<Record<string, unknown>>(),
    departureDate: date('departure_date', { mode: 'string' }).notNull(),
    lang: text('lang').$type<'de' | 'en'>().notNull().default('de'),
    /** Apple's per-pass secret for the web service (`Authorization: ApplePass <token>`). */
    authToken: text('auth_token').notNull(),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('portal_guest_cards_form').on(t.serviceUrl, t.username, t.formId),
    index('portal_guest_cards_party').on(t.partyId),
    index('portal_guest_cards_checkin').on(t.checkinId),
  ],
);

/** Apple Wallet devices that hold a pass and want its updates (the pass web service protocol). */
export const portalWalletRegistrations = pgTable(
  'portal_wallet_registrations',
  {
    deviceId: text('device_id').notNull(),
    passTypeId: text('pass_type_id').notNull(),
    serial: uuid('serial')
      .notNull()
      .references(() => portalGuestCards.id, { onDelete: 'cascade' }),
    pushToken: text('push_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.passTypeId, t.serial] }),
    index('portal_wallet_registrations_serial').on(t.serial),
  ],
);

// Card payments of the Kurtaxe on the arrival day (issue 31, docs/decisions/029): the landlord's
// own Stripe connected account, each Checkout Session made for a party, and the webhook events
// already processed. The money is charged on the landlord's account (direct charges): these rows
// hold references, never card data.

/**
 * The landlord's connected account, as Stripe last reported it: one per landlord (the service's
 * Beherberger), never per portal login, so a login working for several landlords (an agency) never
 * takes one landlord's guests' money on another's account. `username`: the login that set it up.
 * `beherberger_id` null: an account set up before accounts were kept per landlord whose landlord
 * could not be told (a login of several landlords); it takes no payments.
 */
export const portalPaymentAccounts = pgTable(
  'portal_payment_accounts',
  {
    serviceUrl: text('service_url').notNull(),
    beherbergerId: integer('beherberger_id'),
    username: text('username').notNull(),
    accountId: text('account_id').primaryKey(),
    /** Stripe lets the account take card payments (onboarding done). */
    chargesEnabled: boolean('charges_enabled').notNull().default(false),
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    /**
     * The payment method configuration made on this account for the confirming payment: card
     * entry only, Apple Pay, Google Pay and Link off (decision 029: a wallet payment carries no
     * 3-D Secure result). Null until the first confirming session is made.
     */
    cardOnlyConfig: text('card_only_config'),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('portal_payment_accounts_landlord').on(t.serviceUrl, t.beherbergerId)],
);

/**
 * One Checkout Session for a party's Kurtaxe: its amount fixed by the server, its outcome, and
 * once paid the payment's references and what the confirmation answered.
 */
export const portalPayments = pgTable(
  'portal_payments',
  {
    id: uuid('id').primaryKey(),
    serviceUrl: text('service_url').notNull(),
    username: text('username').notNull(),
    formId: integer('form_id').notNull(),
    /**
     * The signer whose form this payment confirms (the service's guest id; decision 029: a payment
     * confirms its payer's form only). Null: a party that needs no BMG form pays its Kurtaxe.
     */
    guestId: integer('guest_id'),
    accountId: text('account_id').notNull(),
    sessionId: text('session_id').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    /**
     * The stay's departure, following the form: the payment's references are erased a year after
     * it (BMG § 30(4)) whatever else of the stay still exists (lib/portal/retention.ts).
     */
    departureDate: date('departure_date', { mode: 'string' }).notNull(),
    currency: text('currency').notNull().default('eur'),
    state: text('state')
      .$type<'open' | 'paid' | 'failed' | 'expired' | 'refunded'>()
      .notNull()
      .default('open'),
    paymentIntentId: text('payment_intent_id'),
    chargeId: text('charge_id'),
    /** The payment instrument's reference kept with the record (decision 029). */
    reference: text('reference'),
    /** 3-D Secure's result as Stripe reports it (`authenticated`, `failed`, …; null: none). */
    threeDSecure: text('three_d_secure'),
    /** The 3-D Secure server's transaction id (dsTransId). */
    threeDSecureId: text('three_d_secure_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** What the confirmation answered (`confirmed`, `already`, `not-arrival-day`, …, `no-sca`). */
    confirmation: text('confirmation'),
    failureCode: text('failure_code'),
    /** When the guest consented to the electronic route (§ 29(5) BMG), before the payment. */
    consentAt: timestamp('consent_at', { withTimezone: true }),
    /** The latest refund asked for (a failed one stays until the next). */
    refundId: text('refund_id'),
    /**
     * Its status as Stripe last reported it: `pending` (state `refunded`: asked for, the bank not
     * done yet), `succeeded`, or `failed` (state back to `paid`: the guest has the money not back).
     * Null: no refund through the portal (a `refunded` row then was refunded at Stripe itself).
     */
    refundStatus: text('refund_status').$type<'pending' | 'succeeded' | 'failed'>(),
    /** When the refund was asked for. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('portal_payments_form').on(t.serviceUrl, t.username, t.formId),
    index('portal_payments_open').on(t.state, t.createdAt),
    index('portal_payments_departure').on(t.departureDate),
  ],
);

/** Stripe webhook events already processed (at-least-once delivery: each is acted on once). */
export const portalPaymentEvents = pgTable(
  'portal_payment_events',
  {
    eventId: text('event_id').primaryKey(),
    type: text('type').notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('portal_payment_events_processed').on(t.processedAt)],
);

// ---- Arrival day (issue 31, DECISIONS 5, docs/decisions/028-arrival-day.md) ----

/**
 * The arrival record of a booked form: the § 30(2) BMG data as the portal last read them (frozen
 * once a signer has confirmed), whether the BMG form applies and how the party is related. The
 * service only sees booked forms; the record is the portal's. Erased one year after departure.
 * One record per form and its landlord, whichever portal login read it: every login that sees the
 * form (its index row in `portal_forms`) sees this record (lib/portal/arrival/record.ts).
 */
export const portalArrivals = pgTable(
  'portal_arrivals',
  {
    serviceUrl: text('service_url').notNull(),
    formId: integer('form_id').notNull(),
    gemeindeId: integer('gemeinde_id').notNull(),
    objektId: integer('objekt_id').notNull(),
    /**
     * The landlord (the service's Beherberger) whose form it is; null only for a record written
     * before the portal kept it, until the form is read again.
     */
    beherbergerId: integer('beherberger_id'),
    /** The form's state as last read; a cancelled stay needs no confirmation. */
    formState: text('form_state').notNull(),
    arrivalDate: date('arrival_date', { mode: 'string' }).notNull(),
    departureDate: date('departure_date', { mode: 'string' }).notNull(),
    /** `separate` (every foreign adult signs) or `family` (one signs; lib/wire/arrival-duty.ts). */
    partyKind: text('party_kind').$type<'separate' | 'family'>().notNull().default('separate'),
    /**
     * Who travels with whom (guest id -> partner or child of another guest id), as the guests said
     * at check-in and the landlord corrected until the first confirmation (lib/wire/arrival-duty.ts).
     */
    relations: jsonb('relations').$type<Relations>().notNull().default({}),
    party: jsonb('party').$type<ArrivalParty>().notNull(),
    /** Whether the BMG form applies (any foreign guest). */
    required: boolean('required').notNull(),
    snapshotAt: timestamp('snapshot_at', { withTimezone: true }).notNull().defaultNow(),
    /** The arrival morning's mail to the guest was queued (once). */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.serviceUrl, t.formId] }),
    index('portal_arrivals_landlord_day').on(t.serviceUrl, t.beherbergerId, t.arrivalDate),
    index('portal_arrivals_day').on(t.serviceUrl, t.arrivalDate),
  ],
);

/**
 * A signer's confirmation (§ 29(2), (5) BMG) and the landlord's ID check (§ 30(2)). The route is
 * set once: the first confirmation wins, under the arrival row's lock (lib/portal/arrival/).
 */
export const portalArrivalSigners = pgTable(
  'portal_arrival_signers',
  {
    serviceUrl: text('service_url').notNull(),
    formId: integer('form_id').notNull(),
    /** The service's guest id of the signer. */
    guestId: integer('guest_id').notNull(),
    route: text('route').$type<'paper' | 'card' | 'eid'>(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    paymentProvider: text('payment_provider'),
    /** The payment instrument's reference (§ 30(2) sentence 5). */
    paymentReference: text('payment_reference'),
    /** The provider's id of the payment (for refunds and look-ups). */
    paymentId: text('payment_id'),
    /** The card route: when the guest consented to the electronic route (§ 29(5) BMG). */
    consentAt: timestamp('consent_at', { withTimezone: true }),
    idCheck: text('id_check').$type<'compared' | 'deviation' | 'no_id'>(),
    idCheckNote: text('id_check_note'),
    idCheckAt: timestamp('id_check_at', { withTimezone: true }),
    /** The BeherbMeldV record (XML, UTF-8), built once the signer has confirmed. */
    xml: text('xml'),
    /**
     * The record's file name, fixed in the confirming transaction and kept (BeherbMeldV § 2):
     * `record_day` (the first day of stay) and the counter of that day's records of the landlord.
     */
    recordDay: date('record_day', { mode: 'string' }),
    recordNo: integer('record_no'),
  },
  (t) => [
    primaryKey({ columns: [t.serviceUrl, t.formId, t.guestId] }),
    foreignKey({
      columns: [t.serviceUrl, t.formId],
      foreignColumns: [portalArrivals.serviceUrl, portalArrivals.formId],
      name: 'portal_arrival_signers_arrival',
    }).onDelete('cascade'),
    check('portal_arrival_signers_route', sql`${t.route} in ('paper', 'card', 'eid')`),
    check(
      'portal_arrival_signers_confirmed',
      sql`(${t.route} is null) = (${t.confirmedAt} is null)`,
    ),
    check(
      'portal_arrival_signers_card',
      sql`${t.route} is distinct from 'card' or (${t.paymentProvider} is not null and ${t.paymentReference} is not null)`,
    ),
    check('portal_arrival_signers_id', sql`${t.idCheck} in ('compared', 'deviation', 'no_id')`),
    check(
      'portal_arrival_signers_file',
      sql`(${t.recordDay} is null) = (${t.recordNo} is null) and (${t.recordNo} is null or ${t.route} is not null)`,
    ),
  ],
);
