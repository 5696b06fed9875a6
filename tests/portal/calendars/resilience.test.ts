// Calendars that fail loudly, never silently (issue 30), on a real HTTP feed server and a real
// database: an empty answer is held back as suspect (the stays, links and mails remain) until a
// round a period later or the landlord confirms it; checked-in and booked parties are never
// cancelled by a feed; a booking that returns gets back its stay, its link and its unsent mail; a
// reconcile that throws loses nothing and stops no other object; a feed added late shows booked
// stays as booked; a failing feed's content goes on the planned stays' clock; the link never
// reaches a log or an error, also when the database refuses the write that carries it.
import { randomUUID } from 'node:crypto';
import { inspect } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  portalCalendarFeeds,
  portalCheckinLinks,
  portalCheckins,
  portalForms,
  portalMailOutbox,
  portalPlannedStays,
} from '@/lib/db/schema';
import { addFeed, FeedStoreError, listFeeds } from '@/lib/portal/calendars/feeds';
import { DEFAULT_LIMITS, safeFetch } from '@/lib/portal/calendars/safe-fetch';
import { calendarRound } from '@/lib/portal/calendars/scheduler';
import { periodic } from '@/lib/process-wide';
import { confirmFeedDrop, runSyncRound, syncFeedNow } from '@/lib/portal/calendars/sync';
import { linkState } from '@/lib/portal/checkin/rules';
import type { CheckinSnapshot } from '@/lib/portal/checkin/snapshot';
import { purgeExpiredCheckins } from '@/lib/portal/purge';
import { sendInvitationNow } from '@/lib/portal/invitations/send';
import { useTestDb } from '../../helpers/db';
import { startFeedServer, type FeedServer } from './feed-server';

const t = useTestDb();
const owner = { serviceUrl: 'http://localhost:3000/api/', username: 'resilient' };
const fetchLocal = (url: string) => safeFetch(url, { ...DEFAULT_LIMITS, isAllowed: () => true });
const PERIOD = 15 * 60_000;
const T0 = new Date('2027-01-10T08:00:00Z').getTime();
const at = (periods: number, extraMs = 0) => new Date(T0 + periods * PERIOD + extraMs);
const round = (now: Date) => runSyncRound(t.db, { now, fetch: fetchLocal });

interface Event {
  uid?: string;
  from: string;
  to: string;
  summary?: string;
}
const ical = (d: string) => d.replaceAll('-', '');
function calendar(events: Event[]): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Meldeportal test//EN',
    ...events.flatMap((e) => [
      'BEGIN:VEVENT',
      ...(e.uid ? [`UID:${e.uid}`] : []),
      'DTSTAMP:20270110T050000Z',
      `DTSTART;VALUE=DATE:${ical(e.from)}`,
      `DTEND;VALUE=DATE:${ical(e.to)}`,
      `SUMMARY:${e.summary ?? 'Buchung'}`,
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

let server: FeedServer;
beforeAll(async () => {
  server = await startFeedServer();
});
afterAll(() => server.close());

async function feedFor(objektId: number, path: string, events: Event[]) {
  server.serve(path, calendar(events));
  return addFeed(t.db, owner, {
    gemeindeId: 1,
    objektId,
    url: `${server.url}${path}?token=s3cret`,
    platform: 'other',
    blockedAreStays: false,
  });
}

const staysOf = (objektId: number) =>
  t.db
    .select()
    .from(portalPlannedStays)
    .where(
      and(
        eq(portalPlannedStays.username, owner.username),
        eq(portalPlannedStays.objektId, objektId),
      ),
    )
    .orderBy(portalPlannedStays.arrivalDate);

const snapshot = (objektId: number): CheckinSnapshot => ({
  objekt: { id: objektId, alias: 'Möwennest', address: 'Strandweg 1', beds: 4 },
  gemeinde: { id: 1, alias: 'Seeblick', fields: [], tarife: [] },
});

async function invite(stayId: string, objektId: number, now: Date) {
  const sent = await sendInvitationNow(
    t.db,
    owner,
    stayId,
    { landlordName: 'Anna Muster', snapshot: snapshot(objektId) },
    { contact: { guestEmail: 'gast@example.org' }, now },
  );
  if (!sent.ok) throw new Error(sent.reason);
  const [link] = await t.db
    .select()
    .from(portalCheckinLinks)
    .where(eq(portalCheckinLinks.plannedStayId, stayId));
  return { link: link!, mail: sent.mail };
}

const FOUR: Event[] = [
  { uid: 'a@test', from: '2027-02-01', to: '2027-02-05', summary: 'Buchung A' },
  { uid: 'b@test', from: '2027-02-10', to: '2027-02-15', summary: 'Buchung B' },
  { uid: 'c@test', from: '2027-03-01', to: '2027-03-04', summary: 'Buchung C' },
  { uid: 'd@test', from: '2027-04-01', to: '2027-04-08', summary: 'Buchung D' },
];

describe('a feed that suddenly answers empty', () => {
  const OBJ = 21;
  const ids: Record<'a' | 'b' | 'c' | 'd', string> = { a: '', b: '', c: '', d: '' };
  let bLink = '';
  let bMail = '';
  let feedId = '';

  it('keeps every stay, link and waiting mail, and tells the landlord', async () => {
    feedId = await feedFor(OBJ, '/empty.ics', FOUR);
    await round(at(0));
    const stays = await staysOf(OBJ);
    expect(stays.map((s) => s.summary)).toEqual([
      'Buchung A',
      'Buchung B',
      'Buchung C',
      'Buchung D',
    ]);
    [ids.a, ids.b, ids.c, ids.d] = stays.map((s) => s.id) as [string, string, string, string];
    // B is invited (its mail still waiting), C's guests have checked in, D is booked.
    const b = await invite(ids.b, OBJ, at(0));
    bLink = b.link.id;
    bMail = b.mail.id;
    const c = await invite(ids.c, OBJ, at(0));
    await t.db.insert(portalCheckins).values({
      id: randomUUID(),
      linkId: c.link.id,
      arrivalDate: '2027-03-01',
      departureDate: '2027-03-04',
      guests: [{ tarifId: '1', fields: { Gast_Name: 'Muster' } }],
      lang: 'de',
      purgeAfter: new Date('2027-03-11T00:00:00Z'),
    });
    await t.db
      .update(portalPlannedStays)
      .set({ state: 'booked', formId: 4711 })
      .where(eq(portalPlannedStays.id, ids.d));

    server.serve('/empty.ics', calendar([]));
    await round(at(1));
    const kept = await staysOf(OBJ);
    expect(kept.map((s) => s.state)).toEqual(['planned', 'invited', 'invited', 'booked']);
    const [link] = await t.db
      .select()
      .from(portalCheckinLinks)
      .where(eq(portalCheckinLinks.id, bLink));
    expect(linkState(link!, at(1))).toBe('open');
    const [mail] = await t.db.select().from(portalMailOutbox).where(eq(portalMailOutbox.id, bMail));
    expect(mail!.state).toBe('waiting');
    const [view] = await listFeeds(t.db, owner, at(1));
    expect(view!.suspect).toMatchObject({ before: 4, after: 0 });
    expect(view!.suspect!.since.toISOString()).toBe(at(1).toISOString());
  });

  it('still keeps them when the landlord syncs again within the period', async () => {
    await syncFeedNow(t.db, owner, feedId, { now: at(1, 60_000), fetch: fetchLocal });
    expect((await staysOf(OBJ)).filter((s) => s.state === 'cancelled')).toEqual([]);
    expect((await listFeeds(t.db, owner, at(1)))[0]!.suspect).not.toBeNull();
  });

  it('applies the drop when a round a period later shows it again, but never to a checked-in or booked party', async () => {
    // The landlord's sync moved the feed's next round a minute on.
    await round(at(2, 60_000));
    const byId = new Map((await staysOf(OBJ)).map((s) => [s.id, s]));
    expect(byId.get(ids.a)!.state).toBe('cancelled');
    expect(byId.get(ids.b)!.state).toBe('cancelled');
    // The checked-in and the booked party stay; the landlord is told.
    expect(byId.get(ids.c)).toMatchObject({ state: 'invited', cancelledAt: null });
    expect(byId.get(ids.c)!.goneFromCalendarAt).not.toBeNull();
    expect(byId.get(ids.d)).toMatchObject({ state: 'booked', cancelledAt: null });
    expect(byId.get(ids.d)!.goneFromCalendarAt).not.toBeNull();
    const [link] = await t.db
      .select()
      .from(portalCheckinLinks)
      .where(eq(portalCheckinLinks.id, bLink));
    expect(linkState(link!, at(2, 60_000))).toBe('revoked');
    const [mail] = await t.db.select().from(portalMailOutbox).where(eq(portalMailOutbox.id, bMail));
    expect(mail).toMatchObject({ state: 'failed', lastError: 'withdrawn' });
    expect((await listFeeds(t.db, owner, at(2, 60_000)))[0]!.suspect).toBeNull();
  });

  it('gives a booking that returns its stay, its link and its unsent mail back', async () => {
    server.serve('/empty.ics', calendar(FOUR.slice(1, 2)));
    await round(at(3, 60_000));
    const [b] = await t.db
      .select()
      .from(portalPlannedStays)
      .where(eq(portalPlannedStays.id, ids.b));
    expect(b).toMatchObject({ state: 'invited', cancelledAt: null, calendarWithdrawal: null });
    const [link] = await t.db
      .select()
      .from(portalCheckinLinks)
      .where(eq(portalCheckinLinks.id, bLink));
    expect(linkState(link!, at(3, 60_000))).toBe('open');
    const [mail] = await t.db.select().from(portalMailOutbox).where(eq(portalMailOutbox.id, bMail));
    expect(mail).toMatchObject({ state: 'waiting', lastError: null });
    // A stay cancelled without an invitation comes back planned.
    const [a] = await t.db
      .select()
      .from(portalPlannedStays)
      .where(eq(portalPlannedStays.id, ids.a));
    expect(a!.state).toBe('cancelled');
  });
});

describe('the landlord confirms a suspect drop', () => {
  it('cancels the missing bookings at once; someone else cannot', async () => {
    const OBJ = 22;
    const feedId = await feedFor(OBJ, '/confirm.ics', FOUR.slice(0, 3));
    await round(at(0));
    server.serve('/confirm.ics', calendar(FOUR.slice(0, 1)));
    await syncFeedNow(t.db, owner, feedId, { now: at(0, 60_000), fetch: fetchLocal });
    expect((await staysOf(OBJ)).map((s) => s.state)).toEqual(['planned', 'planned', 'planned']);
    const other = { ...owner, username: 'someone-else' };
    expect(await confirmFeedDrop(t.db, other, feedId, at(0, 120_000))).toBeNull();
    expect(await confirmFeedDrop(t.db, owner, feedId, at(0, 120_000))).toEqual({ objektId: OBJ });
    expect((await staysOf(OBJ)).map((s) => s.state)).toEqual(['planned', 'cancelled', 'cancelled']);
    // One cancellation among several is ordinary: applied without a question.
    server.serve('/confirm.ics', calendar([]));
    await syncFeedNow(t.db, owner, feedId, { now: at(0, 180_000), fetch: fetchLocal });
    expect((await staysOf(OBJ)).map((s) => s.state)).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
  });
});

describe('a round cut short', () => {
  it('finishes a reconcile that threw in a later round, and reconciles the other objects meanwhile', async () => {
    // The fault: the first insert of planned stays for object 23 fails (a sequence is outside
    // every transaction, so the second attempt passes).
    await t.db.execute(sql.raw(`create sequence test_fault_23`));
    await t.db.execute(
      sql.raw(`create function test_fault_23() returns trigger language plpgsql as $$
        begin
          if new.objekt_id = 23 and nextval('test_fault_23') = 1 then
            raise exception 'injected fault';
          end if;
          return new;
        end $$`),
    );
    await t.db.execute(
      sql.raw(`create trigger test_fault_23 before insert on portal_planned_stays
        for each row execute function test_fault_23()`),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      await feedFor(23, '/fault.ics', FOUR.slice(0, 2));
      const fine = await feedFor(24, '/fine.ics', FOUR.slice(2, 4));
      await t.db
        .update(portalCalendarFeeds)
        .set({ claimedUntil: new Date(0) }) // claimed after the failing one (nulls first)
        .where(eq(portalCalendarFeeds.id, fine));
      const first = await runSyncRound(t.db, { now: at(0), fetch: fetchLocal, concurrency: 1 });
      expect(first).toMatchObject({ reconcileFailed: 1 });
      expect(await staysOf(23)).toEqual([]);
      expect((await staysOf(24)).length).toBe(2);
      // The next tick (before the feeds are due again) finishes what the first left.
      await round(at(0, 60_000));
      expect((await staysOf(23)).map((s) => s.summary)).toEqual(['Buchung A', 'Buchung B']);
      const logged = warn.mock.calls.flat().join('\n');
      expect(logged).toContain('reconcile failed');
      expect(logged).not.toContain('s3cret');
    } finally {
      warn.mockRestore();
      await t.db.execute(sql.raw(`drop trigger test_fault_23 on portal_planned_stays`));
    }
  });

  it('lets shutdown wait for the round in flight', async () => {
    let release = () => {};
    let fetched = () => {};
    const started = new Promise<void>((resolve) => (fetched = resolve));
    const slow = (url: string) => {
      fetched();
      return new Promise<void>((resolve) => (release = resolve)).then(() => fetchLocal(url));
    };
    server.serve('/slow.ics', calendar(FOUR.slice(0, 1)));
    await addFeed(t.db, owner, {
      gemeindeId: 1,
      objektId: 25,
      url: `${server.url}/slow.ics`,
      platform: 'other',
      blockedAreStays: false,
    });
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    try {
      const job = periodic(
        'portal-calendars',
        60_000,
        (signal) => calendarRound(t.db, signal, { fetch: slow }),
        { firstAfterMs: 0 },
      );
      await started;
      let stopped = false;
      const stopping = job.stop().then(() => (stopped = true));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(stopped).toBe(false);
      release();
      await stopping;
      expect((await staysOf(25)).map((s) => s.summary)).toEqual(['Buchung A']);
    } finally {
      info.mockRestore();
    }
  });
});

describe('a feed added after some of its stays were booked', () => {
  it('shows those as booked with their form, not as planned', async () => {
    const OBJ = 26;
    await t.db.insert(portalForms).values({
      ...owner,
      formId: 9001,
      gemeindeId: 1,
      objektId: OBJ,
      meldescheinnummer: 'M-9001',
      state: 'booked',
      arrivalDate: '2027-02-10',
      departureDate: '2027-02-15',
      nights: 5,
      guests: 2,
      kurtaxeCents: 1000,
    });
    await feedFor(OBJ, '/late.ics', FOUR.slice(0, 2));
    await round(at(0));
    const stays = await staysOf(OBJ);
    expect(stays.map((s) => [s.summary, s.state, s.formId])).toEqual([
      ['Buchung A', 'planned', null],
      ['Buchung B', 'booked', 9001],
    ]);
  });
});

describe("a feed's link", () => {
  it('never reaches a log or an error, also when the database refuses the write', async () => {
    await t.db.execute(
      sql.raw(`create function test_refuse_feed() returns trigger language plpgsql as $$
        begin raise exception 'refused'; end $$`),
    );
    await t.db.execute(
      sql.raw(`create trigger test_refuse_feed before insert on portal_calendar_feeds
        for each row execute function test_refuse_feed()`),
    );
    const said: unknown[] = [];
    const spies = (['error', 'warn', 'info', 'log'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => said.push(...args)),
    );
    try {
      const err = await addFeed(t.db, owner, {
        gemeindeId: 1,
        objektId: 27,
        url: 'https://www.airbnb.com/calendar/ical/123.ics?s=very-secret-token',
        platform: 'airbnb',
        blockedAreStays: false,
      }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(FeedStoreError);
      // What Next would print of an action's error, and whatever this code logged itself.
      expect(inspect(err, { depth: 10 })).not.toContain('very-secret-token');
      expect(said.length).toBeGreaterThan(0);
      expect(said.map((a) => inspect(a, { depth: 10 })).join('\n')).not.toContain(
        'very-secret-token',
      );
    } finally {
      for (const spy of spies) spy.mockRestore();
      await t.db.execute(sql.raw(`drop trigger test_refuse_feed on portal_calendar_feeds`));
    }
  });
});

describe("a failing feed's last content", () => {
  it('is erased on the planned stays’ clock', async () => {
    const OBJ = 28;
    const id = await feedFor(OBJ, '/gone.ics', [
      {
        uid: 'x@test',
        from: '2027-01-20',
        to: '2027-01-25',
        summary: 'Reserved · HMSECRET01 · …4711',
      },
      {
        uid: 'y@test',
        from: '2027-06-01',
        to: '2027-06-05',
        summary: 'Reserved · HMLATER002 · …0815',
      },
    ]);
    await round(at(0));
    // From then on the feed fails: its last content is all the portal has of it.
    server.routes.set('/gone.ics', (_req, res) => res.writeHead(503).end());
    await syncFeedNow(t.db, owner, id, {
      now: new Date('2027-01-31T08:00:00Z'),
      fetch: fetchLocal,
    });
    // The planned stay of 20-25 January goes 7 days after its departure; so does the feed's word.
    await purgeExpiredCheckins(t.db, new Date('2027-02-01T12:00:00Z'));
    const [before] = await t.db
      .select()
      .from(portalCalendarFeeds)
      .where(eq(portalCalendarFeeds.id, id));
    expect(JSON.stringify(before!.stays)).toContain('HMSECRET01');
    await purgeExpiredCheckins(t.db, new Date('2027-02-02T12:00:00Z'));
    const [after] = await t.db
      .select()
      .from(portalCalendarFeeds)
      .where(eq(portalCalendarFeeds.id, id));
    expect(JSON.stringify(after!.stays)).not.toContain('HMSECRET01');
    expect(after!.stays.map((s) => s.summary)).toEqual(['Reserved · HMLATER002 · …0815']);
    expect((await staysOf(OBJ)).map((s) => s.summary)).toEqual(['Reserved · HMLATER002 · …0815']);
  });
});
