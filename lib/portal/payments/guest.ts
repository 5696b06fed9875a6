import '#server-only'; // also in the Pages Router: see lib/server-only.js
// The guest's side of the card route (docs/decisions/029): what the check-in and card pages offer
// for a party, the Checkout Session started for it, and the recovery when the guest comes back
// from Stripe's page. The party comes from the guest's own proof (the sealed check-in cookie or
// the mail's signed link: lib/portal/guest-card/access.ts), the amount from the portal's index of
// the form (the Kurtaxe as the service computed it): nothing the browser sends decides either.
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { portalForms, portalPayments } from '@/lib/db/schema';
import { describeError } from '@/lib/log';
import { ageOn } from '@/lib/wire/arrival-duty';
import { addDays, berlinInstant, berlinToday } from '@/lib/wire/time';
import { guestLabel } from '../arrival/party';
import { arrivalState, type ArrivalState, type SignerState } from '../arrival/record';
import { CARD_MINIMUM_CENTS, signerShares } from '../arrival/shares';
import type { GuestCardRow } from '../guest-card/store';
import type { GuestLang } from '../i18n/guest/languages';
import { ownedBy } from '../owned';
import type { Owner } from '../session/session';
import { accountOfForm, cardOnlyConfiguration } from './accounts';
import {
  applyOutcome,
  expireSession,
  fetchSession,
  outcomeOf,
  settleSession,
  type PaymentRow,
} from './settle';
import { paymentsConfig } from './stripe';

export interface Party extends Owner {
  formId: number;
}

/**
 * Who pays: the party, and the signer whose form the payment confirms (decision 029). `guestId`
 * omitted: the party's only signer, or the party as a whole where it needs no BMG form.
 */
export interface Payer extends Party {
  guestId?: number | null;
  /**
   * The guest consented to the electronic route (§ 29(5) BMG: "mit Zustimmung der beherbergten
   * Person"), asked on the pay page before the payment; a payment that confirms needs it.
   */
  consent?: boolean;
}

/** What the guest's pages show about paying (plain data for a page's props). */
export type PaymentOffer =
  /** The card route is off: not configured, or the landlord's account not ready. */
  | { state: 'off' }
  | { state: 'not-yet'; arrival: string }
  | { state: 'past' }
  | { state: 'zero' }
  /** A share below the payment provider's minimum (Stripe: 0.50 EUR): the paper route. */
  | { state: 'small'; amountCents: number }
  /** The signer confirmed otherwise (signed on paper): nothing to pay here. */
  | { state: 'signed' }
  | {
      state: 'due';
      amountCents: number;
      failed: boolean;
      /** Whether the payment confirms a registration (false: German guests only, no BMG form). */
      confirms: boolean;
    }
  | {
      state: 'paid';
      amountCents: number;
      paidAt: string;
      /** `confirmed`: the registration too; `paid`: no confirmation needed; else not confirmed. */
      confirmation: 'confirmed' | 'paid' | 'not-confirmed';
      reference: string | null;
    }
  | {
      state: 'refunded';
      amountCents: number;
      /** The signer's registration stays confirmed (a refund does not undo the day's confirmation). */
      confirmed: boolean;
      /** Asked for, and not yet done at Stripe (a bank can take days): "refund made", not "refunded". */
      pending: boolean;
    };

type DueOffer = Extract<PaymentOffer, { state: 'due' }>;

/** One signer's part on the guest's pages: their own form's state and share. */
export interface SignerOffer {
  guestId: number;
  name: string;
  /** Persons on this signer's form: the signer and those counted on it. */
  persons: number;
  /** A minor's own form (decision 028): a parent or guardian confirms it for the child. */
  minor: boolean;
  offer: PaymentOffer;
}

/**
 * A party's offers: per signer where the BMG form applies (each signer confirms their own form,
 * with their own payment or on paper), else the party's Kurtaxe alone.
 */
export type PartyOffer =
  { confirms: false; offer: PaymentOffer } | { confirms: true; signers: SignerOffer[] };

/**
 * The party of a guest's cards (all of a party's cards share one form); `cancelled`: a cancelled
 * stay's too (its guests are told of a refund).
 */
export function partyOf(cards: GuestCardRow[], cancelled = false): Party | null {
  const live = cancelled ? cards : cards.filter((c) => !c.cancelledAt);
  const first = live[0];
  if (!first) return null;
  return { serviceUrl: first.serviceUrl, username: first.username, formId: first.formId };
}

type FormFacts = {
  state: string;
  arrivalDate: string;
  departureDate: string;
  kurtaxeCents: number;
  meldescheinnummer: string;
};

async function formOf(party: Party): Promise<FormFacts | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({
      state: portalForms.state,
      arrivalDate: portalForms.arrivalDate,
      departureDate: portalForms.departureDate,
      kurtaxeCents: portalForms.kurtaxeCents,
      meldescheinnummer: portalForms.meldescheinnummer,
    })
    .from(portalForms)
    .where(ownedBy(portalForms, party, eq(portalForms.formId, party.formId)));
  return row;
}

/** The party's payments, newest first. */
async function paymentsOf(party: Party): Promise<PaymentRow[]> {
  const db = await getDb();
  return db
    .select()
    .from(portalPayments)
    .where(ownedBy(portalPayments, party, eq(portalPayments.formId, party.formId)))
    .orderBy(desc(portalPayments.createdAt));
}

const CONFIRMED = new Set(['confirmed', 'already']);

/** Everything the offers are made of, read once. */
interface Facts {
  form: FormFacts;
  record: ArrivalState | null;
  payments: PaymentRow[];
  shares: Map<number, number>;
}

const SETTLED = new Set(['paid', 'refunded']);

async function factsOf(party: Party): Promise<Facts | null> {
  const form = await formOf(party);
  if (!form) return null;
  const payments = await paymentsOf(party);
  // A cancelled stay offers nothing; its guests only learn what became of their payments.
  if (form.state === 'cancelled' && !payments.some((p) => SETTLED.has(p.state))) return null;
  const record = await arrivalState(await getDb(), party);
  const shares = record?.required
    ? signerShares(record.signers, record.party.guests, form.kurtaxeCents)
    : new Map<number, number>();
  return { form, record, payments, shares };
}

/** Whether the party's guests sign BMG forms (a cancelled stay's: whether they did). */
const signs = (record: ArrivalState) =>
  record.required || (record.cancelled && record.signers.length > 0);

/** The signer a payer names: the given one, else the party's only signer. */
function signerOf(record: ArrivalState, guestId: number | null | undefined): SignerState | null {
  if (guestId == null) return record.signers.length === 1 ? record.signers[0]! : null;
  return record.signers.find((s) => s.guestId === guestId) ?? null;
}

/** One payer's offer: the party's (guestId null, no BMG form) or one signer's. */
async function offerOf(
  party: Party,
  facts: Facts,
  signer: SignerState | null,
  now: Date,
): Promise<PaymentOffer> {
  const confirms = !!signer;
  const mine = facts.payments.filter((p) => (p.guestId ?? null) === (signer?.guestId ?? null));
  // Any paid row means paid (a second session of the same signer is never offered).
  const paid = mine.find((p) => p.state === 'paid');
  if (paid) {
    return {
      state: 'paid',
      amountCents: paid.amountCents,
      paidAt: (paid.paidAt ?? paid.updatedAt).toISOString(),
      confirmation: !confirms
        ? 'paid'
        : CONFIRMED.has(paid.confirmation ?? '') && signer.route
          ? 'confirmed'
          : 'not-confirmed',
      reference: paid.reference,
    };
  }
  const refunded = mine.find((p) => p.state === 'refunded');
  if (refunded)
    return {
      state: 'refunded',
      amountCents: refunded.amountCents,
      confirmed: !!signer?.route,
      pending: refunded.refundStatus === 'pending',
    };
  if (signer?.route) return { state: 'signed' };
  const amount = signer ? (facts.shares.get(signer.guestId) ?? 0) : facts.form.kurtaxeCents;
  const last = mine[0];
  const offer = await openOffer(party, facts.form.arrivalDate, amount, last, now);
  return offer.state === 'due' ? { ...offer, confirms } : offer;
}

/**
 * The offers for a party now; null where nothing is to be said (no form, a cancelled stay, a
 * party without a BMG form outside its arrival day).
 */
export async function partyOffer(party: Party, now = new Date()): Promise<PartyOffer | null> {
  const facts = await factsOf(party);
  if (!facts) return null;
  const { record } = facts;
  const cancelled = facts.form.state === 'cancelled';
  const shown = (o: PaymentOffer) => !cancelled || SETTLED.has(o.state);
  if (record && signs(record)) {
    const signers: SignerOffer[] = [];
    for (const s of record.signers) {
      const offer = await offerOf(party, facts, s, now);
      if (!shown(offer)) continue;
      signers.push({
        guestId: s.guestId,
        name: guestLabel(s.guest),
        persons: 1 + s.counted.reduce((n, c) => n + c.count, 0),
        minor: !!s.guest.birthDate && ageOn(s.guest.birthDate, s.guest.arrival) < 18,
        offer,
      });
    }
    return signers.length ? { confirms: true, signers } : null;
  }
  if (!record) return null;
  const offer = await offerOf(party, facts, null, now);
  // A party that needs no confirmation (German guests only) is not told to sign on paper.
  return ['due', 'paid', 'refunded'].includes(offer.state) && shown(offer)
    ? { confirms: false, offer }
    : null;
}

/**
 * One payer's offer now (the signer's own, or the party's where no BMG form applies); null where
 * nothing is to be said, or the payer names no signer of the party.
 */
export async function paymentOffer(payer: Payer, now = new Date()): Promise<PaymentOffer | null> {
  const facts = await factsOf(payer);
  if (!facts?.record) return null;
  const cancelled = facts.form.state === 'cancelled';
  const signer = signs(facts.record) ? signerOf(facts.record, payer.guestId) : null;
  if (signs(facts.record) && !signer) return null;
  const offer = await offerOf(payer, facts, signer, now);
  if (cancelled && !SETTLED.has(offer.state)) return null;
  // A party that needs no confirmation (German guests only) is not told to sign on paper.
  return signer || ['due', 'paid', 'refunded'].includes(offer.state) ? offer : null;
}

async function openOffer(
  party: Party,
  arrivalDate: string,
  amountCents: number,
  last: PaymentRow | undefined,
  now: Date,
): Promise<Exclude<PaymentOffer, { state: 'due' }> | Omit<DueOffer, 'confirms'>> {
  if (!paymentsConfig() || !(await accountOfForm(party))?.chargesEnabled) return { state: 'off' };
  const today = berlinToday(now);
  if (arrivalDate > today) return { state: 'not-yet', arrival: arrivalDate };
  if (arrivalDate < today) return { state: 'past' };
  if (amountCents <= 0) return { state: 'zero' };
  if (amountCents < CARD_MINIMUM_CENTS) return { state: 'small', amountCents };
  return { state: 'due', amountCents, failed: !!last?.failureCode };
}

/** Stripe keeps a Checkout Session open for 30 minutes at least and 24 hours at most. */
const SESSION_MIN_MS = 31 * 60_000;
const SESSION_MAX_MS = 24 * 3_600_000 - 5 * 60_000;

/**
 * When a session made at `now` expires (Unix seconds): at the end of the arrival day in Berlin,
 * but never later than Stripe's 24 hours (a little less, for the clocks' difference): the night
 * the clocks go back, the day is 25 hours long. Never sooner than Stripe's 30 minutes (late in
 * the evening the session outlives the day; a payment after midnight does not confirm).
 */
export function checkoutExpiry(now: Date): number {
  const endOfDay = berlinInstant(addDays(berlinToday(now), 1)).getTime();
  const t = now.getTime();
  return Math.floor(Math.max(Math.min(endOfDay, t + SESSION_MAX_MS), t + SESSION_MIN_MS) / 1000);
}

/** Where Stripe sends the guest back: the page the guest paid from. */
export interface ReturnUrls {
  /** Absolute URL of the guest's card page (a query is added). */
  page: string;
}

export type StartResult =
  | { url: string }
  /** `signer`: the link names no signer of the party (several sign: each pays their own). */
  | { refused: Exclude<PaymentOffer['state'], 'due'> | 'signer' | 'consent' };

/**
 * A Checkout Session for a signer's share of the Kurtaxe (or a party's Kurtaxe where no BMG form
 * applies) on the landlord's connected account (a direct charge: the money is the landlord's),
 * 3-D Secure always requested, payable until the end of the arrival day. The payment confirms
 * that signer's form only. An open session of the same signer and amount is offered again rather
 * than a second one.
 */
export async function startCardPayment(
  payer: Payer,
  back: ReturnUrls,
  lang: GuestLang,
  now = new Date(),
): Promise<StartResult> {
  const party: Party = {
    serviceUrl: payer.serviceUrl,
    username: payer.username,
    formId: payer.formId,
  };
  const config = paymentsConfig();
  const db = await getDb();
  // A guest whose webhook is late comes back to the link: the payer's open sessions are settled
  // first (Stripe asked now), so a session paid meanwhile counts as paid and no second one is
  // made. Stripe not answering: no new session either (the start route says try again).
  const open: { row: PaymentRow; url: string }[] = [];
  if (config) {
    const before = await factsOf(party);
    const payerId = before?.record?.required
      ? (signerOf(before.record, payer.guestId)?.guestId ?? null)
      : null;
    for (const row of before?.payments ?? []) {
      if (row.state !== 'open' || (row.guestId ?? null) !== payerId) continue;
      const session = await fetchSession(config, row.sessionId, row.accountId);
      await applyOutcome(db, row.sessionId, outcomeOf(session), null);
      if (session.status === 'open' && session.url) open.push({ row, url: session.url });
    }
  }
  let facts = await factsOf(party);
  if (!facts?.record || facts.form.state === 'cancelled') {
    await expireSessions(open, null);
    return { refused: 'off' };
  }
  const signer = facts.record.required ? signerOf(facts.record, payer.guestId) : null;
  if (facts.record.required && !signer) return { refused: 'signer' };
  // Any paid row means paid (offerOf): never a second session.
  let offer = await offerOf(party, facts, signer, now);
  // An open session that is no longer the payer's offer (the share changed since: a traveller
  // added or removed, a relation answered; or nothing is due any more) is expired at Stripe, so
  // a page of it still open cannot take the old amount. One paid meanwhile is settled instead.
  const dueCents = offer.state === 'due' ? offer.amountCents : null;
  const keep = open.find((o) => o.row.amountCents === dueCents);
  if (await expireSessions(open, keep ?? null)) {
    facts = (await factsOf(party))!;
    offer = await offerOf(party, facts, signer, now);
  }
  if (offer.state !== 'due' || !config)
    return { refused: offer.state === 'due' ? 'off' : offer.state };
  // A payment that confirms a registration only with the guest's consent, asked before it.
  if (signer && !payer.consent) return { refused: 'consent' };
  const consentAt = signer ? now : null;
  const guestId = signer?.guestId ?? null;
  const account = (await accountOfForm(party))!;
  if (keep) return { url: keep.url };
  // The confirming payment is made with card entry only (decision 029: wallets off; a wallet
  // payment carries no 3-D Secure result). A party without a BMG form may use a wallet.
  const methods = signer
    ? { payment_method_configuration: await cardOnlyConfiguration(account, db) }
    : {};
  const form = facts.form;
  const id = randomUUID();
  const expiresAt = checkoutExpiry(now);
  const session = await config.stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'eur',
            unit_amount: offer.amountCents,
            product_data: { name: `Kurtaxe ${form.meldescheinnummer}` },
          },
        },
      ],
      // Card only: another method (a bank debit) could not confirm.
      allowed_payment_method_types: ['card'],
      ...methods,
      // 3-D Secure on every payment, whatever Stripe's risk rules would exempt (BMG § 29(5)).
      payment_method_options: { card: { request_three_d_secure: 'any' } },
      payment_intent_data: { metadata: { payment_id: id } },
      client_reference_id: id,
      metadata: {
        payment_id: id,
        form_id: String(party.formId),
        ...(guestId !== null ? { guest_id: String(guestId) } : {}),
      },
      locale: lang,
      expires_at: expiresAt,
      success_url: `${back.page}?zahlung=zurueck&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${back.page}?zahlung=abgebrochen`,
    },
    { stripeAccount: account.accountId, idempotencyKey: `meldeportal-checkout:${id}` },
  );
  await db.insert(portalPayments).values({
    id,
    ...party,
    guestId,
    consentAt,
    accountId: account.accountId,
    sessionId: session.id,
    amountCents: offer.amountCents,
    currency: 'eur',
    // The retention clock of the references (BMG § 30(4)); follows the form (saveArrivals).
    departureDate: form.departureDate,
  });
  return { url: session.url! };
}

/**
 * Expires the open sessions but `keep` at Stripe (settle.ts: one paid meanwhile is settled).
 * Whether any of them turned out paid.
 */
async function expireSessions(
  open: { row: PaymentRow }[],
  keep: { row: PaymentRow } | null,
): Promise<boolean> {
  const config = paymentsConfig();
  if (!config) return false;
  const db = await getDb();
  let paid = false;
  for (const { row } of open) {
    if (row === keep?.row) continue;
    if ((await expireSession(db, config, row)) === 'paid') paid = true;
  }
  return paid;
}

/**
 * The guest is back from Stripe with a session id: if it is this party's own and not settled
 * yet, Stripe is asked now (the webhook may be late or lost). Never throws: the page shows what
 * is known.
 */
export async function recoverOnReturn(party: Party, sessionId: string): Promise<void> {
  const config = paymentsConfig();
  if (!config || !/^cs_[\w-]{1,200}$/.test(sessionId)) return;
  const db = await getDb();
  const [row] = await db
    .select()
    .from(portalPayments)
    .where(
      and(
        ownedBy(portalPayments, party, eq(portalPayments.formId, party.formId)),
        eq(portalPayments.sessionId, sessionId),
      ),
    );
  if (!row || row.state !== 'open') return;
  try {
    await settleSession(db, config, row);
  } catch (err) {
    console.error('payments: recovering a returned session failed', describeError(err));
  }
}
