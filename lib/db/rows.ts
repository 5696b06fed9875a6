// `db.execute` answers in the driver's own shape; both drivers (pg, PGlite) put the rows in `rows`.
export function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows)) throw new TypeError('query result without rows');
  return rows as T[];
}
