// Timestamps with their Berlin offset, as `offsetDateTime` of lib/wire/time.ts writes them, but
// fast: that function asks Intl for every value (~15 µs), and a response of 50 forms holds
// hundreds. The offset changes only at DST transitions, which fall on a full UTC hour, so it is
// taken from `offsetDateTime` once per hour and the rest is arithmetic.
import { offsetDateTime } from '../../wire/time';

const HOUR_MS = 3_600_000;
const MAX_HOURS = 10_000;
const offsets = new Map<number, { text: string; ms: number }>();

function offsetAt(d: Date): { text: string; ms: number } {
  const hour = Math.floor(d.getTime() / HOUR_MS);
  let off = offsets.get(hour);
  if (!off) {
    const text = offsetDateTime(d).slice(-6);
    const sign = text.startsWith('-') ? -1 : 1;
    const ms = sign * (Number(text.slice(1, 3)) * 60 + Number(text.slice(4, 6))) * 60_000;
    off = { text, ms };
    if (offsets.size >= MAX_HOURS) offsets.clear();
    offsets.set(hour, off);
  }
  return off;
}

// Guests of a form share their creation time: the last answer is kept for the next call.
let lastMs = NaN;
let lastText = '';

/** `2026-07-14T10:00:00.000+02:00`, identical to `offsetDateTime`. */
export function stamp(d: Date): string;
export function stamp(d: Date | null): string | null;
export function stamp(d: Date | null): string | null {
  if (!d) return null;
  const ms = d.getTime();
  if (ms === lastMs) return lastText;
  const off = offsetAt(d);
  lastText = new Date(ms + off.ms).toISOString().slice(0, 23) + off.text;
  lastMs = ms;
  return lastText;
}

/** `2026-07-14T10:00:00.000`, Berlin time without zone, identical to `zonelessDateTime`. */
export function zoneless(d: Date): string {
  return new Date(d.getTime() + offsetAt(d).ms).toISOString().slice(0, 23);
}

/** Today's date in Berlin, `YYYY-MM-DD`, identical to `berlinToday`. */
export function berlinDate(d: Date): string {
  return zoneless(d).slice(0, 10);
}
