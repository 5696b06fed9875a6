// The demo shows booking calendars without internet (issue 18): the demo landlord's first object
// gets a calendar whose stays become planned stays in the first round, dated from today.
import { describe, expect, it } from 'vitest';
import { portalPlannedStays } from '@/lib/db/schema';
import { DEMO_FEED_URL, seedDemoCalendar } from '@/lib/portal/calendars/demo-feed';
import { FeedFetchError, parseFeedUrl } from '@/lib/portal/calendars/safe-fetch';
import { runSyncRound } from '@/lib/portal/calendars/sync';
import { demoCalendarObject } from '@/lib/service/provisioning/demo';
import { addDays, berlinToday } from '@/lib/wire/time';
import { useTestDb } from '../../helpers/db';

const t = useTestDb();

describe('demo calendar', () => {
  it('gives the demo object planned stays ahead of today, once', async () => {
    const target = await demoCalendarObject(t.db);
    expect(target).toMatchObject({ username: 'demo', objektId: t.demo.objekte.moeweA });
    expect(await seedDemoCalendar(t.db, target!)).toBe(true);
    expect(await seedDemoCalendar(t.db, target!)).toBe(false);
    const now = new Date();
    const round = await runSyncRound(t.db, {
      now,
      fetch: () => Promise.reject(new Error('the demo needs no internet')),
    });
    expect(round).toMatchObject({ feeds: 1, failed: 0 });
    const stays = await t.db
      .select()
      .from(portalPlannedStays)
      .orderBy(portalPlannedStays.arrivalDate);
    const today = berlinToday(now);
    expect(stays.map((s) => [s.arrivalDate, s.departureDate])).toEqual([
      [addDays(today, 3), addDays(today, 7)],
      [addDays(today, 12), addDays(today, 19)],
    ]);
    expect(stays[0]).toMatchObject({
      source: 'calendar',
      summary: 'Reserved · HMDEMO0001 · …4711',
    });
  });

  it('takes no demo link from a landlord (only http and https are fetched)', () => {
    expect(() => parseFeedUrl(DEMO_FEED_URL)).toThrow(FeedFetchError);
  });
});
