import 'server-only';
// The landlord's side of card payments: a stay's payments (the stay page), the refund of a
// cancelled stay's payment, and the statement's figures. A payment belongs to its form (and so to
// the form's landlord), whichever login's guest link started it: every login the service shows the
// form (its index row) sees it, nobody else.
import { and, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { portalForms, portalPayments } from '@/lib/db/schema';
import { seenBy } from '../arrival/record';
import { ownedBy } from '../owned';
import type { Owner } from '../session/session';
import { applyRefund, refundStatusOf } from './refunds';
import type { PaymentRow } from './settle';
import { paymentsConfig } from './stripe';

/** The payments of a form the login sees. */
const ofForm = (owner: Owner, formId: number) =>
  and(
    eq(portalPayments.serviceUrl, owner.serviceUrl),
    eq(portalPayments.formId, formId),
    seenBy(owner, 'portal_payments'),
  );

/** The stay's settled payments (paid or refunded), newest first. */
export async function paymentsOfForm(owner: Owner, formId: number): Promise<PaymentRow[]> {
  const db = await getDb();
  return db
    .select()
    .from(portalPayments)
    .where(and(ofForm(owner, formId), inArray(portalPayments.state, ['paid', 'refunded'])))
    .orderBy(desc(portalPayments.createdAt));
}

/** `refunded`: Stripe says succeeded; `pending`: asked for, the bank not done; `declined`: failed. */
export type RefundResult =
  'refunded' | 'pending' | 'declined' | 'not-found' | 'not-cancelled' | 'off';

/**
 * Refunds the paid Kurtaxe of a cancelled stay (every signer's payment), once: the idempotency
 * key is each payment's (and its failed refund's, after one failed), so a second click (or a
 * second instance) gets Stripe's first refund back. Each row keeps the status Stripe answers
 * (refunds.ts); the answer is the least finished of them (a failed one first, then a pending one).
 */
export async function refundPayment(owner: Owner, formId: number): Promise<RefundResult> {
  const config = paymentsConfig();
  if (!config) return 'off';
  const db = await getDb();
  const [form] = await db
    .select({ state: portalForms.state })
    .from(portalForms)
    .where(ownedBy(portalForms, owner, eq(portalForms.formId, formId)));
  const payments = (
    await db
      .select()
      .from(portalPayments)
      .where(and(ofForm(owner, formId), eq(portalPayments.state, 'paid')))
  ).filter((p) => p.paymentIntentId);
  if (!form || !payments.length) return 'not-found';
  if (form.state !== 'cancelled') return 'not-cancelled';
  const statuses = new Set<string>();
  for (const payment of payments) {
    const refund = await config.stripe.refunds.create(
      {
        payment_intent: payment.paymentIntentId!,
        reason: 'requested_by_customer',
        metadata: { payment_id: payment.id },
      },
      {
        stripeAccount: payment.accountId,
        idempotencyKey: payment.refundId
          ? `meldeportal-refund:${payment.id}:after:${payment.refundId}`
          : `meldeportal-refund:${payment.id}`,
      },
    );
    await applyRefund(db, refund);
    statuses.add(refundStatusOf(refund));
  }
  return statuses.has('failed') ? 'declined' : statuses.has('pending') ? 'pending' : 'refunded';
}

export interface PaidFigures {
  /** Kurtaxe paid by card (not refunded), of the stays arriving in the month. */
  paidCents: number;
  /** Kurtaxe of the month's stays not paid by card. */
  openCents: number;
}

/** The month's Kurtaxe paid online and open (arrival in `[from, until)`, cancelled left out). */
export async function paidFigures(
  owner: Owner,
  from: string,
  until: string,
  objekt?: number,
): Promise<PaidFigures> {
  const db = await getDb();
  const paid = db
    .select({
      formId: portalPayments.formId,
      cents: sql<number>`sum(${portalPayments.amountCents})`.as('cents'),
    })
    .from(portalPayments)
    .where(
      and(
        eq(portalPayments.serviceUrl, owner.serviceUrl),
        eq(portalPayments.state, 'paid'),
        seenBy(owner, 'portal_payments'),
      ),
    )
    .groupBy(portalPayments.formId)
    .as('paid');
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum(${portalForms.kurtaxeCents}), 0)`,
      paid: sql<string>`coalesce(sum(least(coalesce(${paid.cents}, 0), ${portalForms.kurtaxeCents})), 0)`,
    })
    .from(portalForms)
    .leftJoin(paid, eq(paid.formId, portalForms.formId))
    .where(
      ownedBy(
        portalForms,
        owner,
        ne(portalForms.state, 'cancelled'),
        gte(portalForms.arrivalDate, from),
        lt(portalForms.arrivalDate, until),
        objekt ? eq(portalForms.objektId, objekt) : undefined,
      ),
    );
  const total = Number(row?.total ?? 0);
  const paidCents = Number(row?.paid ?? 0);
  return { paidCents, openCents: Math.max(0, total - paidCents) };
}
