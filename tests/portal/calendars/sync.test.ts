// Planned stays follow the object's booking calendars (issue 18): new bookings become planned
// stays, the same booking in a platform's feed and a channel manager's is one, moved dates move
// the stay and its invitation's validity, a booking gone from every feed cancels its planned stay
// and withdraws the invitation, but a booked stay is only marked. Feeds on a real HTTP server.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  portalCalendarFeeds,
  portalCheckinLinks,
  portalMailOutbox,
  portalPlannedStays,
} from '@/lib/db/schema';
import type { CheckinSnapshot } from '@/lib/portal/checkin/snapshot';
import { addFeed, calendarStays, listFeeds, removeFeed } from '@/lib/portal/calendars/feeds';
import { DEFAULT_LIMITS, safeFetch } from '@/lib/portal/calendars/safe-fetch';
import { runSyncRound, syncFeedNow } from '@/lib/portal/calendars/sync';
import { enqueueMail } from '@/lib/portal/mail/outbox';
import { useTestDb } from '../../helpers/db';
import { startFeedServer, type FeedServer } from './feed-server';
import { fixture } from './fixtures';

const t = useTestDb();
const owner = { serviceUrl: 'http://localhost:3000/api/', username: 'demo' };
const other = { serviceUrl: 'http://localhost:3000/api/', username: 'demo2' };
const OBJ = { gemeindeId: 1, objektId: 11 };
const fetchLocal = (url: string) => safeFetch(url, { ...DEFAULT_LIMITS, isAllowed: () => true });
const PERIOD = 15 * 60_000;
let now = new Date('2027-01-10T08:00:00Z');
const round = () => runSyncRound(t.db, { now, fetch: fetchLocal });
const nextRound = () => {
  now = new Date(now.getTime() + PERIOD);
  return round();
};

let server: FeedServer;
let airbnbId: string;
let smoobuId: string;

beforeAll(async () => {
  server = await startFeedServer();
  server.serve('/airbnb.ics', fixture('airbnb'));
  server.serve('/smoobu.ics', fixture('smoobu'));
});
afterAll(() => server.close());

async function staysOf(o = owner) {
  return t.db
    .select()
    .from(portalPlannedStays)
    .where(and(eq(portalPlannedStays.username, o.username), eq(portalPlannedStays.objektId, 11)))
    .orderBy(portalPlannedStays.arrivalDate);
}
const active = async () =>
  (await staysOf())
    .filter((s) => s.state !== 'cancelled')
    .map((s) => `${s.arrivalDate}..${s.departureDate}`);

async function invite(plannedStayId: string, departure: string) {
  const id = randomUUID();
  await t.db.insert(portalCheckinLinks).values({
    id,
    publicId: randomUUID(),
    kind: 'stay',
    ...owner,
    ...OBJ,
    plannedStayId,
    arrivalDate: '2027-01-01',
    departureDate: departure,
    expectedGuests: 2,
    snapshot: {} as CheckinSnapshot,
    expiresAt: new Date(`${departure}T23:00:00Z`),
  });
  return id;
}

describe('calendar sync', () => {
  it('turns two feeds of one object into planned stays, the shared booking once', async () => {
    airbnbId = await addFeed(t.db, owner, {
      ...OBJ,
      url: `${server.url}/airbnb.ics?s=secret-token`,
      platform: 'airbnb',
      blockedAreStays: false,
    });
    smoobuId = await addFeed(t.db, owner, {
      ...OBJ,
      url: `${server.url}/smoobu.ics`,
      platform: 'smoobu',
      blockedAreStays: false,
    });
    // Someone else's feed of an object with the same number stays theirs.
    await addFeed(t.db, other, {
      ...OBJ,
      url: `${server.url}/airbnb.ics`,
      platform: 'airbnb',
      blockedAreStays: false,
    });
    expect(await round()).toMatchObject({ feeds: 3, failed: 0, objects: 2 });
    expect(await active()).toEqual([
      '2027-02-10..2027-02-15', // Airbnb and Smoobu: one stay
      '2027-03-31..2027-04-02',
      '2027-04-20..2027-04-23',
    ]);
    const [feb] = await staysOf();
    expect(feb).toMatchObject({
      source: 'calendar',
      feedId: airbnbId,
      eventUid: '1418fb94e984-6c2e7c5a0cb1d1b5d0c2bd61bb0e2d37@airbnb.com',
      summary: 'Reserved · HMQ4ZP8X2K · …4711',
      state: 'planned',
    });
    expect((await staysOf(other)).length).toBe(2);
    const views = await listFeeds(t.db, owner);
    expect(views.map((v) => v.shortUrl)).toEqual([
      `127.0.0.1:${server.port}/…`,
      `127.0.0.1:${server.port}/…`,
    ]);
    expect(JSON.stringify(views)).not.toContain('secret-token');
    expect((await calendarStays(t.db, owner, now)).length).toBe(3);
  });

  it('fetches each feed once per period', async () => {
    const hits = server.hits.get('/airbnb.ics');
    expect(await round()).toMatchObject({ feeds: 0 });
    expect(server.hits.get('/airbnb.ics')).toBe(hits);
  });

  it('moves a planned stay and its invitation when the dates move', async () => {
    const stay = (await staysOf()).find((s) => s.arrivalDate === '2027-03-31')!;
    const link = await invite(stay.id, '2027-04-02');
    server.serve(
      '/airbnb.ics',
      fixture('airbnb')
        .replace('DTSTART;VALUE=DATE:20270331', 'DTSTART;VALUE=DATE:20270401')
        .replace('DTEND;VALUE=DATE:20270402', 'DTEND;VALUE=DATE:20270405'),
    );
    await nextRound();
    const [moved] = await t.db
      .select()
      .from(portalPlannedStays)
      .where(eq(portalPlannedStays.id, stay.id));
    expect(moved).toMatchObject({ arrivalDate: '2027-04-01', departureDate: '2027-04-05' });
    const [inv] = await t.db
      .select()
      .from(portalCheckinLinks)
      .where(eq(portalCheckinLinks.id, link));
    expect(inv).toMatchObject({ arrivalDate: '2027-04-01', departureDate: '2027-04-05' });
    expect(inv!.expiresAt!.toISOString()).toBe('2027-04-05T22:00:00.000Z'); // end of 5 April, CEST
  });

  it('keeps a booking that is still in the other feed; cancels it once gone from both', async () => {
    const feb = (await staysOf()).find((s) => s.arrivalDate === '2027-02-10')!;
    const link = await invite(feb.id, '2027-02-15');
    await t.db
      .update(portalPlannedStays)
      .set({ state: 'invited' })
      .where(eq(portalPlannedStays.id, feb.id));
    const waiting = await enqueueMail(t.db, owner, {
      kind: 'reminder',
      to: 'gast@example.org',
      plannedStayId: feb.id,
      subject: 'Erinnerung',
      text: 'Bitte melden Sie sich an.',
      html: '<p>Bitte melden Sie sich an.</p>',
    });
    const withoutFeb = (body: string, uid: string) =>
      body.replace(
        new RegExp(`BEGIN:VEVENT\\r\\n(?:(?!END:VEVENT)[\\s\\S])*${uid}[\\s\\S]*?END:VEVENT\\r\\n`),
        '',
      );
    const airbnb = withoutFeb(fixture('airbnb'), '1418fb94e984-6c2e7c5a0cb1d1b5d0c2bd61bb0e2d37');
    expect(airbnb).not.toContain('20270210');
    server.serve('/airbnb.ics', airbnb);
    await nextRound();
    expect(await active()).toContain('2027-02-10..2027-02-15'); // Smoobu still lists it
    server.serve('/smoobu.ics', withoutFeb(fixture('smoobu'), 'smoobu-booking-41877231'));
    await nextRound();
    expect(await active()).not.toContain('2027-02-10..2027-02-15');
    const [cancelled] = await t.db
      .select()
      .from(portalPlannedStays)
      .where(eq(portalPlannedStays.id, feb.id));
    expect(cancelled).toMatchObject({ state: 'cancelled' });
    const [inv] = await t.db
      .select()
      .from(portalCheckinLinks)
      .where(eq(portalCheckinLinks.id, link));
    expect(inv!.revokedAt).not.toBeNull();
    // The waiting reminder is not sent: withdrawn in the same transaction as the cancellation.
    const [mail] = await t.db
      .select()
      .from(portalMailOutbox)
      .where(eq(portalMailOutbox.id, waiting.id));
    expect(mail).toMatchObject({ state: 'failed', lastError: 'withdrawn' });
  });

  it('never cancels a booked stay: it is marked gone from the calendar', async () => {
    const apr = (await staysOf()).find((s) => s.arrivalDate === '2027-04-20')!;
    await t.db
      .update(portalPlannedStays)
      .set({ formId: 4711, state: 'booked' })
      .where(eq(portalPlannedStays.id, apr.id));
    server.serve('/smoobu.ics', 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n');
    await nextRound();
    const [kept] = await t.db
      .select()
      .from(portalPlannedStays)
      .where(eq(portalPlannedStays.id, apr.id));
    expect(kept).toMatchObject({ state: 'booked', cancelledAt: null });
    expect(kept!.goneFromCalendarAt).not.toBeNull();
  });

  it("records a failed fetch as a code and keeps that feed's stays", async () => {
    const before = await active();
    server.routes.set('/airbnb.ics', (_req, res) => res.writeHead(503).end());
    await nextRound();
    const [feed] = await t.db
      .select()
      .from(portalCalendarFeeds)
      .where(eq(portalCalendarFeeds.id, airbnbId));
    expect(feed!.lastError).toBe('http_status:503');
    expect(await active()).toEqual(before);
    server.serve('/airbnb.ics', fixture('airbnb'));
    await syncFeedNow(t.db, owner, airbnbId, { now, fetch: fetchLocal });
    const [ok] = await t.db
      .select()
      .from(portalCalendarFeeds)
      .where(eq(portalCalendarFeeds.id, airbnbId));
    expect(ok!.lastError).toBeNull();
    expect(await syncFeedNow(t.db, other, airbnbId, { now, fetch: fetchLocal })).toBeNull();
  });

  it('cancels the stays of a removed feed, and only the owner can remove it', async () => {
    expect(await removeFeed(t.db, other, airbnbId)).toBe(false);
    expect(await removeFeed(t.db, owner, airbnbId)).toBe(true);
    expect(await removeFeed(t.db, owner, smoobuId)).toBe(true);
    const left = (await staysOf()).filter((s) => s.state !== 'cancelled');
    expect(left.map((s) => s.state)).toEqual(['booked']); // the booked stay only
  });
});
