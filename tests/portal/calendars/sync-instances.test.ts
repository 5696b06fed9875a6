// Two instances on one PostgreSQL database (issue 18): every feed is fetched once per round, and
// the object's planned stays are made once. Needs TEST_DATABASE_URL: PGlite runs one query at a
// time and would hide the race (PITFALLS).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalCalendarFeeds, portalPlannedStays } from '@/lib/db/schema';
import { addFeed } from '@/lib/portal/calendars/feeds';
import { DEFAULT_LIMITS, safeFetch } from '@/lib/portal/calendars/safe-fetch';
import { runSyncRound } from '@/lib/portal/calendars/sync';
import { useSecondInstance, useTestDb } from '../../helpers/db';
import { startFeedServer, type FeedServer } from './feed-server';
import { fixture } from './fixtures';

const t = useTestDb();
const owner = { serviceUrl: 'http://localhost:3000/api/', username: 'demo' };
const fetchLocal = (url: string) => safeFetch(url, { ...DEFAULT_LIMITS, isAllowed: () => true });
const OBJECTS = 20;
const FEEDS_PER_OBJECT = 2;

let server: FeedServer;
const second = useSecondInstance(t);

beforeAll(async () => {
  server = await startFeedServer();
  const body = fixture('airbnb');
  for (let i = 0; i < OBJECTS * FEEDS_PER_OBJECT; i++) {
    // A little latency, so both instances' rounds overlap the whole time.
    server.routes.set(`/feed-${i}.ics`, (_req, res) => {
      setTimeout(() => res.writeHead(200, { 'content-type': 'text/calendar' }).end(body), 15);
    });
  }
});
afterAll(async () => {
  await server.close();
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('calendar sync on two instances', () => {
  it('fetches every feed once per round and makes each planned stay once', async () => {
    for (let i = 0; i < OBJECTS * FEEDS_PER_OBJECT; i++) {
      await addFeed(t.db, owner, {
        gemeindeId: 1,
        objektId: 100 + Math.floor(i / FEEDS_PER_OBJECT),
        url: `${server.url}/feed-${i}.ics`,
        platform: 'airbnb',
        blockedAreStays: false,
      });
    }
    const now = new Date('2027-01-10T08:00:00Z');
    const instances = [t.db, second.db];
    const rounds = await Promise.all(
      instances.map((db) => runSyncRound(db, { now, fetch: fetchLocal, concurrency: 2, batch: 4 })),
    );
    expect(rounds[0]!.feeds + rounds[1]!.feeds).toBe(OBJECTS * FEEDS_PER_OBJECT);
    expect(rounds[0]!.feeds).toBeGreaterThan(0);
    expect(rounds[1]!.feeds).toBeGreaterThan(0);
    for (let i = 0; i < OBJECTS * FEEDS_PER_OBJECT; i++) {
      expect(server.hits.get(`/feed-${i}.ics`), `feed ${i}`).toBe(1);
    }
    // Both feeds of an object list the same two bookings: two planned stays per object.
    const stays = await t.db.select().from(portalPlannedStays);
    expect(stays.length).toBe(OBJECTS * 2);
    // The same round again on both: nothing is due.
    const again = await Promise.all(
      instances.map((db) => runSyncRound(db, { now, fetch: fetchLocal })),
    );
    expect(again.map((r) => r.feeds)).toEqual([0, 0]);
    // The next period: once more each.
    const later = new Date(now.getTime() + 15 * 60_000);
    await Promise.all(instances.map((db) => runSyncRound(db, { now: later, fetch: fetchLocal })));
    for (let i = 0; i < OBJECTS * FEEDS_PER_OBJECT; i++) {
      expect(server.hits.get(`/feed-${i}.ics`), `feed ${i}`).toBe(2);
    }
    const feeds = await t.db
      .select()
      .from(portalCalendarFeeds)
      .where(eq(portalCalendarFeeds.username, owner.username));
    expect(feeds.every((f) => f.lastError === null && f.lastSyncedAt !== null)).toBe(true);
    expect((await t.db.select().from(portalPlannedStays)).length).toBe(OBJECTS * 2);
  });
});
