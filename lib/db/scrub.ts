// After an erasure: make the erased values unreadable in the database's files (issue 17). An
// UPDATE or DELETE leaves the old row versions in the table's pages, and the write-ahead log holds
// them (and the original inserts) until its segment is removed. Measured on PGlite: after both
// retention sweeps a name was still in 7 files (six tables' heap files and the WAL segment).
// `VACUUM (FULL)` writes each table anew and unlinks the old files (a plain VACUUM only marks the
// space free: the bytes may stay in the page); on the embedded database a WAL switch and a
// checkpoint with recycling off then delete the old segments instead of renaming them for reuse.
// PostgreSQL's WAL belongs to its server (docs/decisions/013-checkin-trust-and-erasure.md).
// Shared by the service's and the portal's sweeps; each names only its own tables.
import { sql } from 'drizzle-orm';
import type { Db } from './index';

/** True on PGlite (one process, one backend: this session's checkpoint is the checkpoint). */
async function isEmbedded(db: Db): Promise<boolean> {
  const result = (await db.execute(sql`select version() like '%PGlite%' as embedded`)) as unknown;
  const rows = (result as { rows?: { embedded: boolean }[] }).rows ?? [];
  return rows[0]?.embedded === true;
}

/**
 * Rewrites `tables` (run outside any transaction). On PostgreSQL `VACUUM (FULL)` holds an
 * exclusive lock on each table while it is copied: the sweeps call this only when they erased
 * something, at most daily.
 */
export async function scrubTables(db: Db, tables: readonly string[]): Promise<void> {
  if (!tables.length) return;
  for (const table of tables) await db.execute(sql`vacuum (full) ${sql.identifier(table)}`);
  if (!(await isEmbedded(db))) return;
  await db.execute(sql`set wal_recycle = off`);
  await db.execute(sql`select pg_switch_wal()`);
  await db.execute(sql`checkpoint`);
}
