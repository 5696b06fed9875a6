// Hot statements as named prepared statements, so they are parsed and planned once per connection
// instead of on every call. Measured on the booking statement: on PostgreSQL 0.64 ms of database
// time per booking when parsed and planned each time, 0.28 ms prepared; on PGlite (PostgreSQL in
// WASM, in the server's own thread) 1.38 ms against 0.29 ms (docs/performance.md).
// drizzle prepares only query-builder queries, so for raw SQL the text and parameters are taken
// from drizzle's dialect:
// - through the pg pool with a name: pg prepares it once per connection;
// - on PGlite, whose query API has no named statements, with SQL `PREPARE` once per database and
//   `EXECUTE` with the parameters written as literals (quoted by pg's `escapeLiteral`, so a value
//   can never end the statement); each literal is converted to the parameter type PREPARE
//   inferred, as a bound value would be.
// Inside transactions (no pool, no PGlite handle) the statement goes through drizzle as usual.
import { is, Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { escapeLiteral } from 'pg';
import type { Db } from '../../db';
import { groupCommitOf } from '../../db/group-commit';
import { rowsOf } from '../../db/rows';

/** The pg Pool behind a drizzle database, when it is one (PGlite has no `totalCount`). */
export interface PgPoolLike {
  query(config: string | { name?: string; text: string; values?: unknown[] }): Promise<unknown>;
  totalCount: number;
}

/** The PGlite instance behind a drizzle database (PGlite alone has `waitReady`). */
interface PgliteLike {
  exec(text: string): Promise<{ rows: unknown[] }[]>;
  waitReady: Promise<void>;
}

function clientOf(db: Db): object | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return typeof client === 'object' && client !== null ? client : null;
}

export function pgPool(db: Db): PgPoolLike | null {
  const client = clientOf(db);
  if (!client || !('totalCount' in client) || !('query' in client)) return null;
  return client as PgPoolLike;
}

function pglite(db: Db): PgliteLike | null {
  const client = clientOf(db);
  if (!client || !('waitReady' in client) || !('exec' in client)) return null;
  return client as PgliteLike;
}

const dialect = new PgDialect();
// Statement names by text: the same text always gets the same name, a new text a new name.
const names = new Map<string, string>();
/** Per PGlite database, the statements prepared in it (or being prepared). */
const preparedIn = new WeakMap<PgliteLike, Map<string, Promise<unknown>>>();

function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `meldeportal_${names.size + 1}`;
    names.set(text, name);
  }
  return name;
}

/** A parameter as an SQL literal, or null for a value this path does not write (drizzle then binds it). */
function literal(value: unknown): string | null {
  if (value === null) return 'null';
  if (typeof value === 'string') return escapeLiteral(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'boolean') return String(value);
  return null;
}

async function executeOnPglite<T>(
  client: PgliteLike,
  text: string,
  params: unknown[],
  shareFlush = false,
): Promise<T[] | null> {
  const literals = params.map(literal);
  if (!params.length || literals.includes(null)) return null;
  const name = nameOf(text);
  let prepared = preparedIn.get(client);
  if (!prepared) preparedIn.set(client, (prepared = new Map()));
  let ready = prepared.get(name);
  if (!ready) {
    ready = client.exec(`prepare ${name} as ${text}`);
    prepared.set(name, ready);
    // A failed PREPARE is not remembered: the next call tries again and reports its own error.
    ready.catch(() => prepared.delete(name));
  }
  await ready;
  // One statement by the simple protocol: ~35 µs less per call than query()'s extended protocol.
  const execute = `execute ${name}(${literals.join(', ')})`;
  const group = shareFlush ? groupCommitOf(client) : undefined;
  const [result] = group ? await group.execShared(execute) : await client.exec(execute);
  return rowsOf<T>(result);
}

/** Run `query` on `db`, prepared by name when `db` is a pg pool or a PGlite database. */
export async function runPrepared<T>(db: Db, query: SQL): Promise<T[]> {
  const pool = pgPool(db);
  if (pool) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return rowsOf<T>(await pool.query({ name: nameOf(text), text, values: params }));
  }
  const embedded = pglite(db);
  if (embedded) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const rows = await executeOnPglite<T>(embedded, text, params);
    if (rows) return rows;
  }
  return rowsOf<T>(await db.execute(query));
}

/** A statement whose text is made once: its parameters are placeholders filled per call. */
export interface Statement {
  text: string;
  name: string;
  /** Per parameter, the placeholder's name or the fixed value. */
  slots: ({ placeholder: string } | { value: unknown })[];
}

/**
 * `query` (with `sql.placeholder`s for what changes per call) as a statement made once: the hot
 * booking statement no longer builds and hashes its ~2 KB text on every call
 * (docs/performance.md, issue 19).
 */
export function statementOf(query: SQL): Statement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const slots = params.map((p) => (is(p, Placeholder) ? { placeholder: p.name } : { value: p }));
  return { text, name: nameOf(text), slots };
}

function fill(statement: Statement, values: Record<string, unknown>): unknown[] {
  return statement.slots.map((slot) => {
    if (!('placeholder' in slot)) return slot.value;
    if (!(slot.placeholder in values)) throw new Error(`no value for ${slot.placeholder}`);
    return values[slot.placeholder];
  });
}

/**
 * Run a write statement made by `statementOf` with `values` for its placeholders, prepared like
 * `runPrepared`; on PGlite its commit shares a WAL flush with the writes beside it
 * (lib/db/group-commit.ts). `inTransaction` builds the same statement with the values in place,
 * for a database that is neither (a transaction).
 */
export async function runStatement<T>(
  db: Db,
  statement: Statement,
  values: Record<string, unknown>,
  inTransaction: () => SQL,
): Promise<T[]> {
  const pool = pgPool(db);
  if (pool) {
    const params = fill(statement, values);
    return rowsOf<T>(
      await pool.query({ name: statement.name, text: statement.text, values: params }),
    );
  }
  const embedded = pglite(db);
  if (embedded) {
    const params = fill(statement, values);
    const rows = await executeOnPglite<T>(embedded, statement.text, params, true);
    if (rows) return rows;
  }
  return rowsOf<T>(await db.execute(inTransaction()));
}
