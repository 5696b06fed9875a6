// Syncing booking calendars (docs/decisions/015): every CALENDAR_SYNC_MINUTES each feed is fetched
// once across all instances. A round claims the feeds that are due in one statement (`FOR UPDATE
// SKIP LOCKED`: of two instances claiming together, each gets other feeds) and sets their
// `claimed_until` to the next period, so the claim doubles as "not before". A crashed instance's
// feeds come due again in the next period. No `server-only`: instrumentation.ts runs it.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { portalCalendarFeeds } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { describeError } from '@/lib/log';
import type { Owner } from '@/lib/portal/session/session';
import { berlinToday } from '@/lib/wire/time';
import { demoFeedBody, isDemoFeed } from './demo-feed';
import { FeedParseError, parseFeed, type Platform } from './parse';
import { reconcileObject } from './reconcile';
import { FeedFetchError, safeFetch } from './safe-fetch';
import { ownedBy } from '../owned';

export type FeedRow = typeof portalCalendarFeeds.$inferSelect;

export interface SyncOptions {
  now?: Date;
  /** The fetcher (tests and the bench may pass limits of their own). */
  fetch?: (url: string) => Promise<string>;
  /** Feeds fetched at once per instance. */
  concurrency?: number;
}

export function periodMs(): number {
  return env().CALENDAR_SYNC_MINUTES * 60_000;
}

/** The error of a failed sync as the code the page shows in words. */
export function errorCode(err: unknown): string {
  if (err instanceof FeedFetchError) return err.status ? `${err.code}:${err.status}` : err.code;
  if (err instanceof FeedParseError) return err.code;
  return 'internal';
}

/** Claims the feeds that are due (at most `limit`) for this instance until the next period. */
export async function claimDueFeeds(db: Db, now: Date, limit = 1000): Promise<FeedRow[]> {
  const until = new Date(now.getTime() + periodMs());
  const f = portalCalendarFeeds;
  return db
    .update(f)
    .set({ claimedUntil: until })
    .where(
      sql`${f.id} in (select ${f.id} from ${f}
        where ${f.claimedUntil} is null or ${f.claimedUntil} <= ${now}
        order by ${f.claimedUntil} nulls first limit ${limit}
        for update skip locked)`,
    )
    .returning();
}

async function fetchBody(feed: FeedRow, opts: SyncOptions, now: Date): Promise<string> {
  if (isDemoFeed(feed.url)) return demoFeedBody(now);
  return (opts.fetch ?? safeFetch)(feed.url);
}

/**
 * Fetches and parses one feed and stores its stays or its error. `changed` when its stays differ
 * from the last fetch's: only then does its object need reconciling.
 */
async function refreshFeed(db: Db, feed: FeedRow, opts: SyncOptions, now: Date) {
  try {
    const body = await fetchBody(feed, opts, now);
    const stays = parseFeed(body, {
      platform: feed.platform as Platform,
      blockedAreStays: feed.blockedAreStays,
      today: berlinToday(now),
    });
    const changed = JSON.stringify(stays) !== JSON.stringify(feed.stays);
    await db
      .update(portalCalendarFeeds)
      .set({ ...(changed ? { stays } : {}), lastSyncedAt: now, lastError: null })
      .where(eq(portalCalendarFeeds.id, feed.id));
    return { error: null, changed };
  } catch (err) {
    const code = errorCode(err);
    // The link is never logged (it carries the platform's token): the feed's id and the code.
    if (code === 'internal') console.warn(`calendar ${feed.id}: ${describeError(err)}`);
    await db
      .update(portalCalendarFeeds)
      .set({ lastError: code })
      .where(eq(portalCalendarFeeds.id, feed.id));
    return { error: code, changed: false };
  }
}

/** Runs `job` over `items`, `n` at a time. */
async function inPool<T>(items: T[], n: number, job: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await job(item);
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
}

const objectKey = (f: FeedRow) => `${f.serviceUrl}|${f.username}|${f.objektId}`;

/**
 * Refreshes `feeds` and reconciles each object whose stays changed (every object with `force`:
 * the landlord's "sync now" repairs whatever an interrupted round left).
 */
export async function syncFeeds(
  db: Db,
  feeds: FeedRow[],
  opts: SyncOptions & { force?: boolean } = {},
) {
  const now = opts.now ?? new Date();
  const errors = new Map<string, string>();
  const changed = new Map<string, FeedRow>();
  await inPool(feeds, opts.concurrency ?? 4, async (feed) => {
    const done = await refreshFeed(db, feed, opts, now);
    if (done.error) errors.set(feed.id, done.error);
    if (done.changed || opts.force) changed.set(objectKey(feed), feed);
  });
  // One object at a time: side by side their inserts would take both cores from the service
  // meanwhile; one at a time the bench's round still takes ~2.5 s (docs/decisions/015).
  await inPool([...changed.values()], 1, async (f) => {
    const ref = { serviceUrl: f.serviceUrl, username: f.username };
    await reconcileObject(db, { ...ref, gemeindeId: f.gemeindeId, objektId: f.objektId }, now);
    // Requests waiting meanwhile go first (on PGlite every query takes turns on this thread).
    await new Promise((resolve) => setImmediate(resolve));
  });
  const objects = new Set(feeds.map(objectKey)).size;
  return { feeds: feeds.length, failed: errors.size, objects, reconciled: changed.size, errors };
}

/**
 * One round of this instance: claims due feeds a batch at a time until none is left, so several
 * instances share a round's work (a batch of 150 keeps an object's feeds mostly together).
 */
export async function runSyncRound(db: Db, opts: SyncOptions & { batch?: number } = {}) {
  const now = opts.now ?? new Date();
  const total = { feeds: 0, failed: 0, objects: 0 };
  for (;;) {
    const feeds = await claimDueFeeds(db, now, opts.batch ?? 150);
    if (!feeds.length) return total;
    const done = await syncFeeds(db, feeds, { ...opts, now });
    total.feeds += done.feeds;
    total.failed += done.failed;
    total.objects += done.objects;
  }
}

/**
 * The landlord's "sync now": this feed at once (its next round comes a period later). Null when
 * the landlord has no such feed; else its object and the error code of this attempt.
 */
export async function syncFeedNow(db: Db, owner: Owner, feedId: string, opts: SyncOptions = {}) {
  const now = opts.now ?? new Date();
  const [feed] = await db
    .update(portalCalendarFeeds)
    .set({ claimedUntil: new Date(now.getTime() + periodMs()) })
    .where(ownedBy(portalCalendarFeeds, owner, eq(portalCalendarFeeds.id, feedId)))
    .returning();
  if (!feed) return null;
  const done = await syncFeeds(db, [feed], { ...opts, now, force: true });
  return { objektId: feed.objektId, error: done.errors.get(feed.id) ?? null };
}
