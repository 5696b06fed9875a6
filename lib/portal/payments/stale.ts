// Whether an open Checkout Session is still its payer's offer (docs/decisions/029): a session made
// for a share that changed since (a traveller added or removed, a relation answered, the Kurtaxe
// corrected), for a signer who is no longer one or confirmed otherwise, or of a cancelled stay is
// stale, and the periodic check expires it at Stripe, so a page of it still open cannot take the
// old amount. No `server-only`: the payment job (instrumentation.ts) loads it.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { portalForms, portalPayments } from '@/lib/db/schema';
import { arrivalState } from '../arrival/record';
import { signerShares } from '../arrival/shares';
import { ownedBy } from '../owned';
import type { PaymentRow } from './settle';

export async function isStale(db: Db, row: PaymentRow): Promise<boolean> {
  const party = { serviceUrl: row.serviceUrl, username: row.username, formId: row.formId };
  const [form] = await db
    .select({ state: portalForms.state, kurtaxeCents: portalForms.kurtaxeCents })
    .from(portalForms)
    .where(ownedBy(portalForms, party, eq(portalForms.formId, row.formId)));
  const record = await arrivalState(db, party);
  if (!form || form.state === 'cancelled' || !record) return true;
  let due: number;
  if (row.guestId === null) {
    // The party's Kurtaxe where no BMG form applies; once one does, each signer pays their own.
    if (record.required) return true;
    due = form.kurtaxeCents;
  } else {
    const signer = record.signers.find((s) => s.guestId === row.guestId);
    if (!record.required || !signer || signer.route) return true;
    due =
      signerShares(record.signers, record.party.guests, form.kurtaxeCents).get(row.guestId) ?? 0;
  }
  if (due !== row.amountCents) return true;
  // Another session of the payer was paid: nothing more is due.
  const [paid] = await db
    .select({ id: portalPayments.id })
    .from(portalPayments)
    .where(
      and(
        eq(portalPayments.serviceUrl, row.serviceUrl),
        eq(portalPayments.formId, row.formId),
        row.guestId === null
          ? isNull(portalPayments.guestId)
          : eq(portalPayments.guestId, row.guestId),
        eq(portalPayments.state, 'paid'),
      ),
    )
    .limit(1);
  return !!paid;
}
