import '#server-only'; // also in the Pages Router: see lib/server-only.js
// Guest-card PDFs the portal fetched. Every `get-pdf` call counts as a print at the municipality
// (spec 4.5), so the copy is served again until the landlord explicitly asks for a reprint, and
// only while it still shows the form (card-fingerprint.ts).
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { portalPdfs } from '@/lib/db/schema';
import type { PortalForm } from '../api/client';
import { cardFingerprint, type StoredCardInfo } from './card-fingerprint';
import type { Owner } from '../session/session';
import { ownedBy } from '../owned';

export interface StoredPdf extends StoredCardInfo {
  pdf: Uint8Array;
  reprint: boolean;
}

const key = (owner: Owner, formId: number) =>
  ownedBy(portalPdfs, owner, eq(portalPdfs.formId, formId));

export async function storedPdf(owner: Owner, formId: number): Promise<StoredPdf | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({
      pdf: portalPdfs.pdf,
      fetchedAt: portalPdfs.fetchedAt,
      reprint: portalPdfs.reprint,
      fingerprint: portalPdfs.cardFingerprint,
    })
    .from(portalPdfs)
    .where(key(owner, formId));
  return row;
}

/** When a PDF was stored and what it showed, without loading its bytes (for the detail page). */
export async function storedCardInfo(
  owner: Owner,
  formId: number,
): Promise<StoredCardInfo | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ fetchedAt: portalPdfs.fetchedAt, fingerprint: portalPdfs.cardFingerprint })
    .from(portalPdfs)
    .where(key(owner, formId));
  return row;
}

/** Stores the card printed from `form` (the form as read just before the print). */
export async function storePdf(
  owner: Owner,
  form: PortalForm,
  pdf: Uint8Array,
  reprint: boolean,
): Promise<void> {
  const db = await getDb();
  const fetchedAt = new Date();
  const shows = cardFingerprint(form);
  await db
    .insert(portalPdfs)
    .values({ ...owner, formId: form.id, pdf, reprint, fetchedAt, cardFingerprint: shows })
    .onConflictDoUpdate({
      target: [portalPdfs.serviceUrl, portalPdfs.username, portalPdfs.formId],
      set: { pdf, reprint, fetchedAt, cardFingerprint: shows },
    });
}

/** A cancelled form has no card: its stored copy goes (it holds the guests' names). */
export async function dropPdf(owner: Owner, formId: number): Promise<void> {
  const db = await getDb();
  await db.delete(portalPdfs).where(key(owner, formId));
}
