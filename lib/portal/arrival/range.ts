// The export's date range from a query (`?von=YYYY-MM-DD&bis=YYYY-MM-DD`): both real dates, in
// order, at most MAX_EXPORT_DAYS apart. Defaults: the current month. Pure.
import { addDays, isCalendarDate } from '@/lib/wire/time';

export const MAX_EXPORT_DAYS = 366;

export type RangeQuery = Record<string, string | string[] | undefined>;

export function defaultRange(today: string): { from: string; to: string } {
  return { from: `${today.slice(0, 7)}-01`, to: today };
}

export function parseRange(q: RangeQuery | URLSearchParams): { from: string; to: string } | null {
  const get = (k: string) => {
    const v = q instanceof URLSearchParams ? q.get(k) : q[k];
    return typeof v === 'string' ? v.trim() : '';
  };
  const from = get('von');
  const to = get('bis');
  if (!isCalendarDate(from) || !isCalendarDate(to) || to < from) return null;
  if (addDays(from, MAX_EXPORT_DAYS) < to) return null;
  return { from, to };
}
