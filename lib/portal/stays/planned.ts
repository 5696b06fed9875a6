// Planned stays (DECISIONS 4): stays the portal knows of but has not registered yet, from a
// booking calendar (source `calendar`, written by the calendar sync's own reconcile) or entered by
// the landlord (`manual`, also made for every invitation made by hand). Invitations hang off them.
// Every query names the owner (service URL and user): someone else's planned stay is not found.
// No `server-only`: the calendar sync and the mail job use it outside requests. A trailing `db`
// runs a function inside the caller's transaction.
//
// The API:
//   findPlannedStay(owner, id)               one, or undefined (unknown, or someone else's)
//   guestLangOfForm(owner, formId)           the language of the guests of a booked form, if known
//   comingPlannedStays(owner, today?, arriving?)  not departed, not cancelled, by arrival
//   updateContact(owner, id, contact)        the guest's name, e-mail and mail language
//   advancePlannedStay(owner, id, to, formId?)  planned -> invited -> checked_in -> booked: forward
//                                            only (a late step is a no-op), never out of booked/cancelled
//   cancelPlannedStay(owner, id)             cancelled, unless already booked (a booked form is never
//                                            cancelled for the landlord)
//   lockPlannedStay(tx, owner, id)           one, locked until `tx` ends (sends for one stay take turns)
//   returnToPlanned(tx, owner, id)           invited -> planned (the invitation withdrawn)
//   stayCheckedIn(db, stay)                  guests sent their data through one of its invitations
//
// Making planned stays and matching them with forms: ./planned-forms.ts.
import { and, asc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db';
import { portalCheckinLinks, portalCheckins, portalPlannedStays } from '@/lib/db/schema';
import { berlinToday } from '@/lib/wire/time';
import { guestLangOf, type GuestLang } from '../i18n/guest/languages';
import type { Owner } from '../session/session';
import { ownedBy } from '../owned';

export type PlannedStay = typeof portalPlannedStays.$inferSelect;
export type PlannedState = PlannedStay['state'];

/** The way forward; `cancelled` stands apart (see cancelPlannedStay). */
export const PLANNED_STATES = ['planned', 'invited', 'checked_in', 'booked'] as const;
const rank = (s: PlannedState) => (PLANNED_STATES as readonly string[]).indexOf(s);

export interface PlannedStayInput {
  gemeindeId: number;
  objektId: number;
  /** YYYY-MM-DD; the departure day is the day the guests leave (after the arrival). */
  arrival: string;
  departure: string;
  expectedGuests?: number | null;
  guestName?: string | null;
  guestEmail?: string | null;
  guestLang?: GuestLang;
}

export interface Contact {
  guestName?: string | null;
  guestEmail?: string | null;
  guestLang?: GuestLang;
}

/** The landlord's own planned stays, for every query. */
export const ownerIs = (owner: Owner): SQL => ownedBy(portalPlannedStays, owner);

const isUuid = (id: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

export async function findPlannedStay(
  owner: Owner,
  id: string,
  db?: Db,
): Promise<PlannedStay | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await (db ?? (await getDb()))
    .select()
    .from(portalPlannedStays)
    .where(and(ownerIs(owner), eq(portalPlannedStays.id, id)));
  return row;
}

/** The language the guests of a booked form chose (or the landlord for their mails), if known. */
export async function guestLangOfForm(
  owner: Owner,
  formId: number,
  db?: Db,
): Promise<GuestLang | null> {
  const [row] = await (db ?? (await getDb()))
    .select({ lang: portalPlannedStays.guestLang })
    .from(portalPlannedStays)
    .where(and(ownerIs(owner), eq(portalPlannedStays.formId, formId)))
    .limit(1);
  return row ? guestLangOf(row.lang) : null;
}

/** The stay, locked until the end of `tx`: sends for one stay (job and landlord) take turns. */
export async function lockPlannedStay(
  tx: Db,
  owner: Owner,
  id: string,
): Promise<PlannedStay | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await tx
    .select()
    .from(portalPlannedStays)
    .where(and(ownerIs(owner), eq(portalPlannedStays.id, id)))
    .for('update');
  return row;
}

/** The one step back: a withdrawn invitation leaves an invited stay planned again. */
export async function returnToPlanned(tx: Db, owner: Owner, id: string): Promise<boolean> {
  const rows = await tx
    .update(portalPlannedStays)
    .set({ state: 'planned', updatedAt: new Date() })
    .where(
      and(ownerIs(owner), eq(portalPlannedStays.id, id), eq(portalPlannedStays.state, 'invited')),
    )
    .returning({ id: portalPlannedStays.id });
  return rows.length > 0;
}

/** True when guests sent their data through one of the stay's invitations. */
export async function stayCheckedIn(db: Db, stay: PlannedStay): Promise<boolean> {
  if (stay.state === 'checked_in' || stay.state === 'booked') return true;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(portalCheckins)
    .innerJoin(portalCheckinLinks, eq(portalCheckinLinks.id, portalCheckins.linkId))
    .where(ownedBy(portalCheckinLinks, stay, eq(portalCheckinLinks.plannedStayId, stay.id)));
  return (row?.n ?? 0) > 0;
}

/** The landlord's coming planned stays (not departed before `today`, not cancelled), by arrival. */
/** Arrival days, both included. */
export interface Arrivals {
  from: string;
  to: string;
}

export async function comingPlannedStays(
  owner: Owner,
  today = berlinToday(),
  /** Only those arriving within these days. */
  arriving?: Arrivals,
): Promise<PlannedStay[]> {
  const db = await getDb();
  return db
    .select()
    .from(portalPlannedStays)
    .where(
      and(
        ownerIs(owner),
        gte(portalPlannedStays.departureDate, today),
        ne(portalPlannedStays.state, 'cancelled'),
        arriving ? gte(portalPlannedStays.arrivalDate, arriving.from) : undefined,
        arriving ? lte(portalPlannedStays.arrivalDate, arriving.to) : undefined,
      ),
    )
    .orderBy(asc(portalPlannedStays.arrivalDate), asc(portalPlannedStays.createdAt));
}

export async function updateContact(
  owner: Owner,
  id: string,
  contact: Contact,
  db?: Db,
): Promise<PlannedStay | undefined> {
  if (!isUuid(id)) return undefined;
  const set: Partial<PlannedStay> = { updatedAt: new Date() };
  if (contact.guestName !== undefined) set.guestName = contact.guestName?.trim() || null;
  if (contact.guestEmail !== undefined) set.guestEmail = contact.guestEmail?.trim() || null;
  if (contact.guestLang !== undefined) set.guestLang = contact.guestLang;
  const [row] = await (db ?? (await getDb()))
    .update(portalPlannedStays)
    .set(set)
    .where(and(ownerIs(owner), eq(portalPlannedStays.id, id)))
    .returning();
  return row;
}

/**
 * Moves a planned stay forward to `to` (booked needs `formId`). A step it has passed already, or
 * one out of booked or cancelled, changes nothing: the mail, check-in and calendar code may report
 * in any order. Returns the row as it now is.
 */
export async function advancePlannedStay(
  owner: Owner,
  id: string,
  to: Exclude<PlannedState, 'cancelled'>,
  formId?: number,
  db?: Db,
): Promise<PlannedStay | undefined> {
  if (!isUuid(id)) return undefined;
  if (to === 'booked' && !formId) throw new Error('a booked planned stay names its form');
  const from = PLANNED_STATES.slice(0, rank(to));
  const [row] = await (db ?? (await getDb()))
    .update(portalPlannedStays)
    .set({ state: to, updatedAt: new Date(), ...(formId ? { formId } : {}) })
    .where(
      and(ownerIs(owner), eq(portalPlannedStays.id, id), inArray(portalPlannedStays.state, from)),
    )
    .returning();
  return row ?? findPlannedStay(owner, id, db);
}

/** Cancelled (the booking is off). A booked one stays booked: its form is the landlord's to cancel. */
export async function cancelPlannedStay(
  owner: Owner,
  id: string,
  now = new Date(),
  db?: Db,
): Promise<PlannedStay | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await (db ?? (await getDb()))
    .update(portalPlannedStays)
    .set({ state: 'cancelled', cancelledAt: now, updatedAt: now })
    .where(
      and(
        ownerIs(owner),
        eq(portalPlannedStays.id, id),
        inArray(portalPlannedStays.state, ['planned', 'invited', 'checked_in']),
      ),
    )
    .returning();
  return row ?? findPlannedStay(owner, id, db);
}
