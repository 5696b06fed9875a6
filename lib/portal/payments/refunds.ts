// A refund's status as Stripe reports it (issue 38): a card refund is `succeeded` at once mostly,
// but may be `pending` (the bank has not done it yet) and may end `failed` (a closed card: the
// money comes back to the landlord's balance, the guest has not got it). The payment row keeps
// what Stripe said last: `refunded` while the refund is pending or succeeded, back to `paid` when
// it failed (counted as paid again, and the landlord can try again). The answer to the request,
// the webhooks `charge.refund.updated` / `refund.updated` / `refund.failed`, and the periodic
// check of pending refunds (job.ts) all come here; each reads what Stripe says NOW, applies it
// under the row's lock, and a final status (`succeeded`, `failed`) is never taken back to
// `pending` by a late or reordered answer.
import { and, eq, or } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '@/lib/db';
import { portalPaymentEvents, portalPayments } from '@/lib/db/schema';
import { describeError } from '@/lib/log';
import type { PaymentsConfig } from './stripe';

export type RefundStatus = 'pending' | 'succeeded' | 'failed';

export const REFUND_EVENTS = new Set([
  'charge.refund.updated',
  'refund.created',
  'refund.updated',
  'refund.failed',
]);

/** Stripe's refund status in our three words (`requires_action` is pending, `canceled` failed). */
export function refundStatusOf(refund: Pick<Stripe.Refund, 'status'>): RefundStatus {
  switch (refund.status) {
    case 'succeeded':
      return 'succeeded';
    case 'failed':
    case 'canceled':
      return 'failed';
    default:
      return 'pending';
  }
}

export type RefundApplied = 'duplicate' | 'unknown' | 'unchanged' | RefundStatus;

const PAYMENT_ID = /^[0-9a-f-]{36}$/;

/**
 * Applies Stripe's `refund` to our payment (by the refund's id, else the payment id in its
 * metadata: a refund we made whose answer is not written yet) in one transaction; `eventId` (a
 * webhook's) is recorded there first, once, and `account` (the event's) must be the payment's.
 */
export async function applyRefund(
  db: Db,
  refund: Pick<Stripe.Refund, 'id' | 'status' | 'metadata'>,
  event?: { id: string; type: string; account: string | undefined },
): Promise<RefundApplied> {
  return db.transaction(async (tx) => {
    if (event) {
      const fresh = await tx
        .insert(portalPaymentEvents)
        .values({ eventId: event.id, type: event.type })
        .onConflictDoNothing()
        .returning({ id: portalPaymentEvents.eventId });
      if (!fresh.length) return 'duplicate';
    }
    const paymentId = refund.metadata?.payment_id;
    const [row] = await tx
      .select()
      .from(portalPayments)
      .where(
        or(
          eq(portalPayments.refundId, refund.id),
          paymentId && PAYMENT_ID.test(paymentId) ? eq(portalPayments.id, paymentId) : undefined,
        ),
      )
      .for('update');
    if (!row || row.state === 'open' || row.state === 'expired') return 'unknown';
    if (event && event.account !== row.accountId) return 'unknown';
    const status = refundStatusOf(refund);
    const same = row.refundId === refund.id;
    // Another refund than the row's latest: only a newer one made by us replaces it, which the
    // request's own answer brings (it names the payment); an old failed one's news changes nothing.
    if (!same && row.refundId && row.refundStatus !== 'failed') return 'unchanged';
    if (same && row.refundStatus === status) return 'unchanged';
    if (same && status === 'pending' && row.refundStatus !== 'pending' && row.refundStatus !== null)
      return 'unchanged';
    await tx
      .update(portalPayments)
      .set({
        refundId: refund.id,
        refundStatus: status,
        state: status === 'failed' ? 'paid' : 'refunded',
        refundedAt: same ? (row.refundedAt ?? new Date()) : new Date(),
        updatedAt: new Date(),
      })
      .where(eq(portalPayments.id, row.id));
    return status;
  });
}

/** A webhook of a refund: what Stripe says of it now, applied (null: Stripe could not be read). */
export async function handleRefundEvent(
  db: Db,
  config: PaymentsConfig,
  event: Stripe.Event,
): Promise<RefundApplied | null> {
  const object = event.data.object as { id?: string; object?: string };
  if (object.object !== 'refund' || !object.id || !event.account) {
    await db
      .insert(portalPaymentEvents)
      .values({ eventId: event.id, type: event.type })
      .onConflictDoNothing();
    return 'unknown';
  }
  let refund: Stripe.Refund;
  try {
    // On the connected account the event names; applyRefund checks it is the payment's.
    refund = await config.stripe.refunds.retrieve(object.id, {}, { stripeAccount: event.account });
  } catch (err) {
    // Stripe sends the event again later: nothing is recorded yet.
    console.error('payments: reading a refund for a webhook failed', describeError(err));
    return null;
  }
  return applyRefund(db, refund, { id: event.id, type: event.type, account: event.account });
}

/** The periodic check: each pending refund asked at Stripe once. Returns how many changed. */
export async function checkPendingRefunds(
  db: Db,
  config: PaymentsConfig,
  limit = 500,
): Promise<number> {
  const pending = await db
    .select({ refundId: portalPayments.refundId, accountId: portalPayments.accountId })
    .from(portalPayments)
    .where(and(eq(portalPayments.refundStatus, 'pending'), eq(portalPayments.state, 'refunded')))
    .limit(limit);
  let changed = 0;
  for (const row of pending) {
    try {
      const refund = await config.stripe.refunds.retrieve(
        row.refundId!,
        {},
        { stripeAccount: row.accountId },
      );
      const result = await applyRefund(db, refund);
      if (result === 'succeeded' || result === 'failed') changed++;
    } catch (err) {
      console.error('payments: checking a pending refund failed', describeError(err));
    }
  }
  return changed;
}
