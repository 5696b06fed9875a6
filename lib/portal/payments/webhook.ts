// Stripe's webhooks (docs/decisions/029): the raw body verified with the library's own
// `constructEvent` (the signature over timestamp and body with STRIPE_WEBHOOK_SECRET; a timestamp
// older than five minutes is a replay and refused), then the session the event speaks of settled
// (settle.ts: read from Stripe, once per event id, in one transaction with the confirmation).
// Events of sessions that are not ours are recorded and otherwise ignored. A refund's events
// record its status at Stripe (refunds.ts).
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '@/lib/db';
import { portalPayments } from '@/lib/db/schema';
import { describeError } from '@/lib/log';
import { handleRefundEvent, REFUND_EVENTS, type RefundApplied } from './refunds';
import { applyOutcome, fetchSession, outcomeOf, type SettleResult } from './settle';
import type { PaymentsConfig } from './stripe';

/** Seconds a signature stays valid (Stripe's default tolerance). */
export const TOLERANCE_SECONDS = 300;

export type WebhookAnswer =
  | { status: 200; result: SettleResult | RefundApplied | 'ignored' }
  | { status: 400; reason: 'signature' }
  | { status: 500; reason: 'stripe' };

const SESSION_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);
const INTENT_EVENTS = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed']);

/** Which of our payments an event speaks of, by the session, the intent or the charge. */
async function paymentOf(db: Db, event: Stripe.Event) {
  const object = event.data.object as { id?: string; object?: string; metadata?: unknown };
  const where = SESSION_EVENTS.has(event.type)
    ? eq(portalPayments.sessionId, String(object.id))
    : INTENT_EVENTS.has(event.type)
      ? eq(portalPayments.paymentIntentId, String(object.id))
      : event.type === 'charge.refunded'
        ? eq(portalPayments.chargeId, String(object.id))
        : undefined;
  if (!where) return undefined;
  const [row] = await db.select().from(portalPayments).where(where);
  if (row || !INTENT_EVENTS.has(event.type)) return row;
  // An intent's event before the session's: the intent names our payment in its metadata.
  const meta = object.metadata as Record<string, string> | undefined;
  const id = meta?.payment_id;
  if (!id || !/^[0-9a-f-]{36}$/.test(id)) return undefined;
  const [byId] = await db.select().from(portalPayments).where(eq(portalPayments.id, id));
  return byId;
}

export async function handleWebhook(
  db: Db,
  config: PaymentsConfig,
  body: Buffer,
  signature: string | null,
): Promise<WebhookAnswer> {
  let event: Stripe.Event;
  try {
    event = config.stripe.webhooks.constructEvent(
      body,
      signature ?? '',
      config.webhookSecret,
      TOLERANCE_SECONDS,
    );
  } catch {
    return { status: 400, reason: 'signature' };
  }
  if (REFUND_EVENTS.has(event.type)) {
    const applied = await handleRefundEvent(db, config, event);
    return applied === null ? { status: 500, reason: 'stripe' } : { status: 200, result: applied };
  }
  const row = await paymentOf(db, event);
  // The event's account must be the payment's: a session id is looked up on that account only.
  if (!row || event.account !== row.accountId) {
    await applyOutcome(db, '', null, event.id, event.type);
    return { status: 200, result: 'ignored' };
  }
  let session: Stripe.Checkout.Session;
  try {
    session = await fetchSession(config, row.sessionId, row.accountId);
  } catch (err) {
    // Stripe sends the event again later: nothing is recorded yet.
    console.error('payments: reading a session for a webhook failed', describeError(err));
    return { status: 500, reason: 'stripe' };
  }
  const result = await applyOutcome(db, row.sessionId, outcomeOf(session), event.id, event.type);
  return { status: 200, result };
}
