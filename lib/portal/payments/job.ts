// The periodic check of card payments (docs/decisions/029): every PAYMENT_CHECK_MINUTES, the
// sessions still open from the last two days are looked up at Stripe and settled, so a payment
// whose webhook was lost (and whose guest did not come back to the page) still confirms; one still
// open that is no longer its payer's offer (stale.ts) is expired at Stripe. Safe
// with several instances: settling is idempotent under the payment row's lock. Each round also
// erases the payments of stays past retention (BMG § 30(4), with the record) and processed event
// ids older than Stripe's retries. Started by instrumentation.ts beside the mail and calendar
// jobs. No `server-only` (instrumentation loads it).
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { scrubTables } from '@/lib/db/scrub';
import { portalPaymentEvents, portalPayments } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { describeError } from '@/lib/log';
import { retentionCutoff } from '@/lib/wire/retention';
import { checkPendingRefunds } from './refunds';
import { expireSession, settleSession, type SettleResult } from './settle';
import { isStale } from './stale';
import { paymentsConfig } from './stripe';

const LOOK_BACK_MS = 2 * 86_400_000;
const SETTLED = new Set<SettleResult>(['paid', 'expired', 'refunded']);

/**
 * One round: each pending refund and each open session of the last two days asked once. Returns
 * how many changed.
 */
export async function checkOpenPayments(db: Db, now = new Date(), limit = 500): Promise<number> {
  const config = paymentsConfig();
  if (!config) return 0;
  const open = await db
    .select()
    .from(portalPayments)
    .where(
      and(
        eq(portalPayments.state, 'open'),
        gt(portalPayments.createdAt, new Date(now.getTime() - LOOK_BACK_MS)),
      ),
    )
    .limit(limit);
  let changed = await checkPendingRefunds(db, config, limit);
  for (const row of open) {
    try {
      let result = await settleSession(db, config, row);
      // Still open, but no longer the payer's offer (the share changed, the stay was cancelled):
      // expired at Stripe, so its page cannot take the old amount.
      if (!SETTLED.has(result) && (await isStale(db, row)))
        result = await expireSession(db, config, row);
      if (SETTLED.has(result)) changed++;
    } catch (err) {
      console.error('payments: checking an open session failed', describeError(err));
    }
  }
  return changed;
}

/** Stripe retries an undelivered event for three days; its id is kept well beyond that. */
const EVENT_KEEP_MS = 30 * 86_400_000;

/**
 * Payments of stays departed before the retention cutoff (by the payment's own departure date,
 * which follows the form: whatever else of the stay exists), and old event ids, erased; the
 * payments' table is then rewritten (at once on the embedded database, at night on PostgreSQL:
 * decision 025). The daily retention sweep erases them too (lib/portal/retention.ts).
 */
export async function erasePayments(
  db: Db,
  now = new Date(),
  days = env().RETENTION_DAYS,
): Promise<number> {
  const cutoff = retentionCutoff(now, days);
  const erased = await db
    .delete(portalPayments)
    .where(lt(portalPayments.departureDate, cutoff))
    .returning({ id: portalPayments.id });
  await db
    .delete(portalPaymentEvents)
    .where(lt(portalPaymentEvents.processedAt, new Date(now.getTime() - EVENT_KEEP_MS)));
  if (erased.length) await scrubTables(db, ['portal_payments']);
  return erased.length;
}
