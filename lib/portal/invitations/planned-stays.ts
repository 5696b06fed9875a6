// What the invitations read and write of a planned stay, in small functions so the planned-stay
// module (lib/portal/stays/) can take them over. Every query names the owner.
// No `server-only`: the mail job imports it.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { portalCheckinLinks, portalCheckins, portalPlannedStays } from '@/lib/db/schema';
import type { Owner } from '../session/session';

export type PlannedStayRow = typeof portalPlannedStays.$inferSelect;
export type PlannedStayState = PlannedStayRow['state'];
export type GuestLang = PlannedStayRow['guestLang'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const ownerIs = (owner: Owner) =>
  and(
    eq(portalPlannedStays.serviceUrl, owner.serviceUrl),
    eq(portalPlannedStays.username, owner.username),
  );

export async function findPlannedStay(
  db: Db,
  owner: Owner,
  id: string,
): Promise<PlannedStayRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db
    .select()
    .from(portalPlannedStays)
    .where(and(ownerIs(owner), eq(portalPlannedStays.id, id)));
  return row;
}

/** The stay, locked until the end of `tx`: sends for one stay (job and landlord) take turns. */
export async function lockPlannedStay(
  tx: Db,
  owner: Owner,
  id: string,
): Promise<PlannedStayRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await tx
    .select()
    .from(portalPlannedStays)
    .where(and(ownerIs(owner), eq(portalPlannedStays.id, id)))
    .for('update');
  return row;
}

export async function setGuestContact(
  db: Db,
  owner: Owner,
  id: string,
  contact: { email: string | null; lang: GuestLang },
): Promise<boolean> {
  const rows = await db
    .update(portalPlannedStays)
    .set({ guestEmail: contact.email, guestLang: contact.lang, updatedAt: new Date() })
    .where(and(ownerIs(owner), eq(portalPlannedStays.id, id)))
    .returning({ id: portalPlannedStays.id });
  return rows.length > 0;
}

/** Moves the stay from one state to another; nothing when it is in neither `from` state. */
export async function moveStayState(
  db: Db,
  owner: Owner,
  id: string,
  from: PlannedStayState[],
  to: PlannedStayState,
): Promise<boolean> {
  const rows = await db
    .update(portalPlannedStays)
    .set({ state: to, updatedAt: new Date() })
    .where(
      and(ownerIs(owner), eq(portalPlannedStays.id, id), inArray(portalPlannedStays.state, from)),
    )
    .returning({ id: portalPlannedStays.id });
  return rows.length > 0;
}

/** True when guests sent their data through one of the stay's invitations. */
export async function stayCheckedIn(db: Db, stay: PlannedStayRow): Promise<boolean> {
  if (stay.state === 'checked_in' || stay.state === 'booked') return true;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(portalCheckins)
    .innerJoin(portalCheckinLinks, eq(portalCheckinLinks.id, portalCheckins.linkId))
    .where(
      and(
        eq(portalCheckinLinks.plannedStayId, stay.id),
        eq(portalCheckinLinks.serviceUrl, stay.serviceUrl),
        eq(portalCheckinLinks.username, stay.username),
      ),
    );
  return (row?.n ?? 0) > 0;
}
