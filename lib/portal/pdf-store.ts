import 'server-only';
// Guest-card PDFs the portal fetched. Every `get-pdf` call counts as a print at the municipality
// (spec 4.5), so the copy is served again until the landlord explicitly asks for a reprint.
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { portalPdfs } from '@/lib/db/schema';
import type { Owner } from './session';

export interface StoredPdf {
  pdf: Uint8Array;
  fetchedAt: Date;
  reprint: boolean;
}

const key = (owner: Owner, formId: number) =>
  and(
    eq(portalPdfs.serviceUrl, owner.serviceUrl),
    eq(portalPdfs.username, owner.username),
    eq(portalPdfs.formId, formId),
  );

export async function storedPdf(owner: Owner, formId: number): Promise<StoredPdf | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ pdf: portalPdfs.pdf, fetchedAt: portalPdfs.fetchedAt, reprint: portalPdfs.reprint })
    .from(portalPdfs)
    .where(key(owner, formId));
  return row;
}

/** When a PDF was stored, without loading its bytes (for the detail page). */
export async function storedPdfDate(owner: Owner, formId: number): Promise<Date | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ fetchedAt: portalPdfs.fetchedAt })
    .from(portalPdfs)
    .where(key(owner, formId));
  return row?.fetchedAt;
}

export async function storePdf(
  owner: Owner,
  formId: number,
  pdf: Uint8Array,
  reprint: boolean,
): Promise<void> {
  const db = await getDb();
  const fetchedAt = new Date();
  await db
    .insert(portalPdfs)
    .values({ ...owner, formId, pdf, reprint, fetchedAt })
    .onConflictDoUpdate({
      target: [portalPdfs.serviceUrl, portalPdfs.username, portalPdfs.formId],
      set: { pdf, reprint, fetchedAt },
    });
}
