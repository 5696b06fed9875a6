// Calendar dates as whole day numbers (days since 1970-01-01), so stays and seasons are compared
// and intersected with integer arithmetic instead of per-night date objects.
const DAY_MS = 86_400_000;

/** Day number of a `YYYY-MM-DD` date. */
export function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

/** `YYYY-MM-DD` of a day number. */
export function dateOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}
