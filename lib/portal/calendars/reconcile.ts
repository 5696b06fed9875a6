// An object's planned stays follow its calendars (issue 18, docs/decisions/015). All feeds of the
// object are read together, each with the stays of its last successful fetch: the same booking in
// a platform's feed and a channel manager's (same dates, or same UID) is one planned stay, and a
// feed that failed this round still speaks for its stays. Only stays that have not ended count.
// One transaction under a lock per object: two instances reconciling one object take turns.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { portalCalendarFeeds } from '@/lib/db/schema';
import { berlinToday } from '@/lib/wire/time';
import type { FeedStay } from './parse';
import { ownedBy } from '../owned';
import { stayCheckedIn } from '../stays/planned';
import {
  cancelFromCalendar,
  currentStays,
  insertCalendarStays,
  isActive,
  markGone,
  moveStay,
  unlinkedForms,
  type ObjectRef,
  type PlannedStayRow,
} from './stay-rows';

/** One booking as the object's calendars list it, with every key it goes by. */
interface Booking extends FeedStay {
  feedId: string;
  keys: Set<string>;
}

export interface Reconciled {
  created: number;
  moved: number;
  cancelled: number;
  gone: number;
}

/**
 * The object's bookings: feeds in the order they were added; a booking of a second feed with the
 * key or the dates of one already listed is that one (a platform's and a channel manager's).
 * Within one feed each key is a booking of its own, even on the same dates.
 */
function bookingsOf(feeds: { id: string; stays: FeedStay[] }[]): Booking[] {
  const all: Booking[] = [];
  const byDates = new Map<string, Booking>();
  const byKey = new Map<string, Booking>();
  for (const feed of feeds) {
    for (const stay of feed.stays) {
      const dates = `${stay.arrival}|${stay.departure}`;
      const elsewhere = (b: Booking | undefined) => (b && b.feedId !== feed.id ? b : undefined);
      const same = elsewhere(byKey.get(stay.key)) ?? elsewhere(byDates.get(dates));
      if (same) {
        same.keys.add(stay.key);
        byKey.set(stay.key, same);
        continue;
      }
      const booking = { ...stay, feedId: feed.id, keys: new Set([stay.key]) };
      all.push(booking);
      if (!byDates.has(dates)) byDates.set(dates, booking);
      byKey.set(stay.key, booking);
    }
  }
  return all;
}

const LOCK_CLASS = 727015;

export interface ReconcileOptions {
  /** Only when a feed of the object is marked `reconcile_due` (a round's leftovers): else null. */
  onlyIfDue?: boolean;
}

/**
 * Brings the object's planned stays in line with its feeds, in one transaction under the object's
 * lock, and clears the feeds' `reconcile_due` mark in that same transaction: a reconcile that
 * throws or is cut short leaves the mark, and a later round does it again.
 */
export async function reconcileObject(
  db: Db,
  o: ObjectRef,
  now = new Date(),
  { onlyIfDue = false }: ReconcileOptions = {},
): Promise<Reconciled | null> {
  const today = berlinToday(now);
  return db.transaction(async (tx) => {
    const key = `${o.serviceUrl}|${o.username}|${o.objektId}`;
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASS}, hashtext(${key}))`);
    const ofObject = ownedBy(portalCalendarFeeds, o, eq(portalCalendarFeeds.objektId, o.objektId));
    const feeds = await tx
      .select({
        id: portalCalendarFeeds.id,
        stays: portalCalendarFeeds.stays,
        due: portalCalendarFeeds.reconcileDue,
      })
      .from(portalCalendarFeeds)
      .where(ofObject)
      .orderBy(asc(portalCalendarFeeds.createdAt), asc(portalCalendarFeeds.id))
      // Locked until the mark is cleared: new stays stored meanwhile (another instance's round)
      // wait, and their mark outlives this transaction instead of being cleared unseen.
      .for('update');
    if (onlyIfDue && !feeds.some((f) => f.due)) return null;
    const done = await reconcileStays(tx, o, bookingsOf(feeds), today, now);
    if (feeds.some((f) => f.due)) {
      await tx
        .update(portalCalendarFeeds)
        .set({ reconcileDue: false })
        .where(and(ofObject, eq(portalCalendarFeeds.reconcileDue, true)));
    }
    return done;
  });
}

async function reconcileStays(
  tx: Db,
  o: ObjectRef,
  all: Booking[],
  today: string,
  now: Date,
): Promise<Reconciled> {
  const bookings = all.filter((b) => b.departure >= today);
  const stays = await currentStays(tx, o, today);
  const matched = new Set<string>();
  const fresh: Booking[] = [];
  const moves: [PlannedStayRow, Booking][] = [];
  const byKey = new Map<string, PlannedStayRow>();
  const byDates = new Map<string, PlannedStayRow[]>();
  for (const s of stays) {
    if (s.source === 'calendar' && s.eventUid && !byKey.has(s.eventUid)) byKey.set(s.eventUid, s);
    if (!isActive(s)) continue;
    const key = `${s.arrivalDate}|${s.departureDate}`;
    byDates.set(key, [...(byDates.get(key) ?? []), s]);
  }
  const free = (s: PlannedStayRow | undefined) => (s && !matched.has(s.id) ? s : undefined);
  for (const booking of bookings) {
    const stay =
      [...booking.keys].map((k) => free(byKey.get(k))).find(Boolean) ??
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
      stay.eventUid !== booking.key ||
      stay.state === 'cancelled' ||
      stay.goneFromCalendarAt
    ) {
      moves.push([stay, booking]);
    }
  }
  for (const [stay, booking] of moves) await moveStay(tx, o, stay, booking, now);
  await insertCalendarStays(tx, o, await withForms(tx, o, fresh, today));
  const lost = stays.filter((s) => !matched.has(s.id) && s.source === 'calendar' && isActive(s));
  // Checked-in and booked parties are never cancelled by a feed: the landlord is told instead.
  const kept: PlannedStayRow[] = [];
  const cancel: PlannedStayRow[] = [];
  for (const s of lost) {
    const keep = s.formId !== null || s.state === 'booked' || (await stayCheckedIn(tx, s));
    (keep ? kept : cancel).push(s);
  }
  for (const s of cancel) await cancelFromCalendar(tx, o, s, now);
  const gone = kept.filter((s) => !s.goneFromCalendarAt);
  await markGone(
    tx,
    o,
    gone.map((s) => s.id),
    now,
  );
  return {
    created: fresh.length,
    moved: moves.filter(([s, b]) => s.arrivalDate !== b.arrival || s.departureDate !== b.departure)
      .length,
    cancelled: cancel.length,
    gone: gone.length,
  };
}

/** New bookings, each with the booked form it is (same object, overlapping dates), if any. */
async function withForms(tx: Db, o: ObjectRef, fresh: Booking[], today: string) {
  if (!fresh.length) return [];
  const forms = await unlinkedForms(tx, o, today);
  return fresh.map((b) => {
    const i = forms.findIndex((f) => f.arrival < b.departure && f.departure > b.arrival);
    const form = i >= 0 ? forms.splice(i, 1)[0] : undefined;
    return { ...b, formId: form?.formId ?? null };
  });
}

const datesOf = (s: PlannedStayRow) => ({ arrival: s.arrivalDate, departure: s.departureDate });
