// The landlord's booking calendars: add, list, remove. Every query names the owner (service URL
// and user): someone else's feed is not found. The link is stored whole (the sync needs it) and
// leaves this module only shortened.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, ne } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { portalCalendarFeeds, portalPlannedStays } from '@/lib/db/schema';
import type { Owner } from '@/lib/portal/session/session';
import { berlinToday } from '@/lib/wire/time';
import type { Platform } from './platforms';
import { reconcileObject } from './reconcile';
import { shortenFeedUrl } from './safe-fetch';
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
}

const ownerIs = (o: Owner) => ownedBy(portalCalendarFeeds, o);

export async function addFeed(db: Db, owner: Owner, feed: NewFeed): Promise<string> {
  const id = randomUUID();
  await db.insert(portalCalendarFeeds).values({ id, ...owner, ...feed });
  return id;
}

export async function listFeeds(db: Db, owner: Owner): Promise<FeedView[]> {
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
    stays: r.stays.length,
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
