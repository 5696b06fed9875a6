import '#server-only'; // also in the Pages Router: see lib/server-only.js
// The landlord's check-in links: invitations for one stay and each object's permanent code.
// Every landlord query names the owner (service URL and user): someone else's link is not found.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db';
import { portalCheckinLinks } from '@/lib/db/schema';
import type { CheckinSnapshot } from './snapshot';
import type { Owner } from '../session/session';
import { invitationExpiry, KEEP_DAYS_AFTER_EXPIRY } from './rules';
import { newPublicId } from './token';
import { ownedBy } from '../owned';

export type LinkRow = typeof portalCheckinLinks.$inferSelect;

/** The landlord's own links (service URL and user), for every landlord query. */
export const ownerIs = (owner: Owner) => ownedBy(portalCheckinLinks, owner);

export interface InvitationInput {
  snapshot: CheckinSnapshot;
  arrival: string;
  departure: string;
  expectedGuests: number;
  /** A booked stay: its form is updated instead of a new one booked. */
  formId?: number;
  /** The planned stay the invitation belongs to (lib/portal/stays/planned.ts). */
  plannedStayId?: string;
}

/** `tx`: the transaction of a change the invitation belongs to (a mail sent with it). */
export async function createInvitation(
  owner: Owner,
  input: InvitationInput,
  tx?: Db,
): Promise<LinkRow> {
  const db = tx ?? (await getDb());
  const [row] = await db
    .insert(portalCheckinLinks)
    .values({
      id: randomUUID(),
      publicId: newPublicId(),
      kind: 'stay',
      ...owner,
      gemeindeId: input.snapshot.gemeinde.id,
      objektId: input.snapshot.objekt.id,
      formId: input.formId ?? null,
      plannedStayId: input.plannedStayId ?? null,
      arrivalDate: input.arrival,
      departureDate: input.departure,
      expectedGuests: input.expectedGuests,
      snapshot: input.snapshot,
      expiresAt: invitationExpiry(input.departure),
    })
    .returning();
  return row!;
}

/** An object's code (made when the landlord asks for it); its snapshot follows the configuration. */
export async function ensureObjectCode(owner: Owner, snapshot: CheckinSnapshot): Promise<LinkRow> {
  const db = await getDb();
  const where = and(
    ownerIs(owner),
    eq(portalCheckinLinks.kind, 'object'),
    eq(portalCheckinLinks.objektId, snapshot.objekt.id),
    isNull(portalCheckinLinks.revokedAt),
  );
  const [existing] = await db
    .update(portalCheckinLinks)
    .set({ snapshot, expectedGuests: snapshot.objekt.beds, gemeindeId: snapshot.gemeinde.id })
    .where(where)
    .returning();
  if (existing) return existing;
  const [row] = await db
    .insert(portalCheckinLinks)
    .values({
      id: randomUUID(),
      publicId: newPublicId(),
      kind: 'object',
      ...owner,
      gemeindeId: snapshot.gemeinde.id,
      objektId: snapshot.objekt.id,
      expectedGuests: snapshot.objekt.beds,
      snapshot,
    })
    .returning();
  return row!;
}

/**
 * A new code for the object: the old one stops working at once. Parties already sent through it
 * stay for the landlord's review but no longer count against the new code's places (a flood
 * through an abused poster does not keep out the next real guest).
 */
export async function rotateObjectCode(
  owner: Owner,
  linkId: string,
  snapshot?: CheckinSnapshot,
  now = new Date(),
): Promise<LinkRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .update(portalCheckinLinks)
    .set({ publicId: newPublicId(), codeRenewedAt: now, ...(snapshot ? { snapshot } : {}) })
    .where(
      and(ownerIs(owner), eq(portalCheckinLinks.id, linkId), eq(portalCheckinLinks.kind, 'object')),
    )
    .returning();
  return row;
}

export async function revokeInvitation(owner: Owner, linkId: string, now = new Date()) {
  const db = await getDb();
  const rows = await db
    .update(portalCheckinLinks)
    .set({ revokedAt: now })
    .where(
      and(
        ownerIs(owner),
        eq(portalCheckinLinks.id, linkId),
        eq(portalCheckinLinks.kind, 'stay'),
        isNull(portalCheckinLinks.revokedAt),
      ),
    )
    .returning({ id: portalCheckinLinks.id });
  return rows.length > 0;
}

export async function findLink(owner: Owner, linkId: string): Promise<LinkRow | undefined> {
  if (!isUuid(linkId)) return undefined;
  const db = await getDb();
  const [row] = await db
    .select()
    .from(portalCheckinLinks)
    .where(and(ownerIs(owner), eq(portalCheckinLinks.id, linkId)));
  return row;
}

/** The guest's lookup: by the public id of a verified token only. */
export async function linkByPublicId(publicId: string): Promise<LinkRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(portalCheckinLinks)
    .where(eq(portalCheckinLinks.publicId, publicId));
  return row;
}

/** Invitations still worth showing (not purged) and object codes, newest first. */
export async function listLinks(owner: Owner, now = new Date()): Promise<LinkRow[]> {
  const db = await getDb();
  const keep = new Date(now.getTime() - KEEP_DAYS_AFTER_EXPIRY * 86_400_000);
  return db
    .select()
    .from(portalCheckinLinks)
    .where(
      and(
        ownerIs(owner),
        sql`(${portalCheckinLinks.expiresAt} is null or ${portalCheckinLinks.expiresAt} > ${keep})`,
      ),
    )
    .orderBy(desc(portalCheckinLinks.createdAt));
}

/** Booked (or discarded, for an invitation): the guest's link takes no more changes. */
export async function closeLink(owner: Owner, linkId: string, formId: number | null) {
  const db = await getDb();
  await db
    .update(portalCheckinLinks)
    .set({ closedAt: new Date(), ...(formId ? { formId } : {}) })
    .where(
      and(ownerIs(owner), eq(portalCheckinLinks.id, linkId), eq(portalCheckinLinks.kind, 'stay')),
    );
}

/**
 * The service decides which objects an account has: links (codes and open invitations) of an
 * object no longer in the landlord's configuration stop at once, so a printed code does not go on
 * collecting guests' data for an account that lost the object. A stopped code also expires, so
 * the purge removes it (and whatever still waits on it) after 7 days. Returns how many stopped.
 */
export async function stopLinksOfLostObjects(
  owner: Owner,
  objektIds: readonly number[],
  now = new Date(),
): Promise<number> {
  const db = await getDb();
  const rows = await db
    .update(portalCheckinLinks)
    .set({
      revokedAt: now,
      expiresAt: sql`coalesce(${portalCheckinLinks.expiresAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(
      and(
        ownerIs(owner),
        isNull(portalCheckinLinks.revokedAt),
        isNull(portalCheckinLinks.closedAt),
        objektIds.length ? notInArray(portalCheckinLinks.objektId, [...objektIds]) : undefined,
      ),
    )
    .returning({ id: portalCheckinLinks.id });
  return rows.length;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);
