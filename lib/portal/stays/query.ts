// The stays list's filter, sort and page, kept in the URL so every view is a link and the filter
// form works without JavaScript. Client-safe (the parser with zod is in stays-query-parse.ts).
import type { FormState } from '@/lib/wire/meldeschein';

export const SORT_KEYS = [
  // Today's and coming arrivals first (soonest first), then past ones (latest first): what a
  // landlord looks for on a phone in the morning.
  'upcoming',
  'arrival-desc',
  'arrival-asc',
  'number-desc',
  'number-asc',
  'kurtaxe-desc',
  'kurtaxe-asc',
  'nights-desc',
  'nights-asc',
] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortField = 'arrival' | 'number' | 'kurtaxe' | 'nights';
export type ColumnSortKey = Exclude<SortKey, 'upcoming'>;
export const DEFAULT_SORT: SortKey = 'upcoming';

export const PAGE_SIZE = 20;

export interface StayQuery {
  objekt?: number;
  month?: string;
  state?: FormState;
  sort: SortKey;
  page: number;
}

/** The URL of a list view; defaults are left out so links stay short. */
export function stayQueryHref(q: Partial<StayQuery>): string {
  const p = new URLSearchParams();
  if (q.objekt) p.set('objekt', String(q.objekt));
  if (q.month) p.set('monat', q.month);
  if (q.state) p.set('status', q.state);
  if (q.sort && q.sort !== DEFAULT_SORT) p.set('sortierung', q.sort);
  if (q.page && q.page > 1) p.set('seite', String(q.page));
  const s = p.toString();
  return `/aufenthalte${s ? `?${s}` : ''}`;
}

export function splitSort(sort: ColumnSortKey): { field: SortField; desc: boolean } {
  const [field, dir] = sort.split('-') as [SortField, 'asc' | 'desc'];
  return { field, desc: dir === 'desc' };
}

/** Clicking a column header: sort by it, or flip the direction when it already sorts. */
export function toggledSort(current: SortKey, field: SortField): SortKey {
  if (current === 'upcoming') return `${field}-desc`;
  const { field: f, desc } = splitSort(current);
  if (f !== field) return `${field}-desc`;
  return `${field}-${desc ? 'asc' : 'desc'}`;
}
