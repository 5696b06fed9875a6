// Planned stays meet forms (DECISIONS 4): a manual planned stay is linked at once to a form the
// index already holds, an invitation made by hand finds the planned stay it belongs to, and a
// booking marks the planned stay it fulfils as booked. The rest of the module: ./planned.ts.
//
// The API:
//   createPlannedStay(owner, input)          a manual planned stay (linked at once to a matching form)
//   plannedStayForInvitation(owner, input)   the manual planned stay an invitation belongs to: the
//                                            one already known for that object and dates, or a new one
//   linkBookedForm(owner, booked)            called by the booking pipeline: the planned stay the form
//                                            fulfils (named, or the same object with overlapping dates)
//   linkIndexedForm(owner, id)               the same match from the index's side (for a stay that
//                                            arrives after its form was booked, e.g. from a calendar)
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, isNull, lt, ne, type SQL } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db';
import { portalForms, portalPlannedStays } from '@/lib/db/schema';
import type { PortalForm } from '../api/client';
import { ownedBy } from '../owned';
import type { Owner } from '../session/session';
import { findPlannedStay, ownerIs, type PlannedStay, type PlannedStayInput } from './planned';

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
