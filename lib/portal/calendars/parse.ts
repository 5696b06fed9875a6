// What a booking calendar says, as stays (docs/decisions/015). node-ical reads the file; the rules
// here decide which events are stays: each platform marks bookings and closed days its own way.
// All-day dates are calendar dates: node-ical gives them as local midnight, so they are read as
// local Y-M-D and never through UTC (PITFALLS: under TZ=Europe/Berlin toISOString is a day early).
// DTEND of an all-day event is the departure day (exclusive), which is what a stay's departure is.
import ical, { type DateWithTimeZone, type ParameterValue, type VEvent } from 'node-ical';
import type { CalendarStay } from './stay';
import { addDays, berlinToday, daysBetween } from '@/lib/wire/time';

import type { Platform } from './platforms';

export { PLATFORMS, type Platform } from './platforms';

/** `summary` is what the calendar said, for the landlord (e.g. "Reserved · HMQ4ZP8X2K · …4711"). */
export type FeedStay = CalendarStay;

export interface FeedRules {
  platform: Platform;
  /** Booking.com: its closed days ("CLOSED - Not available") are bookings. */
  blockedAreStays: boolean;
  /** Berlin's date; stays that have ended are left out. */
  today?: string;
}

export class FeedParseError extends Error {
  readonly code = 'not_calendar';
  constructor() {
    super('not_calendar');
    this.name = 'FeedParseError';
  }
}

/** Stays further ahead than this are left out (platforms' calendars reach 1-3 years). */
export const HORIZON_DAYS = 730;
/**
 * Longer than this is a closed period, not a stay: Booking.com lists the days beyond the booking
 * window as one long "CLOSED" event that would otherwise be a "stay" of months.
 */
export const MAX_NIGHTS = 90;

const BLOCK_WORDS =
  /not available|unavailable|blocked|closed|nicht verfügbar|gesperrt|blockiert|geschlossen/i;

const text = (v: ParameterValue | string | undefined): string =>
  (typeof v === 'string' ? v : (v?.val ?? '')).trim();

/** An event's day in Berlin: all-day and floating times by their own wall clock, others by zone. */
function dayOf(d: DateWithTimeZone, dateOnly: boolean): string {
  if (dateOnly || !d.tz) {
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  }
  return berlinToday(d);
}

function isStay(summary: string, description: string, rules: FeedRules): boolean {
  switch (rules.platform) {
    case 'airbnb':
      // "Reserved" with a reservation link; "Airbnb (Not available)" is a block, including the
      // booking-window block at the far end that moves every day.
      return /^reserved\b/i.test(summary) || /reservation url/i.test(description);
    case 'booking':
      // Reservations and closed days are the same "CLOSED - Not available": the landlord decides.
      return rules.blockedAreStays;
    case 'vrbo':
      // "Reserved - Name" for bookings, "Blocked" for the owner's own; no description at all.
      return /^reserved\b/i.test(summary);
    default:
      // Channel managers (Smoobu) and others name bookings freely; closed days say so.
      return !BLOCK_WORDS.test(summary);
  }
}

function airbnbDetails(description: string): string[] {
  const code = /reservations\/details\/([A-Z0-9]+)/i.exec(description)?.[1];
  const phone = /last 4 digits\)?:\s*(\d{4})/i.exec(description)?.[1];
  return [code, phone ? `…${phone}` : undefined].filter((s): s is string => !!s);
}

function stayOf(event: VEvent, rules: FeedRules, today: string): FeedStay | null {
  if (event.status === 'CANCELLED') return null;
  // Recurring events are never bookings (no platform publishes one so): a landlord's repeated
  // block, e.g. weekly cleaning. They are not expanded (docs/decisions/015).
  if (event.rrule || event.recurrenceid) return null;
  const dateOnly = event.datetype === 'date';
  const arrival = dayOf(event.start, dateOnly);
  const departure = event.end
    ? dayOf(event.end, dateOnly)
    : dateOnly
      ? addDays(arrival, 1) // RFC 5545: an all-day event without DTEND lasts one day
      : arrival;
  const nights = daysBetween(arrival, departure);
  if (nights < 1 || nights > MAX_NIGHTS) return null;
  if (departure < today || arrival > addDays(today, HORIZON_DAYS)) return null;
  const summary = text(event.summary);
  const description = text(event.description);
  if (!isStay(summary, description, rules)) return null;
  const details = rules.platform === 'airbnb' ? airbnbDetails(description) : [];
  return {
    uid: event.uid,
    arrival,
    departure,
    summary: [summary || rules.platform, ...details].join(' · ').slice(0, 200),
  };
}

/** The stays of an iCal text under the feed's rules; FeedParseError when it is no calendar. */
export function parseFeed(body: string, rules: FeedRules): FeedStay[] {
  if (!/BEGIN:VCALENDAR/i.test(body.slice(0, 2048))) throw new FeedParseError();
  let parsed: ReturnType<typeof ical.sync.parseICS>;
  try {
    parsed = ical.sync.parseICS(body);
  } catch {
    throw new FeedParseError();
  }
  const today = rules.today ?? berlinToday();
  const stays: FeedStay[] = [];
  for (const item of Object.values(parsed)) {
    if (!item || item.type !== 'VEVENT' || !item.start) continue;
    const stay = stayOf(item, rules, today);
    if (stay) stays.push(stay);
  }
  return stays.sort((a, b) => a.arrival.localeCompare(b.arrival) || a.uid.localeCompare(b.uid));
}
