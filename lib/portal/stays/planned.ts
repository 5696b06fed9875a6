// Planned stays (DECISIONS 4): stays the portal knows of but has not registered yet, from a
// booking calendar (source `calendar`, written by the calendar sync's own reconcile) or entered by
// the landlord (`manual`, also made for every invitation made by hand). Invitations hang off them.
// Every query names the owner (service URL and user): someone else's planned stay is not found.
// No `server-only`: the calendar sync and the mail job use it outside requests. A trailing `db`
// runs a function inside the caller's transaction.
//
// The API:
//   createPlannedStay(owner, input)          a manual planned stay (linked at once to a matching form)
//   plannedStayForInvitation(owner, input)   the manual planned stay an invitation belongs to: the
//                                            one already known for that object and dates, or a new one
//   findPlannedStay(owner, id)               one, or undefined (unknown, or someone else's)
//   comingPlannedStays(owner, today?)        not departed, not cancelled, by arrival
//   updateContact(owner, id, contact)        the guest's name, e-mail and language (de/en)
//   advancePlannedStay(owner, id, to, formId?)  planned -> invited -> checked_in -> booked: forward
//                                            only (a late step is a no-op), never out of booked/cancelled
//   cancelPlannedStay(owner, id)             cancelled, unless already booked (a booked form is never
//                                            cancelled for the landlord)
//   linkBookedForm(owner, booked)            called by the booking pipeline: the planned stay the form
//                                            fulfils (named, or the same object with overlapping dates)
//   lockPlannedStay(tx, owner, id)           one, locked until `tx` ends (sends for one stay take turns)
//   returnToPlanned(tx, owner, id)           invited -> planned (the invitation withdrawn)
//   stayCheckedIn(db, stay)                  guests sent their data through one of its invitations
//   linkIndexedForm(owner, id)               the same match from the index's side (for a stay that
//                                            arrives after its form was booked, e.g. from a calendar)
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, gte, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db';
import {
  portalCheckinLinks,
  portalCheckins,
  portalForms,
  portalPlannedStays,
} from '@/lib/db/schema';
import { berlinToday } from '@/lib/wire/time';
import type { PortalForm } from '../api/client';
import type { Owner } from '../session/session';
import { ownedBy } from '../owned';

export type PlannedStay = typeof portalPlannedStays.$inferSelect;
export type PlannedState = PlannedStay['state'];
export type GuestLang = PlannedStay['guestLang'];

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
export const ownerIs = (owner: Owner): SQL => ownedBy(portalPlannedStays, owner)!;

const isUuid = (id: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** Stays overlap when each arrives before the other leaves (departure days are exclusive). */
function overlapping(objektId: number, arrival: string, departure: string): SQL {
  return and(
    eq(portalPlannedStays.objektId, objektId),
    lt(portalPlannedStays.arrivalDate, departure),
    gt(portalPlannedStays.departureDate, arrival),
  )!;
}

export async function createPlannedStay(
  owner: Owner,
  input: PlannedStayInput,
): Promise<PlannedStay> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(portalPlannedStays)
      .values({ id: randomUUID(), ...owner, source: 'manual', ...columnsOf(input) })
      .returning();
    return (await matchIndex(tx, owner, row!)) ?? row!;
  });
}

/**
 * The planned stay an invitation made by hand belongs to: one not cancelled for the same object
 * and overlapping dates that no other form fulfils (a second invitation, or the form's own planned
 * stay), or a new manual one. `formId` (an invitation for a booked stay) prefers its own.
 */
export async function plannedStayForInvitation(
  owner: Owner,
  input: PlannedStayInput & { formId?: number | null },
): Promise<PlannedStay> {
  const db = await getDb();
  const found = await db
    .select()
    .from(portalPlannedStays)
    .where(
      and(
        ownerIs(owner),
        overlapping(input.objektId, input.arrival, input.departure),
        ne(portalPlannedStays.state, 'cancelled'),
      ),
    )
    .orderBy(asc(portalPlannedStays.arrivalDate));
  // A planned stay fulfilled by another form is another stay (two parties in one flat, say).
  const open = found.filter((p) => !p.formId || p.formId === input.formId);
  const same =
    open.find((p) => input.formId && p.formId === input.formId) ??
    open.find((p) => p.arrivalDate === input.arrival && p.departureDate === input.departure) ??
    open[0];
  if (same) return same;
  return createPlannedStay(owner, input);
}

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
export async function comingPlannedStays(
  owner: Owner,
  today = berlinToday(),
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

export interface BookedForm {
  gemeindeId: number;
  form: Pick<PortalForm, 'id' | 'objekt_id' | 'state' | 'travel_span'>;
  /** The planned stay the booking was made for (a check-in's invitation), if known. */
  plannedStayId?: string | null;
}

/**
 * After a booking or an update: the planned stay the form fulfils becomes booked with its form.
 * The named one, else one not yet linked for the same object with overlapping dates (the earliest).
 * A cancelled form links nothing. Returns the linked planned stay, if any.
 */
export async function linkBookedForm(
  owner: Owner,
  booked: BookedForm,
): Promise<PlannedStay | undefined> {
  const { form } = booked;
  if (form.state === 'cancelled') return undefined;
  const arrival = form.travel_span.arrival_date.slice(0, 10);
  const departure = form.travel_span.departure_date.slice(0, 10);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [already] = await tx
      .select()
      .from(portalPlannedStays)
      .where(and(ownerIs(owner), eq(portalPlannedStays.formId, form.id)))
      .limit(1);
    if (already && !booked.plannedStayId) return already;
    const candidate = booked.plannedStayId
      ? and(eq(portalPlannedStays.id, booked.plannedStayId), isNull(portalPlannedStays.formId))
      : and(overlapping(form.objekt_id, arrival, departure), isNull(portalPlannedStays.formId));
    const [match] = await tx
      .select({ id: portalPlannedStays.id })
      .from(portalPlannedStays)
      .where(and(ownerIs(owner), candidate, ne(portalPlannedStays.state, 'cancelled')))
      .orderBy(asc(portalPlannedStays.arrivalDate))
      .limit(1)
      .for('update');
    if (!match) return already;
    const [row] = await tx
      .update(portalPlannedStays)
      .set({ state: 'booked', formId: form.id, updatedAt: new Date() })
      .where(and(ownerIs(owner), eq(portalPlannedStays.id, match.id)))
      .returning();
    return row;
  });
}

/** Links a planned stay to a form the index already holds (same object, overlapping dates). */
export async function linkIndexedForm(owner: Owner, id: string): Promise<PlannedStay | undefined> {
  const planned = await findPlannedStay(owner, id);
  if (!planned) return undefined;
  const db = await getDb();
  return db.transaction(async (tx) => (await matchIndex(tx, owner, planned)) ?? planned);
}

async function matchIndex(
  tx: Db,
  owner: Owner,
  planned: PlannedStay,
): Promise<PlannedStay | undefined> {
  if (planned.formId || planned.state === 'cancelled') return undefined;
  const [form] = await tx
    .select({ formId: portalForms.formId })
    .from(portalForms)
    .where(
      ownedBy(
        portalForms,
        owner,
        eq(portalForms.objektId, planned.objektId),
        lt(portalForms.arrivalDate, planned.departureDate),
        gt(portalForms.departureDate, planned.arrivalDate),
        ne(portalForms.state, 'cancelled'),
      ),
    )
    .orderBy(asc(portalForms.arrivalDate))
    .limit(1);
  if (!form) return undefined;
  // A form already fulfilling another planned stay is not taken twice.
  const [taken] = await tx
    .select({ id: portalPlannedStays.id })
    .from(portalPlannedStays)
    .where(and(ownerIs(owner), eq(portalPlannedStays.formId, form.formId)))
    .limit(1);
  if (taken) return undefined;
  const [row] = await tx
    .update(portalPlannedStays)
    .set({ state: 'booked', formId: form.formId, updatedAt: new Date() })
    .where(and(ownerIs(owner), eq(portalPlannedStays.id, planned.id)))
    .returning();
  return row;
}

function columnsOf(input: PlannedStayInput) {
  if (!(input.arrival < input.departure)) throw new RangeError('departure must follow arrival');
  return {
    gemeindeId: input.gemeindeId,
    objektId: input.objektId,
    arrivalDate: input.arrival,
    departureDate: input.departure,
    expectedGuests: input.expectedGuests ?? null,
    guestName: input.guestName?.trim() || null,
    guestEmail: input.guestEmail?.trim() || null,
    guestLang: input.guestLang ?? 'de',
  };
}
