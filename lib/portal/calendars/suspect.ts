// A feed that suddenly lists far fewer coming bookings than it did is suspect (issue 30,
// docs/decisions/015): platforms have answered valid but empty calendars during their own
// incidents, and taking such an answer at its word cancels every planned stay of the object and
// kills the guests' links. So a sharp drop is held back (the stays stay, the landlord is told)
// until a round at least one sync period later shows a sharp drop again, or the landlord confirms.
// Pure.
import type { CalendarStay } from './stay';

/** A drop is sharp when at least this many bookings go at once … */
export const SUSPECT_MIN_LOST = 2;
/** … and at least this share of the coming bookings. */
export const SUSPECT_MIN_SHARE = 0.5;

export interface Drop {
  /** Coming bookings (not departed before today) of the accepted content and of the new answer. */
  before: number;
  after: number;
}

export function dropOf(before: CalendarStay[], after: CalendarStay[], today: string): Drop {
  const coming = (stays: CalendarStay[]) => stays.filter((s) => s.departure >= today).length;
  return { before: coming(before), after: coming(after) };
}

/**
 * True when the new answer lists at least 2 fewer coming bookings and at most half as many: one
 * cancellation, or a few among many, is the calendar's ordinary life; half of them at once is not.
 */
export function isSharpDrop({ before, after }: Drop): boolean {
  const lost = before - after;
  return lost >= SUSPECT_MIN_LOST && lost >= before * SUSPECT_MIN_SHARE;
}

/** A later round confirms a held-back drop when it comes at least one sync period after the first. */
export function confirmsDrop(suspectSince: Date, now: Date, periodMs: number): boolean {
  return now.getTime() - suspectSince.getTime() >= periodMs;
}
