// The landlord's booking calendars: add, list, remove. Every query names the owner (service URL
// and user): someone else's feed is not found. The link is stored whole (the sync needs it) and
// leaves this module only shortened: also not inside an error (a database error's message names
// every parameter of its query, and whoever logs the error would log the platform's token).
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, ne } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { portalCalendarFeeds, portalPlannedStays } from '@/lib/db/schema';
import { describeError } from '@/lib/log';
import type { Owner } from '@/lib/portal/session/session';
import { berlinToday } from '@/lib/wire/time';
import type { Platform } from './platforms';
import { reconcileObject } from './reconcile';
import { shortenFeedUrl } from './safe-fetch';
import { dropOf } from './suspect';
import { ownedBy } from '../owned';

export interface NewFeed {
  gemeindeId: number;
  objektId: number;
  url: string;
  platform: Platform;
  blockedAreStays: boolean;
}

/** What a page may show of a feed: never the link itself. */
export interface FeedView {
  id: string;
  objektId: number;
  shortUrl: string;
  platform: string;
  blockedAreStays: boolean;
  lastSyncedAt: Date | null;
  lastError: string | null;
  stays: number;
  /** A sharp drop held back (suspect.ts): since when, and the coming bookings before and after. */
  suspect: { since: Date; before: number; after: number } | null;
}

/** Storing a feed failed; the cause is logged without its message (it would quote the link). */
export class FeedStoreError extends Error {
  readonly code = 'internal';
  constructor() {
    super('calendar feed not stored');
    this.name = 'FeedStoreError';
  }
}

const ownerIs = (o: Owner) => ownedBy(portalCalendarFeeds, o);

export async function addFeed(db: Db, owner: Owner, feed: NewFeed): Promise<string> {
  const id = randomUUID();
  try {
    await db.insert(portalCalendarFeeds).values({ id, ...owner, ...feed });
  } catch (err) {
    console.error(`calendar ${id}: not stored: ${describeError(err)}`);
    throw new FeedStoreError();
  }
  return id;
}

export async function listFeeds(db: Db, owner: Owner, now = new Date()): Promise<FeedView[]> {
  const today = berlinToday(now);
  const rows = await db
    .select()
    .from(portalCalendarFeeds)
    .where(ownerIs(owner))
    .orderBy(asc(portalCalendarFeeds.createdAt));
  return rows.map((r) => ({
    id: r.id,
    objektId: r.objektId,
    shortUrl: shortenFeedUrl(r.url),
    platform: r.platform,
    blockedAreStays: r.blockedAreStays,
    lastSyncedAt: r.lastSyncedAt,
    lastError: r.lastError,
    stays: r.stays.filter((s) => s.departure >= today).length,
    suspect: r.suspectSince
      ? { since: r.suspectSince, ...dropOf(r.stays, r.suspectStays ?? [], today) }
      : null,
  }));
}

/** Removes the feed; stays only it listed are cancelled as if the bookings were gone. One transaction. */
export async function removeFeed(db: Db, owner: Owner, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(portalCalendarFeeds)
      .where(and(ownerIs(owner), eq(portalCalendarFeeds.id, id)))
      .returning();
    if (!row) return false;
    await reconcileObject(tx, { ...owner, gemeindeId: row.gemeindeId, objektId: row.objektId });
    return true;
  });
}

export type CalendarStayView = Pick<
  typeof portalPlannedStays.$inferSelect,
  'id' | 'objektId' | 'arrivalDate' | 'departureDate' | 'summary' | 'state' | 'goneFromCalendarAt'
>;

/** The landlord's coming planned stays from calendars (not cancelled), by arrival. */
export async function calendarStays(
  db: Db,
  owner: Owner,
  now = new Date(),
): Promise<CalendarStayView[]> {
  const p = portalPlannedStays;
  return db
    .select({
      id: p.id,
      objektId: p.objektId,
      arrivalDate: p.arrivalDate,
      departureDate: p.departureDate,
      summary: p.summary,
      state: p.state,
      goneFromCalendarAt: p.goneFromCalendarAt,
    })
    .from(p)
    .where(
      ownedBy(
        p,
        owner,
        eq(p.source, 'calendar'),
        ne(p.state, 'cancelled'),
        gte(p.departureDate, berlinToday(now)),
      ),
    )
    .orderBy(asc(p.arrivalDate));
}
