// Sorting of a table kept in the URL (`?objekte=beds-desc`), one parameter per table, so several
// tables on a page sort independently and every sort is a link. Client-safe, no dependencies.
export interface TableSort {
  id: string;
  desc: boolean;
}

export type Params = Record<string, string | string[] | undefined>;

/** The sort of table `key`, if it names one of `columns`; else the default. */
export function readSort(
  params: Params,
  key: string,
  columns: readonly string[],
  fallback: TableSort,
): TableSort {
  const raw = params[key];
  const value = Array.isArray(raw) ? raw[0] : raw;
  const m = /^([\w-]+)-(asc|desc)$/.exec(value ?? '');
  if (!m || !columns.includes(m[1]!)) return fallback;
  return { id: m[1]!, desc: m[2] === 'desc' };
}

/** The page's URL with table `key` sorted by `column` (ascending first; again flips it). */
export function sortLink(
  path: string,
  params: Params,
  key: string,
  current: TableSort,
  column: string,
): string {
  const next =
    current.id === column ? `${column}-${current.desc ? 'asc' : 'desc'}` : `${column}-asc`;
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    const value = Array.isArray(v) ? v[0] : v;
    if (value !== undefined && k !== key) query.set(k, value);
  }
  query.set(key, next);
  return `${path}?${query}`;
}
