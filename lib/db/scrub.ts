// After an erasure: make the erased values unreadable in the database's files (issue 17). An
// UPDATE or DELETE leaves the old row versions in the table's pages, and the write-ahead log holds
// them (and the original inserts) until its segment is removed. Measured on PGlite: after both
// retention sweeps a name was still in 7 files (six tables' heap files and the WAL segment).
// `VACUUM (FULL)` writes each table anew and unlinks the old files (a plain VACUUM only marks the
// space free: the bytes may stay in the page); on the embedded database a WAL switch and a
// checkpoint with recycling off then delete the old segments instead of renaming them for reuse.
// PostgreSQL's WAL belongs to its server (docs/decisions/013-checkin-trust-and-erasure.md).
// Shared by the service's and the portal's sweeps; each names only its own tables.
//
// On PostgreSQL the rewrite holds an exclusive lock on the table while it copies it: at 1,000,000
// forms `meldescheine` took 2.2 s and `personen` 3.7 s, and every read of the table waited as long
// (docs/performance.md). The daily sweep erases something nearly every day, so there the tables
// are only marked due (`storage_scrub_due`) and rewritten at night (scrubDueTables, decision 025).
import { sql } from 'drizzle-orm';
import { berlinHour } from '../wire/time';
import type { Db, DbHandle } from './index';
import { storageScrubDue } from './schema';

/** True on PGlite (one process, one backend: this session's checkpoint is the checkpoint). */
async function isEmbedded(db: Db): Promise<boolean> {
  const result = (await db.execute(sql`select version() like '%PGlite%' as embedded`)) as unknown;
  const rows = (result as { rows?: { embedded: boolean }[] }).rows ?? [];
  return rows[0]?.embedded === true;
}

/**
 * After an erasure in `tables` (run outside any transaction): on the embedded database the tables
 * are rewritten at once; on PostgreSQL they are marked due for the night's rewrite, unless
 * `atOnce` (tables that stay small, such as the hourly purge's: a rewrite of milliseconds).
 */
export async function scrubTables(
  db: Db,
  tables: readonly string[],
  { atOnce = false }: { atOnce?: boolean } = {},
): Promise<void> {
  if (!tables.length) return;
  const embedded = await isEmbedded(db);
  if (!embedded && !atOnce) {
    // `since` by the database's clock: a rewrite that began before it leaves the mark (below).
    await db
      .insert(storageScrubDue)
      .values(tables.map((tableName) => ({ tableName })))
      .onConflictDoUpdate({ target: storageScrubDue.tableName, set: { since: sql`now()` } });
    return;
  }
  for (const table of tables) await db.execute(sql`vacuum (full) ${sql.identifier(table)}`);
  if (!embedded) return;
  await db.execute(sql`set wal_recycle = off`);
  await db.execute(sql`select pg_switch_wal()`);
  await db.execute(sql`checkpoint`);
}

/** The night's hours (Berlin) in which the due tables are rewritten: from 2 until 5 o'clock. */
const NIGHT = { from: 2, until: 5 } as const;
/** Any number; only the night's rewrite takes it, so one instance rewrites and the others skip. */
const SCRUB_LOCK = 727013;
/**
 * How long a rewrite waits for its lock. A waiting exclusive lock request holds up every later
 * reader of the table, so it must not queue behind a long transaction; it tries again next hour.
 */
const LOCK_TIMEOUT = '2s';

export interface ScrubRound {
  rewritten: string[];
  /** Due tables whose lock was not free in time: still due. */
  waiting: string[];
}

/**
 * PostgreSQL: rewrites the tables marked due, when it is night in Berlin (or `anyHour`, for the
 * admin's job). A table whose lock is not free within LOCK_TIMEOUT stays due for the next round.
 */
export async function scrubDueTables(
  handle: DbHandle,
  { now = new Date(), anyHour = false }: { now?: Date; anyHour?: boolean } = {},
): Promise<ScrubRound> {
  const round: ScrubRound = { rewritten: [], waiting: [] };
  const hour = berlinHour(now);
  if (!handle.session || (!anyHour && (hour < NIGHT.from || hour >= NIGHT.until))) return round;
  const due = await handle.db.select().from(storageScrubDue).orderBy(storageScrubDue.tableName);
  if (!due.length) return round;
  return handle.session(async (query) => {
    const { rows } = await query('select pg_try_advisory_lock($1) as locked', [SCRUB_LOCK]);
    if (rows[0]?.locked !== true) return round;
    try {
      await query(`set lock_timeout = '${LOCK_TIMEOUT}'`);
      for (const { tableName } of due) {
        const { rows: began } = await query('select now() as at');
        try {
          await query(`vacuum (full) "${tableName.replaceAll('"', '""')}"`);
        } catch (err) {
          if ((err as { code?: string }).code !== '55P03') throw err; // lock_not_available
          round.waiting.push(tableName);
          continue;
        }
        // An erasure marked after the rewrite began stays due: its rows may be newer than the copy.
        await query('delete from storage_scrub_due where table_name = $1 and since <= $2', [
          tableName,
          began[0]!.at,
        ]);
        round.rewritten.push(tableName);
      }
      return round;
    } finally {
      await query('select pg_advisory_unlock($1)', [SCRUB_LOCK]);
    }
  });
}
