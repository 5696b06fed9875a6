import 'server-only';
// Unsaved form input, kept server-side while the landlord signs in again after the service refused
// the token (works without JavaScript). A draft is read once and then deleted; old ones expire.
import { eq, lt } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { portalDrafts } from '@/lib/db/schema';
import { DRAFT_MAX_AGE_MS } from '../retention';
import type { Owner } from '../session/session';
import { ownedBy } from '../owned';

const key = (owner: Owner, draftKey: string) =>
  ownedBy(portalDrafts, owner, eq(portalDrafts.draftKey, draftKey));

export async function saveDraft(owner: Owner, draftKey: string, data: unknown): Promise<void> {
  const db = await getDb();
  const savedAt = new Date();
  await db
    .insert(portalDrafts)
    .values({ ...owner, draftKey, data, savedAt })
    .onConflictDoUpdate({
      target: [portalDrafts.serviceUrl, portalDrafts.username, portalDrafts.draftKey],
      set: { data, savedAt },
    });
}

/** The draft, removed from storage (a restored draft lives on in the form). */
export async function takeDraft(owner: Owner, draftKey: string): Promise<unknown> {
  const db = await getDb();
  await db
    .delete(portalDrafts)
    .where(lt(portalDrafts.savedAt, new Date(Date.now() - DRAFT_MAX_AGE_MS)));
  const [row] = await db.delete(portalDrafts).where(key(owner, draftKey)).returning();
  return row?.data;
}
