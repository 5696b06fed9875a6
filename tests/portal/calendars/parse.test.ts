// What real booking calendars publish, read as stays (issue 18), on realistic fixtures. The dates
// must not move with the machine's time zone: the same fixtures are parsed in child processes
// under TZ=Europe/Berlin and TZ=UTC (and two far-off zones) and must give the same stays.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { childEnv } from '@/lib/env';
import { FeedParseError, parseFeed, type FeedStay } from '@/lib/portal/calendars/parse';
import { FIXTURE_TODAY, fixture } from './fixtures';

const today = FIXTURE_TODAY;
const dates = (stays: FeedStay[]) => stays.map((s) => `${s.arrival}..${s.departure}`);

const EXPECTED = {
  airbnb: ['2027-02-10..2027-02-15', '2027-03-31..2027-04-02'],
  booking: ['2027-03-05..2027-03-08', '2027-03-20..2027-03-27'],
  vrbo: ['2027-04-10..2027-04-17'],
  smoobu: ['2027-02-10..2027-02-15', '2027-04-20..2027-04-23'],
};

describe('booking calendars as stays', () => {
  it('Airbnb: "Reserved" with the reservation code and the phone\'s last digits; blocks are no stays', () => {
    const stays = parseFeed(fixture('airbnb'), {
      platform: 'airbnb',
      blockedAreStays: false,
      today,
    });
    // DTEND is the departure day; the stay of December has ended; "Not available" (a block and
    // the booking-window block a year ahead) never counts.
    expect(dates(stays)).toEqual(EXPECTED.airbnb);
    expect(stays[0]).toMatchObject({
      key: '1418fb94e984-6c2e7c5a0cb1d1b5d0c2bd61bb0e2d37@airbnb.com',
      summary: 'Reserved · HMQ4ZP8X2K · …4711',
    });
  });

  it('Booking.com: "CLOSED - Not available" is a stay only when the landlord says so', () => {
    const body = fixture('booking');
    expect(parseFeed(body, { platform: 'booking', blockedAreStays: false, today })).toEqual([]);
    const stays = parseFeed(body, { platform: 'booking', blockedAreStays: true, today });
    // The closed year beyond the booking window is no stay of 365 nights.
    expect(dates(stays)).toEqual(EXPECTED.booking);
  });

  it('VRBO without any description: "Reserved - Name" is a stay, "Blocked" is not', () => {
    const stays = parseFeed(fixture('vrbo'), { platform: 'vrbo', blockedAreStays: false, today });
    expect(dates(stays)).toEqual(EXPECTED.vrbo);
    expect(stays[0]!.summary).toBe('Reserved - Julia');
  });

  it('Smoobu: TZID and UTC times by their Berlin day; blocks, cancellations and recurring events are no stays', () => {
    const stays = parseFeed(fixture('smoobu'), {
      platform: 'smoobu',
      blockedAreStays: false,
      today,
    });
    // 2027-04-19T23:00Z is 20 April in Berlin.
    expect(dates(stays)).toEqual(EXPECTED.smoobu);
  });

  it('gives each event a booking of its own with a key that stays, also without a UID or with a shared one', () => {
    const event = (from: string, to: string, summary: string, uid?: string) =>
      [
        'BEGIN:VEVENT',
        ...(uid ? [`UID:${uid}`] : []),
        `DTSTART;VALUE=DATE:${from}`,
        `DTEND;VALUE=DATE:${to}`,
        `SUMMARY:${summary}`,
        'END:VEVENT',
      ].join('\r\n');
    const body = (...events: string[]) =>
      ['BEGIN:VCALENDAR', 'VERSION:2.0', ...events, 'END:VCALENDAR', ''].join('\r\n');
    const rules = { platform: 'other' as const, blockedAreStays: false, today };
    // An older calendar without UIDs: two bookings on one day, one on another. node-ical keyed
    // them randomly; the sort then threw (no UID to compare) and failed the whole feed.
    const noUid = body(
      event('20270201', '20270205', 'Familie Berg'),
      event('20270201', '20270205', 'Herr Lind'),
      event('20270310', '20270312', 'Frau Ost'),
    );
    const first = parseFeed(noUid, rules);
    expect(first.map((s) => s.summary)).toEqual(['Familie Berg', 'Herr Lind', 'Frau Ost']);
    expect(new Set(first.map((s) => s.key)).size).toBe(3);
    // The same bookings next round, in another order: the same keys.
    const again = parseFeed(
      body(
        event('20270310', '20270312', 'Frau Ost'),
        event('20270201', '20270205', 'Herr Lind'),
        event('20270201', '20270205', 'Familie Berg'),
      ),
      rules,
    );
    expect(again).toEqual(first);
    // Two bookings sharing a UID (node-ical merged them into one): two stays.
    const shared = parseFeed(
      body(
        event('20270201', '20270205', 'Zimmer 1', 'same@example.org'),
        event('20270401', '20270403', 'Zimmer 1', 'same@example.org'),
        event('20270501', '20270503', 'Eigene', 'own@example.org'),
      ),
      rules,
    );
    expect(dates(shared)).toEqual([
      '2027-02-01..2027-02-05',
      '2027-04-01..2027-04-03',
      '2027-05-01..2027-05-03',
    ]);
    expect(new Set(shared.map((s) => s.key)).size).toBe(3);
    // A UID of its own is the key: it survives moved dates.
    expect(shared[2]!.key).toBe('own@example.org');
  });

  it('refuses what is no calendar', () => {
    expect(() =>
      parseFeed('<html>login</html>', { platform: 'other', blockedAreStays: false }),
    ).toThrow(FeedParseError);
  });

  it('gives the same dates under every time zone of the machine', async () => {
    const run = promisify(execFile);
    const tsx = path.resolve('node_modules/tsx/dist/cli.mjs');
    const script = path.resolve(__dirname, 'parse-in-zone.ts');
    for (const tz of ['Europe/Berlin', 'UTC', 'America/Los_Angeles', 'Pacific/Kiritimati']) {
      const { stdout } = await run(process.execPath, [tsx, script], { env: childEnv({ TZ: tz }) });
      const got = JSON.parse(stdout) as Record<keyof typeof EXPECTED, FeedStay[]>;
      for (const key of Object.keys(EXPECTED) as (keyof typeof EXPECTED)[]) {
        expect(dates(got[key]), `${key} under TZ=${tz}`).toEqual(EXPECTED[key]);
      }
    }
  }, 60_000);
});
