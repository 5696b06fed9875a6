// A Checkout Session's outcome brought into the portal (docs/decisions/029): what Stripe reports
// NOW is read first (never the event's copy, so events late or out of order change nothing), then
// in one transaction: the webhook event marked processed (once, by its id), the payment row
// locked and updated, and a paid, 3-D Secure authenticated payment handed to the arrival record
// as its confirmation. A webhook, the guest's return and the periodic check all come here; a
// second arrival of the same news finds the row settled and does nothing.
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '@/lib/db';
import { portalPaymentEvents, portalPayments } from '@/lib/db/schema';
import { confirmByCard } from '../arrival/confirm';
import { PROVIDER, type PaymentsConfig } from './stripe';

export type PaymentRow = typeof portalPayments.$inferSelect;

/** What Stripe says about a session, reduced to what the row keeps. */
export interface SessionOutcome {
  state: 'open' | 'paid' | 'expired' | 'refunded';
  amountCents: number;
  currency: string;
  paymentIntentId: string | null;
  chargeId: string | null;
  reference: string | null;
  threeDSecure: string | null;
  threeDSecureId: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  paidAt: Date | null;
  failureCode: string | null;
}

const idOf = (v: string | { id: string } | null | undefined) =>
  v == null ? null : typeof v === 'string' ? v : v.id;

/**
 * The payment instrument's reference kept with the record (decision 029): the card network's
 * transaction id of this payment, through which the issuer finds the card used; Stripe's charge id
 * where the network gave none.
 */
export function instrumentReference(charge: Stripe.Charge): string {
  return charge.payment_method_details?.card?.network_transaction_id || charge.id;
}

export function outcomeOf(session: Stripe.Checkout.Session): SessionOutcome {
  const pi = typeof session.payment_intent === 'object' ? session.payment_intent : null;
  const charge = pi && typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
  const card = charge?.payment_method_details?.card;
  const paid = session.status === 'complete' && session.payment_status === 'paid' && !!charge;
  return {
    state: paid
      ? charge.refunded
        ? 'refunded'
        : 'paid'
      : session.status === 'expired'
        ? 'expired'
        : 'open',
    amountCents: session.amount_total ?? 0,
    currency: session.currency ?? '',
    paymentIntentId: idOf(session.payment_intent),
    chargeId: charge?.id ?? null,
    reference: paid ? instrumentReference(charge) : null,
    threeDSecure: card?.three_d_secure?.result ?? null,
    threeDSecureId: card?.three_d_secure?.transaction_id ?? null,
    cardBrand: card?.brand ?? null,
    cardLast4: card?.last4 ?? null,
    paidAt: paid ? new Date(charge.created * 1000) : null,
    failureCode: pi?.last_payment_error?.code ?? null,
  };
}

/** The session as Stripe reports it now, on the landlord's connected account. */
export async function fetchSession(
  config: PaymentsConfig,
  sessionId: string,
  accountId: string,
): Promise<Stripe.Checkout.Session> {
  return config.stripe.checkout.sessions.retrieve(
    sessionId,
    { expand: ['payment_intent.latest_charge'] },
    { stripeAccount: accountId },
  );
}

export type SettleResult =
  'duplicate' | 'unknown' | 'unchanged' | 'open' | 'expired' | 'refunded' | 'paid';

/**
 * Applies `outcome` to the payment of `sessionId` in one transaction; `eventId` (a webhook's) is
 * recorded there first, and a second delivery of it is a `duplicate` that changes nothing.
 */
export async function applyOutcome(
  db: Db,
  sessionId: string,
  outcome: SessionOutcome | null,
  eventId: string | null,
  eventType = '',
): Promise<SettleResult> {
  return db.transaction(async (tx) => {
    if (eventId) {
      const fresh = await tx
        .insert(portalPaymentEvents)
        .values({ eventId, type: eventType })
        .onConflictDoNothing()
        .returning({ id: portalPaymentEvents.eventId });
      if (!fresh.length) return 'duplicate';
    }
    if (!outcome) return 'unknown';
    const [row] = await tx
      .select()
      .from(portalPayments)
      .where(eq(portalPayments.sessionId, sessionId))
      .for('update');
    if (!row) return 'unknown';
    const set = (values: Partial<PaymentRow>) =>
      tx
        .update(portalPayments)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(portalPayments.id, row.id));
    if (row.state === 'refunded') return 'unchanged';
    if (row.state === 'paid') {
      if (outcome.state !== 'refunded') return 'unchanged';
      await set({ state: 'refunded', refundedAt: row.refundedAt ?? new Date() });
      return 'refunded';
    }
    if (outcome.state === 'open' || outcome.state === 'expired') {
      if (outcome.state === row.state && outcome.failureCode === row.failureCode)
        return 'unchanged';
      await set({ state: outcome.state, failureCode: outcome.failureCode });
      return outcome.state;
    }
    const paid = {
      state: outcome.state,
      paymentIntentId: outcome.paymentIntentId,
      chargeId: outcome.chargeId,
      reference: outcome.reference,
      threeDSecure: outcome.threeDSecure,
      threeDSecureId: outcome.threeDSecureId,
      cardBrand: outcome.cardBrand,
      cardLast4: outcome.cardLast4,
      paidAt: outcome.paidAt,
      failureCode: null,
      confirmation: await confirmation(tx, row, outcome),
    };
    await set(paid);
    return outcome.state;
  });
}

/**
 * What the arrival record says to a paid session: only a payment of the amount the server fixed,
 * authenticated by 3-D Secure, confirms (BMG § 29(5) no. 1: strong customer authentication), and
 * it confirms the form of the signer it was made for (the payment's `guestId`), nobody else's;
 * the record decides the rest (the arrival day, whether a confirmation is needed, another route's).
 */
async function confirmation(tx: Db, row: PaymentRow, outcome: SessionOutcome): Promise<string> {
  if (outcome.amountCents !== row.amountCents || outcome.currency !== row.currency) {
    return 'amount-mismatch';
  }
  if (outcome.threeDSecure !== 'authenticated') return 'no-sca';
  return confirmByCard(
    tx,
    { serviceUrl: row.serviceUrl, username: row.username, formId: row.formId },
    row.guestId,
    {
      provider: PROVIDER,
      reference: outcome.reference!,
      paymentId: outcome.paymentIntentId!,
      confirmedAt: outcome.paidAt!,
      consentAt: row.consentAt,
    },
  );
}

/** Looks a session up at Stripe and applies what it says (the return page, the periodic check). */
export async function settleSession(
  db: Db,
  config: PaymentsConfig,
  row: Pick<PaymentRow, 'sessionId' | 'accountId'>,
): Promise<SettleResult> {
  const session = await fetchSession(config, row.sessionId, row.accountId);
  return applyOutcome(db, row.sessionId, outcomeOf(session), null);
}

/**
 * Expires an open session at Stripe (on the landlord's account) and records it; a session Stripe
 * no longer lets expire (paid meanwhile) is settled as Stripe reports it.
 */
export async function expireSession(
  db: Db,
  config: PaymentsConfig,
  row: Pick<PaymentRow, 'sessionId' | 'accountId'>,
): Promise<SettleResult> {
  try {
    const session = await config.stripe.checkout.sessions.expire(
      row.sessionId,
      {},
      { stripeAccount: row.accountId },
    );
    return await applyOutcome(db, row.sessionId, outcomeOf(session), null);
  } catch {
    return settleSession(db, config, row);
  }
}
