// The demo's booking calendar (docs/decisions/015): the demo must show planned stays without
// internet, and fixed dates in a shipped file would lie in the past a month later. So the demo
// feed (link `demo:airbnb`, never accepted from a form) is an Airbnb-style iCal text written for
// today, parsed by node-ical like any fetched feed.
import { count } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { portalCalendarFeeds } from '@/lib/db/schema';
import { defaultServiceUrl } from '@/lib/portal/api/service-url';
import { addDays, berlinToday } from '@/lib/wire/time';
import { addFeed } from './feeds';

export const DEMO_FEED_URL = 'demo:airbnb';

export const isDemoFeed = (url: string) => url === DEMO_FEED_URL;

const ical = (date: string) => date.replaceAll('-', '');

/** Two bookings and a block ahead of `now`, as Airbnb publishes them. */
export function demoFeedBody(now: Date): string {
  const today = berlinToday(now);
  const event = (uid: string, from: number, to: number, summary: string, description?: string) => [
    'BEGIN:VEVENT',
    `DTSTAMP:${now.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`,
    `DTSTART;VALUE=DATE:${ical(addDays(today, from))}`,
    `DTEND;VALUE=DATE:${ical(addDays(today, to))}`,
    `SUMMARY:${summary}`,
    `UID:${uid}@airbnb.com`,
    ...(description ? [`DESCRIPTION:${description}`] : []),
    'END:VEVENT',
  ];
  const reservation = (code: string, phone: string) =>
    `Reservation URL: https://www.airbnb.com/hosting/reservations/details/${code}\\nPhone Number (Last 4 Digits): ${phone}`;
  return [
    'BEGIN:VCALENDAR',
    'PRODID:-//Airbnb Inc//Hosting Calendar 1.0//EN',
    'CALSCALE:GREGORIAN',
    'VERSION:2.0',
    ...event('demo-moewennest-1', 3, 7, 'Reserved', reservation('HMDEMO0001', '4711')),
    ...event('demo-moewennest-2', 12, 19, 'Reserved', reservation('HMDEMO0002', '0815')),
    ...event('demo-moewennest-block', 22, 24, 'Airbnb (Not available)'),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/**
 * Gives the demo landlord's object the demo calendar, while no calendar exists at all (a fresh
 * demo database; a removed demo calendar comes back only on an empty table).
 */
export async function seedDemoCalendar(
  db: Db,
  target: { username: string; gemeindeId: number; objektId: number },
): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(portalCalendarFeeds);
  if ((row?.n ?? 0) > 0) return false;
  await addFeed(
    db,
    { serviceUrl: defaultServiceUrl(), username: target.username },
    {
      gemeindeId: target.gemeindeId,
      objektId: target.objektId,
      url: DEMO_FEED_URL,
      platform: 'airbnb',
      blockedAreStays: false,
    },
  );
  return true;
}
