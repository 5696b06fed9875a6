// The portal's copies follow the service's retention rule (BMG § 30(4), DECISIONS 2.12): a stay
// departed more than RETENTION_DAYS ago keeps its index row with the figures, loses the guest's
// name, and its stored guest-card PDF (names on every page) is deleted; so is a PDF whose index
// row is gone (the service no longer shows the form to this user: nobody can ask for the copy, and
// its departure is unknown), a day after it was fetched so a card being stored is not hit. Drafts are deleted after
// DRAFT_MAX_AGE_MS whatever their dates; guest check-in submissions of such stays are deleted
// (the check-in's own purge removes them much earlier). Runs a minute after start and daily
// (instrumentation.ts) and in `npm run job:retention`; idempotent statements in one transaction
// under an advisory lock, safe from several instances; then the touched tables are rewritten so
// the erased values leave the database's files (lib/db/scrub.ts).
// No `server-only` here: the cron script imports it too.
import { and, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { scrubTables } from '@/lib/db/scrub';
import {
  portalArrivals,
  portalCheckins,
  portalDrafts,
  portalForms,
  portalPayments,
  portalPdfs,
} from '@/lib/db/schema';
import { env } from '@/lib/env';
import { retentionCutoff } from '@/lib/wire/retention';

/** Unsaved input is kept a week at most (drafts.ts deletes it on read, the sweep otherwise). */
export const DRAFT_MAX_AGE_MS = 7 * 24 * 3600 * 1000;

/** A PDF without its index row is kept this long after its fetch (the route indexes right after). */
const ORPHAN_PDF_GRACE_MS = 24 * 3600 * 1000;

/** Any number; only portal sweeps take it (the service's sweep has its own). */
const SWEEP_LOCK = 727013;

export interface PortalSweep {
  forms: number;
  pdfs: number;
  drafts: number;
  checkins: number;
  /** Arrival records (the BMG form's data, confirmations, XML) with their signers. */
  arrivals: number;
  /** Card payments (their references) of stays departed past retention. */
  payments: number;
}

export async function sweepPortalRetention(
  db: Db,
  now = new Date(),
  days = env().RETENTION_DAYS,
): Promise<PortalSweep> {
  const cutoff = retentionCutoff(now, days);
  const orphanedBefore = new Date(now.getTime() - ORPHAN_PDF_GRACE_MS);
  const swept = await db.transaction(async (tx) => {
    // Sweeps of several instances run one after the other rather than lock rows in turn.
    await tx.execute(sql`select pg_advisory_xact_lock(${SWEEP_LOCK})`);
    const forms = await tx
      .update(portalForms)
      .set({ firstGuestName: null })
      .where(and(lt(portalForms.departureDate, cutoff), isNotNull(portalForms.firstGuestName)))
      .returning({ id: portalForms.formId });
    const pdfs = await tx
      .delete(portalPdfs)
      .where(
        sql`exists (select 1 from ${portalForms} f where f.service_url = ${portalPdfs.serviceUrl}
          and f.username = ${portalPdfs.username} and f.form_id = ${portalPdfs.formId}
          and f.departure_date < ${cutoff}::date)
        or (${portalPdfs.fetchedAt} < ${orphanedBefore.toISOString()}::timestamptz and not exists (select 1
          from ${portalForms} f where f.service_url = ${portalPdfs.serviceUrl}
          and f.username = ${portalPdfs.username} and f.form_id = ${portalPdfs.formId}))`,
      )
      .returning({ id: portalPdfs.formId });
    const drafts = await tx
      .delete(portalDrafts)
      .where(lt(portalDrafts.savedAt, new Date(now.getTime() - DRAFT_MAX_AGE_MS)))
      .returning({ key: portalDrafts.draftKey });
    const checkins = await tx
      .delete(portalCheckins)
      .where(lt(portalCheckins.departureDate, cutoff))
      .returning({ id: portalCheckins.id });
    // The arrival record goes whole (its signers by cascade): § 30(4) BMG keeps the registration
    // a year from departure; nothing of it is needed for the Kurtaxe figures.
    const arrivals = await tx
      .delete(portalArrivals)
      .where(lt(portalArrivals.departureDate, cutoff))
      .returning({ id: portalArrivals.formId });
    // The card payments' references (the instrument's reference, card brand, last four digits,
    // the 3-D Secure id) on the same clock, by their own departure date (which follows the form):
    // erased whatever else of the stay still exists or is gone already.
    const payments = await tx
      .delete(portalPayments)
      .where(lt(portalPayments.departureDate, cutoff))
      .returning({ id: portalPayments.id });
    return {
      forms: forms.length,
      pdfs: pdfs.length,
      drafts: drafts.length,
      checkins: checkins.length,
      arrivals: arrivals.length,
      payments: payments.length,
    };
  });
  const touched = (
    [
      ['portal_forms', swept.forms],
      ['portal_pdfs', swept.pdfs],
      ['portal_drafts', swept.drafts],
      ['portal_checkins', swept.checkins],
      ['portal_arrivals', swept.arrivals],
      ['portal_arrival_signers', swept.arrivals],
      ['portal_payments', swept.payments],
    ] as const
  )
    .filter(([, n]) => n > 0)
    .map(([table]) => table);
  await scrubTables(db, touched);
  return swept;
}
