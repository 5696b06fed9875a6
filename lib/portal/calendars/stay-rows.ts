// The calendar's own writes to planned stays (bulk insert, booked from the start when the form
// exists, moved or returned with the invitation, cancelled with the invitation withdrawn and
// recorded, gone while checked in or booked); the state rule of cancelling is the planned-stay
// module's. Each runs inside the caller's transaction and names the owner (service URL and user).
// No `server-only`: the scheduler runs outside requests.
import { randomUUID } from 'node:crypto';
import { and, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  cancelPlannedStay,
  ownerIs,
  type PlannedStay as PlannedStayRow,
} from '@/lib/portal/stays/planned';
import type { Db } from '@/lib/db';
import { portalCheckinLinks, portalForms, portalPlannedStays } from '@/lib/db/schema';
import { reinstateWithdrawn, withdrawRecorded } from '@/lib/portal/invitations/reinstate';
import { invitationExpiry } from '@/lib/portal/checkin/rules';
import { ownedBy } from '@/lib/portal/owned';
import type { Owner } from '@/lib/portal/session/session';
import type { FeedStay } from './parse';

export type { PlannedStayRow };

export interface ObjectRef extends Owner {
  gemeindeId: number;
  objektId: number;
}

const ofObject = (o: Owner & { objektId: number }) =>
  ownedBy(portalPlannedStays, o, eq(portalPlannedStays.objektId, o.objektId));

/** The object's planned stays that have not ended (cancelled ones too: a booking may come back). */
export function currentStays(tx: Db, o: ObjectRef, today: string): Promise<PlannedStayRow[]> {
  return tx
    .select()
    .from(portalPlannedStays)
    .where(and(ofObject(o), gte(portalPlannedStays.departureDate, today)));
}

/**
 * New planned stays from calendar bookings, in one statement with the rows as one JSON parameter:
 * a first sync inserts hundreds per object, and drizzle's row-by-row parameters cost ~60 ms of
 * this process's CPU per 450 rows (measured), time taken from the requests it serves meanwhile.
 */
export async function insertCalendarStays(
  tx: Db,
  o: ObjectRef,
  stays: (FeedStay & { feedId: string; formId?: number | null })[],
): Promise<void> {
  if (!stays.length) return;
  const p = portalPlannedStays;
  const col = (c: { name: string }) => sql.identifier(c.name);
  const rows = JSON.stringify(
    stays.map((s) => ({
      id: randomUUID(),
      a: s.arrival,
      d: s.departure,
      f: s.feedId,
      u: s.key,
      s: s.summary,
      m: s.formId ?? null,
    })),
  );
  // A booking whose form is booked already (a calendar added late) starts as booked with its form.
  await tx.execute(sql`insert into ${p} (${col(p.id)}, ${col(p.serviceUrl)}, ${col(p.username)},
      ${col(p.gemeindeId)}, ${col(p.objektId)}, ${col(p.arrivalDate)}, ${col(p.departureDate)},
      ${col(p.source)}, ${col(p.feedId)}, ${col(p.eventUid)}, ${col(p.summary)}, ${col(p.formId)},
      ${col(p.state)})
    select r.id, ${o.serviceUrl}, ${o.username}, ${o.gemeindeId}, ${o.objektId}, r.a, r.d,
      'calendar', r.f, r.u, r.s, r.m, case when r.m is null then 'planned' else 'booked' end
    from jsonb_to_recordset(${rows}::jsonb)
      as r(id uuid, a date, d date, f uuid, u text, s text, m integer)`);
}

/**
 * The object's booked forms (the portal's index) not yet fulfilling a planned stay, that have not
 * ended: a booking new to the calendars whose form is among them is a booked stay, not one to invite.
 */
export async function unlinkedForms(
  tx: Db,
  o: ObjectRef,
  today: string,
): Promise<{ formId: number; arrival: string; departure: string }[]> {
  const f = portalForms;
  const p = portalPlannedStays;
  return tx
    .select({ formId: f.formId, arrival: f.arrivalDate, departure: f.departureDate })
    .from(f)
    .where(
      ownedBy(
        f,
        o,
        eq(f.objektId, o.objektId),
        gte(f.departureDate, today),
        ne(f.state, 'cancelled'),
        sql`not exists (select 1 from ${p} where ${p.serviceUrl} = ${f.serviceUrl}
          and ${p.username} = ${f.username} and ${p.formId} = ${f.formId})`,
      ),
    )
    .orderBy(f.arrivalDate);
}

/**
 * New dates (and what the calendar says now); an open invitation follows with its validity. A stay
 * its calendar had cancelled comes back as it was: its invitation reinstated (reinstate.ts).
 */
export async function moveStay(
  tx: Db,
  o: Owner,
  stay: PlannedStayRow,
  to: FeedStay & { feedId: string },
  now: Date,
): Promise<void> {
  const back =
    stay.state !== 'cancelled'
      ? undefined
      : stay.calendarWithdrawal
        ? await reinstateWithdrawn(tx, o, stay.id, stay.calendarWithdrawal, now)
        : ('planned' as const);
  await tx
    .update(portalPlannedStays)
    .set({
      arrivalDate: to.arrival,
      departureDate: to.departure,
      summary: to.summary,
      feedId: to.feedId,
      eventUid: to.key,
      goneFromCalendarAt: null,
      ...(back ? { state: back, cancelledAt: null, calendarWithdrawal: null } : {}),
      updatedAt: now,
    })
    .where(stayIs(o, stay.id));
  if (stay.arrivalDate === to.arrival && stay.departureDate === to.departure) return;
  await tx
    .update(portalCheckinLinks)
    .set({
      arrivalDate: to.arrival,
      departureDate: to.departure,
      expiresAt: invitationExpiry(to.departure),
    })
    .where(openInvitationsOf(o, [stay.id]));
}

/**
 * Gone from every calendar: the invitation withdrawn (link revoked, waiting mail unsent) in the
 * caller's transaction, so the mail job never sends for a cancelled booking, and what was withdrawn
 * recorded for the booking's return.
 */
export async function cancelFromCalendar(
  tx: Db,
  o: Owner,
  stay: PlannedStayRow,
  now: Date,
): Promise<void> {
  const withdrawal = await withdrawRecorded(tx, o, stay, now);
  await cancelPlannedStay(o, stay.id, now, tx);
  await tx
    .update(portalPlannedStays)
    .set({ calendarWithdrawal: withdrawal })
    .where(and(stayIs(o, stay.id), eq(portalPlannedStays.state, 'cancelled')));
}

/** Gone from the calendar while checked in or booked: never cancelled by a feed; the landlord is told. */
export async function markGone(tx: Db, o: Owner, ids: string[], now: Date): Promise<void> {
  if (!ids.length) return;
  await tx
    .update(portalPlannedStays)
    .set({ goneFromCalendarAt: now, updatedAt: now })
    .where(
      and(
        ownerIs(o),
        inArray(portalPlannedStays.id, ids),
        isNull(portalPlannedStays.goneFromCalendarAt),
      ),
    );
}

const stayIs = (o: Owner, id: string) => and(ownerIs(o), eq(portalPlannedStays.id, id));

const openInvitationsOf = (o: Owner, stayIds: string[]) =>
  ownedBy(
    portalCheckinLinks,
    o,
    eq(portalCheckinLinks.kind, 'stay'),
    inArray(portalCheckinLinks.plannedStayId, stayIds),
    isNull(portalCheckinLinks.revokedAt),
    isNull(portalCheckinLinks.closedAt),
  );

/** Not cancelled: the states a calendar event may match by its dates. */
export const isActive = (s: PlannedStayRow) => s.state !== 'cancelled';
