// Hot statements as named prepared statements on PostgreSQL. Measured on the booking statement:
// 0.64 ms of database time per booking when parsed and planned each time, 0.28 ms prepared
// (docs/performance.md). drizzle prepares only query-builder queries, so for raw SQL the text and
// parameters are taken from drizzle's dialect and sent through the pg pool with a name; pg
// prepares it once per connection. On PGlite (one in-process connection, no planning overhead
// worth this) and inside transactions the statement goes through drizzle as usual.
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db';
import { rowsOf } from './rows';

/** The pg Pool behind a drizzle database, when it is one (PGlite has no `totalCount`). */
export interface PgPoolLike {
  query(config: string | { name?: string; text: string; values?: unknown[] }): Promise<unknown>;
  totalCount: number;
}

export function pgPool(db: Db): PgPoolLike | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (typeof client !== 'object' || client === null) return null;
  if (!('totalCount' in client) || !('query' in client)) return null;
  return client as PgPoolLike;
}

const dialect = new PgDialect();
// Statement names by text: the same text always gets the same name, a new text a new name.
const names = new Map<string, string>();

/** Run `query` on `db`, prepared by name when `db` is a pg pool. */
export async function runPrepared<T>(db: Db, query: SQL): Promise<T[]> {
  const pool = pgPool(db);
  if (!pool) return rowsOf<T>(await db.execute(query));
  const { sql: text, params } = dialect.sqlToQuery(query);
  let name = names.get(text);
  if (!name) {
    name = `meldeportal_${names.size + 1}`;
    names.set(text, name);
  }
  return rowsOf<T>(await pool.query({ name, text, values: params }));
}
