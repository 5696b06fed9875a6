// Dates of the service are Europe/Berlin calendar dates; datetimes go out either zone-less (meta
// timestamps, as in the spec's samples) or with their numeric UTC offset (created/modified).
const ZONE = 'Europe/Berlin';

const partsFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'longOffset',
});

function berlinParts(d: Date) {
  const p: Record<string, string> = {};
  for (const { type, value } of partsFormat.formatToParts(d)) p[type] = value;
  const ms = String(d.getMilliseconds()).padStart(3, '0');
  const offset = (p.timeZoneName ?? 'GMT').replace('GMT', '') || '+00:00';
  return {
    date: `${p.year}-${p.month}-${p.day}`,
    time: `${p.hour}:${p.minute}:${p.second}.${ms}`,
    offset,
  };
}

/** `2026-07-14T10:00:00.000` in Berlin local time, no zone. */
export function zonelessDateTime(d: Date): string {
  const p = berlinParts(d);
  return `${p.date}T${p.time}`;
}

/** `2026-07-14T10:00:00.000+02:00`. */
export function offsetDateTime(d: Date): string;
export function offsetDateTime(d: Date | null): string | null;
export function offsetDateTime(d: Date | null): string | null {
  if (!d) return null;
  const p = berlinParts(d);
  return `${p.date}T${p.time}${p.offset}`;
}

/**
 * The instant a Berlin wall-clock time names (`2026-07-14`, `00:00:00` -> 2026-07-13T22:00:00Z):
 * through the zone, never a fixed offset (+01:00 is an hour off from late March to late October).
 * A time that does not exist (the hour skipped in March) is read with the offset before the switch.
 */
export function berlinInstant(date: string, time = '00:00:00'): Date {
  const asUtc = Date.parse(`${date}T${time}Z`);
  const offsetAt = (ms: number) => {
    const off = berlinParts(new Date(ms)).offset;
    const sign = off.startsWith('-') ? -1 : 1;
    return sign * (Number(off.slice(1, 3)) * 60 + Number(off.slice(4, 6))) * 60_000;
  };
  const first = asUtc - offsetAt(asUtc);
  return new Date(asUtc - offsetAt(first));
}

/** The hour of the day in Berlin, 0-23. */
export function berlinHour(now: Date = new Date()): number {
  return Number(berlinParts(now).time.slice(0, 2));
}

/** Today's calendar date in Berlin, `YYYY-MM-DD`. */
export function berlinToday(now: Date = new Date()): string {
  return berlinParts(now).date;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * True for a real calendar date in `YYYY-MM-DD` form (no 2026-02-30), years 0100-9999 (the
 * first version compared with `Date.UTC`, which reads years 0-99 as 1900-1999, so it refused them;
 * so does this). Arithmetic instead of a Date and its ISO text: six of these per booked form of
 * two guests showed in the booking's profile (issue 19).
 */
export function isCalendarDate(s: string): boolean {
  const m = ISO_DATE.exec(s);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (year < 100 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : MONTH_DAYS[month - 1]!);
}

/** Whole days from a to b (both `YYYY-MM-DD`). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** `YYYY-MM-DD` plus n days. */
export function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** 2026-07-14 -> 14.07.2026; anything else is shown as given rather than guessed at. */
export function germanDate(iso: string): string {
  const m = ISO_DATE.exec(iso);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : iso;
}
