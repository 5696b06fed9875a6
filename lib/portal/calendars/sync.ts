// Syncing booking calendars (docs/decisions/015): every CALENDAR_SYNC_MINUTES each feed is fetched
// once across all instances. A round claims the feeds that are due in one statement (`FOR UPDATE
// SKIP LOCKED`: of two instances claiming together, each gets other feeds) and sets their
// `claimed_until` to the next period, so the claim doubles as "not before". A crashed instance's
// feeds come due again in the next period. New stays are stored with the mark `reconcile_due`,
// which only the object's reconcile clears (in its own transaction): a round cut short between the
// two (a deploy, a crash, a reconcile that throws) is finished by the next round of any instance.
// A sharp drop in a feed's bookings is held back (suspect.ts). No `server-only`:
// instrumentation.ts runs it.
import { eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { portalCalendarFeeds } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { describeError } from '@/lib/log';
import type { Owner } from '@/lib/portal/session/session';
import { berlinToday } from '@/lib/wire/time';
import { demoFeedBody, isDemoFeed } from './demo-feed';
import { FeedParseError, parseFeed, type FeedStay, type Platform } from './parse';
import { reconcileObject } from './reconcile';
import { FeedFetchError, safeFetch } from './safe-fetch';
import { confirmsDrop, dropOf, isSharpDrop } from './suspect';
import { ownedBy } from '../owned';

export type FeedRow = typeof portalCalendarFeeds.$inferSelect;

export interface SyncOptions {
  now?: Date;
  /** The fetcher (tests and the bench may pass limits of their own). */
  fetch?: (url: string) => Promise<string>;
  /** Feeds fetched at once per instance. */
  concurrency?: number;
  /** Set when the process shuts down: the round finishes its batch and claims no more. */
  signal?: AbortSignal;
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

const feedIs = (id: string) => eq(portalCalendarFeeds.id, id);

/**
 * What a successful fetch stores: the new stays, marked for the object's reconcile when they
 * differ; or, for a sharp drop not yet confirmed, the stays kept and the answer held back.
 */
async function storeStays(db: Db, feed: FeedRow, stays: FeedStay[], now: Date) {
  const seen = { lastSyncedAt: now, lastError: null };
  const drop = dropOf(feed.stays, stays, berlinToday(now));
  if (
    isSharpDrop(drop) &&
    !(feed.suspectSince && confirmsDrop(feed.suspectSince, now, periodMs()))
  ) {
    await db
      .update(portalCalendarFeeds)
      .set({ ...seen, suspectSince: feed.suspectSince ?? now, suspectStays: stays })
      .where(feedIs(feed.id));
    return { changed: false, suspect: true };
  }
  const changed = JSON.stringify(stays) !== JSON.stringify(feed.stays);
  await db
    .update(portalCalendarFeeds)
    .set({
      ...seen,
      ...(changed ? { stays, reconcileDue: true } : {}),
      suspectSince: null,
      suspectStays: null,
    })
    .where(feedIs(feed.id));
  return { changed, suspect: false };
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
    return { error: null, ...(await storeStays(db, feed, stays, now)) };
  } catch (err) {
    const code = errorCode(err);
    // Never the link nor the error's message (a database error's quotes its parameters): the
    // feed's id and the error's name, codes and frames (lib/log.ts).
    if (code === 'internal') console.warn(`calendar ${feed.id}: ${describeError(err)}`);
    await db
      .update(portalCalendarFeeds)
      .set({ lastError: code })
      .where(feedIs(feed.id))
      .catch((e: unknown) => console.warn(`calendar ${feed.id}: ${describeError(e)}`));
    return { error: code, changed: false, suspect: false };
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

const objectKey = (f: ObjectOf) => `${f.serviceUrl}|${f.username}|${f.objektId}`;

type ObjectOf = Pick<FeedRow, 'serviceUrl' | 'username' | 'gemeindeId' | 'objektId'>;

/**
 * Reconciles each object, one at a time, each in its own transaction: one that throws is logged
 * (its feeds keep their mark, so a later round tries again) and the others go on.
 */
async function reconcileEach(
  db: Db,
  objects: ObjectOf[],
  now: Date,
  onlyIfDue: boolean,
): Promise<{ reconciled: number; failed: number }> {
  let reconciled = 0;
  let failed = 0;
  // One object at a time: side by side their inserts would take both cores from the service
  // meanwhile; one at a time the bench's round still takes ~2.5 s (docs/decisions/015).
  for (const f of objects) {
    const o = {
      serviceUrl: f.serviceUrl,
      username: f.username,
      gemeindeId: f.gemeindeId,
      objektId: f.objektId,
    };
    try {
      if (await reconcileObject(db, o, now, { onlyIfDue })) reconciled++;
    } catch (err) {
      failed++;
      console.warn(`calendar object ${f.objektId}: reconcile failed: ${describeError(err)}`);
    }
    // Requests waiting meanwhile go first (on PGlite every query takes turns on this thread).
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { reconciled, failed };
}

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
  let suspect = 0;
  await inPool(feeds, opts.concurrency ?? 4, async (feed) => {
    const done = await refreshFeed(db, feed, opts, now);
    if (done.error) errors.set(feed.id, done.error);
    if (done.suspect) suspect++;
    if (done.changed || opts.force) changed.set(objectKey(feed), feed);
  });
  const done = await reconcileEach(db, [...changed.values()], now, !opts.force);
  const objects = new Set(feeds.map(objectKey)).size;
  return {
    feeds: feeds.length,
    failed: errors.size,
    suspect,
    objects,
    reconciled: done.reconciled,
    reconcileFailed: done.failed,
    errors,
  };
}

/** Objects whose feeds still carry the mark of a round cut short (any instance's). */
async function objectsDue(db: Db): Promise<ObjectOf[]> {
  const f = portalCalendarFeeds;
  return db
    .selectDistinct({
      serviceUrl: f.serviceUrl,
      username: f.username,
      gemeindeId: f.gemeindeId,
      objektId: f.objektId,
    })
    .from(f)
    .where(eq(f.reconcileDue, true))
    .limit(1000);
}

/**
 * One round of this instance: first the objects a round cut short left marked, then the due
 * feeds, claimed a batch at a time until none is left, so several instances share a round's work
 * (a batch of 150 keeps an object's feeds mostly together).
 */
export async function runSyncRound(db: Db, opts: SyncOptions & { batch?: number } = {}) {
  const now = opts.now ?? new Date();
  const left = await reconcileEach(db, await objectsDue(db), now, true);
  const total = {
    feeds: 0,
    failed: 0,
    suspect: 0,
    objects: 0,
    resumed: left.reconciled,
    reconcileFailed: left.failed,
  };
  while (!opts.signal?.aborted) {
    const feeds = await claimDueFeeds(db, now, opts.batch ?? 150);
    if (!feeds.length) break;
    const done = await syncFeeds(db, feeds, { ...opts, now });
    total.feeds += done.feeds;
    total.failed += done.failed;
    total.suspect += done.suspect;
    total.objects += done.objects;
    total.reconcileFailed += done.reconcileFailed;
  }
  return total;
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

/**
 * The landlord confirms the drop a suspect feed showed: its held-back answer becomes its stays and
 * the object follows, in one transaction. False when the landlord has no such suspect feed.
 */
export async function confirmFeedDrop(
  db: Db,
  owner: Owner,
  feedId: string,
  now = new Date(),
): Promise<{ objektId: number } | null> {
  return db.transaction(async (tx) => {
    const [feed] = await tx
      .update(portalCalendarFeeds)
      .set({
        stays: sql`coalesce(${portalCalendarFeeds.suspectStays}, '[]'::json)`,
        reconcileDue: true,
        suspectSince: null,
        suspectStays: null,
      })
      .where(
        ownedBy(
          portalCalendarFeeds,
          owner,
          eq(portalCalendarFeeds.id, feedId),
          isNotNull(portalCalendarFeeds.suspectSince),
        ),
      )
      .returning();
    if (!feed) return null;
    await reconcileObject(
      tx,
      { ...owner, gemeindeId: feed.gemeindeId, objektId: feed.objektId },
      now,
    );
    return { objektId: feed.objektId };
  });
}
