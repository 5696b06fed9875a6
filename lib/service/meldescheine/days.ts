// Calendar dates as whole day numbers (days since 1970-01-01), so stays and seasons are compared
// and intersected with integer arithmetic instead of per-night date objects. Parsing is plain
// arithmetic (H. Hinnant's days_from_civil): a form read parses two dates per guest, and
// Date.parse showed in the profile of reading 50 forms.

/** Day number of a `YYYY-MM-DD` date (the caller has checked the form). */
export function dayNumber(date: string): number {
  let y = (date.charCodeAt(0) - 48) * 1000 + (date.charCodeAt(1) - 48) * 100;
  y += (date.charCodeAt(2) - 48) * 10 + (date.charCodeAt(3) - 48);
  const m = (date.charCodeAt(5) - 48) * 10 + (date.charCodeAt(6) - 48);
  const d = (date.charCodeAt(8) - 48) * 10 + (date.charCodeAt(9) - 48);
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** `YYYY-MM-DD` of a day number. */
export function dateOf(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}
