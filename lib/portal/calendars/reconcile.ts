// An object's planned stays follow its calendars (issue 18, docs/decisions/015). All feeds of the
// object are read together, each with the stays of its last successful fetch: the same booking in
// a platform's feed and a channel manager's (same dates, or same UID) is one planned stay, and a
// feed that failed this round still speaks for its stays. Only stays that have not ended count.
// One transaction under a lock per object: two instances reconciling one object take turns.
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { portalCalendarFeeds } from '@/lib/db/schema';
import { berlinToday } from '@/lib/wire/time';
import type { FeedStay } from './parse';
import { withdrawInvitation } from '../invitations/withdraw';
import { ownedBy } from '../owned';
import { cancelPlannedStay } from '../stays/planned';
import {
  currentStays,
  insertCalendarStays,
  isActive,
  markGone,
  moveStay,
  type ObjectRef,
  type PlannedStayRow,
} from './stay-rows';

/** One booking as the object's calendars list it, with every UID it goes by. */
interface Booking extends FeedStay {
  feedId: string;
  uids: Set<string>;
}

export interface Reconciled {
  created: number;
  moved: number;
  cancelled: number;
  gone: number;
}

/** The object's bookings: feeds in the order they were added, one booking per dates or UID. */
function bookingsOf(feeds: { id: string; stays: FeedStay[] }[]): Booking[] {
  const byDates = new Map<string, Booking>();
  const byUid = new Map<string, Booking>();
  for (const feed of feeds) {
    for (const stay of feed.stays) {
      const key = `${stay.arrival}|${stay.departure}`;
      const same = byUid.get(stay.uid) ?? byDates.get(key);
      if (same) {
        same.uids.add(stay.uid);
        byUid.set(stay.uid, same);
        continue;
      }
      const booking = { ...stay, feedId: feed.id, uids: new Set([stay.uid]) };
      byDates.set(key, booking);
      byUid.set(stay.uid, booking);
    }
  }
  return [...byDates.values()];
}

const LOCK_CLASS = 727015;

export async function reconcileObject(db: Db, o: ObjectRef, now = new Date()): Promise<Reconciled> {
  const today = berlinToday(now);
  return db.transaction(async (tx) => {
    const key = `${o.serviceUrl}|${o.username}|${o.objektId}`;
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASS}, hashtext(${key}))`);
    const feeds = await tx
      .select({ id: portalCalendarFeeds.id, stays: portalCalendarFeeds.stays })
      .from(portalCalendarFeeds)
      .where(ownedBy(portalCalendarFeeds, o, eq(portalCalendarFeeds.objektId, o.objektId)))
      .orderBy(asc(portalCalendarFeeds.createdAt), asc(portalCalendarFeeds.id));
    const bookings = bookingsOf(feeds).filter((b) => b.departure >= today);
    const stays = await currentStays(tx, o, today);
    const matched = new Set<string>();
    const fresh: Booking[] = [];
    const moves: [PlannedStayRow, Booking][] = [];
    const byUid = new Map<string, PlannedStayRow>();
    const byDates = new Map<string, PlannedStayRow[]>();
    for (const s of stays) {
      if (s.source === 'calendar' && s.eventUid && !byUid.has(s.eventUid)) byUid.set(s.eventUid, s);
      if (!isActive(s)) continue;
      const key = `${s.arrivalDate}|${s.departureDate}`;
      byDates.set(key, [...(byDates.get(key) ?? []), s]);
    }
    const free = (s: PlannedStayRow | undefined) => (s && !matched.has(s.id) ? s : undefined);
    for (const booking of bookings) {
      const stay =
        [...booking.uids].map((uid) => free(byUid.get(uid))).find(Boolean) ??
        byDates.get(`${booking.arrival}|${booking.departure}`)?.find((s) => free(s));
      if (!stay) {
        fresh.push(booking);
        continue;
      }
      matched.add(stay.id);
      // A booked stay keeps the dates of its form; the calendar does not move a registration.
      if (stay.source !== 'calendar' || stay.formId !== null || stay.state === 'booked') {
        if (stay.goneFromCalendarAt) moves.push([stay, { ...booking, ...datesOf(stay) }]);
        continue;
      }
      if (
        stay.arrivalDate !== booking.arrival ||
        stay.departureDate !== booking.departure ||
        stay.summary !== booking.summary ||
        stay.state === 'cancelled' ||
        stay.goneFromCalendarAt
      ) {
        moves.push([stay, booking]);
      }
    }
    for (const [stay, booking] of moves) await moveStay(tx, o, stay, booking, now);
    await insertCalendarStays(tx, o, fresh);
    const lost = stays.filter((s) => !matched.has(s.id) && s.source === 'calendar' && isActive(s));
    const booked = lost.filter((s) => s.formId !== null || s.state === 'booked');
    const cancel = lost.filter((s) => !booked.includes(s));
    // Gone from every calendar: the invitation withdrawn (link revoked, waiting mail unsent) in
    // this transaction, so the mail job never sends for a cancelled booking.
    for (const s of cancel) {
      await withdrawInvitation(tx, o, s.id, now);
      await cancelPlannedStay(o, s.id, now, tx);
    }
    await markGone(
      tx,
      o,
      booked.filter((s) => !s.goneFromCalendarAt).map((s) => s.id),
      now,
    );
    return {
      created: fresh.length,
      moved: moves.filter(
        ([s, b]) => s.arrivalDate !== b.arrival || s.departureDate !== b.departure,
      ).length,
      cancelled: cancel.length,
      gone: booked.filter((s) => !s.goneFromCalendarAt).length,
    };
  });
}

const datesOf = (s: PlannedStayRow) => ({ arrival: s.arrivalDate, departure: s.departureDate });
