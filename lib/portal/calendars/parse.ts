// What a booking calendar says, as stays (docs/decisions/015). node-ical reads the file; the rules
// here decide which events are stays: each platform marks bookings and closed days its own way.
// All-day dates are calendar dates: node-ical gives them as local midnight, so they are read as
// local Y-M-D and never through UTC (PITFALLS: under TZ=Europe/Berlin toISOString is a day early).
// DTEND of an all-day event is the departure day (exclusive), which is what a stay's departure is.
// Each event is a booking of its own with a key of its own (bookingKeys below): node-ical keys its
// result by UID, so events without one would get random keys and events sharing one would be merged
// into one; every event's UID is therefore replaced by its position before parsing.
import { randomUUID } from 'node:crypto';
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

/** A stay as parsed, before its key: `uid` is the event's own UID, null when it has none. */
interface ParsedStay extends Omit<FeedStay, 'key'> {
  uid: string | null;
}

function stayOf(
  event: VEvent,
  uid: string | null,
  rules: FeedRules,
  today: string,
): ParsedStay | null {
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
    uid,
    arrival,
    departure,
    summary: [summary || rules.platform, ...details].join(' · ').slice(0, 200),
  };
}

/** Marks each top-level VEVENT's UID line as `UID:<prefix><n>`; the events' own UIDs by n. */
function numberEvents(body: string, prefix: string): { text: string; uids: (string | null)[] } {
  // Unfolding first (RFC 5545 3.1: a line break followed by a space or tab continues the line), so
  // a folded UID is read whole; node-ical reads unfolded text the same.
  const lines = body.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
  const uids: (string | null)[] = [];
  const out: string[] = [];
  let depth = 0; // components inside the current VEVENT (VALARM has a UID of its own)
  let inEvent = false;
  for (const line of lines) {
    const upper = line.toUpperCase();
    if (upper.startsWith('BEGIN:')) {
      if (!inEvent && upper.trimEnd() === 'BEGIN:VEVENT') {
        inEvent = true;
        depth = 0;
        uids.push(null);
        out.push(line, `UID:${prefix}${uids.length - 1}`);
        continue;
      }
      if (inEvent) depth++;
    } else if (upper.startsWith('END:') && inEvent) {
      if (depth === 0 && upper.trimEnd() === 'END:VEVENT') inEvent = false;
      else depth--;
    } else if (inEvent && depth === 0 && /^UID[;:]/i.test(line)) {
      const value = line.slice(line.indexOf(':') + 1).trim();
      uids[uids.length - 1] = value || null;
      continue;
    }
    out.push(line);
  }
  return { text: out.join('\r\n'), uids };
}

/**
 * Each booking's key, stable across rounds: its UID where no other event of the feed has that UID
 * (a UID survives moved dates); else its dates, with the UID (events sharing one), and for events
 * without a UID their summary and a count only where the dates alone would not tell them apart.
 */
function bookingKeys(stays: ParsedStay[], fileUids: (string | null)[]): FeedStay[] {
  const count = <T>(items: T[], key: (s: T) => string) => {
    const n = new Map<string, number>();
    for (const s of items) n.set(key(s), (n.get(key(s)) ?? 0) + 1);
    return n;
  };
  // Over every event of the file (blocks too): a UID is the booking's own only when no other
  // event carries it.
  const perUid = count(fileUids, (u) => u ?? '');
  const dates = (s: ParsedStay) => `${s.uid ?? ''}|${s.arrival}/${s.departure}`;
  const perDates = count(stays, dates);
  const seen = new Map<string, number>();
  return stays.map(({ uid, ...stay }) => {
    let key =
      uid && perUid.get(uid) === 1 ? uid : `${uid ?? 'no-uid'}|${stay.arrival}/${stay.departure}`;
    if (perDates.get(dates({ uid, ...stay }))! > 1) key += `|${stay.summary}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return { key: n > 1 ? `${key}#${n}` : key, ...stay };
  });
}

/** The stays of an iCal text under the feed's rules; FeedParseError when it is no calendar. */
export function parseFeed(body: string, rules: FeedRules): FeedStay[] {
  if (!/BEGIN:VCALENDAR/i.test(body.slice(0, 2048))) throw new FeedParseError();
  const prefix = `meldeportal-event-${randomUUID()}-`;
  const numbered = numberEvents(body, prefix);
  let parsed: ReturnType<typeof ical.sync.parseICS>;
  try {
    parsed = ical.sync.parseICS(numbered.text);
  } catch {
    throw new FeedParseError();
  }
  const today = rules.today ?? berlinToday();
  const stays: ParsedStay[] = [];
  for (const item of Object.values(parsed)) {
    if (!item || item.type !== 'VEVENT' || !item.start) continue;
    const n = item.uid?.startsWith(prefix) ? Number(item.uid.slice(prefix.length)) : NaN;
    const stay = stayOf(item, numbered.uids[n] ?? null, rules, today);
    if (stay) stays.push(stay);
  }
  // Sorted before keying, so a count (`#2`) follows the order of summaries, not of the file.
  stays.sort(
    (a, b) =>
      a.arrival.localeCompare(b.arrival) ||
      a.departure.localeCompare(b.departure) ||
      (a.uid ?? '').localeCompare(b.uid ?? '') ||
      a.summary.localeCompare(b.summary),
  );
  return bookingKeys(stays, numbered.uids).sort(
    (a, b) => a.arrival.localeCompare(b.arrival) || a.key.localeCompare(b.key),
  );
}
