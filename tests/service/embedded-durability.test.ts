// The embedded database on a data folder commits durably (issue 8): PostgreSQL runs with fsync on,
// and every commit reaches the host's fsync (PGlite's WASM filesystem turns fsync into a no-op on
// its own, so the setting alone would be a promise nobody keeps). Throughput: bench/durability.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDb, type DbHandle } from '@/lib/db';

const fsync = vi.hoisted(() => ({ calls: 0 }));
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  const fsyncSync = (fd: number) => {
    fsync.calls++;
    real.fsyncSync(fd);
  };
  return { ...real, default: { ...real, fsyncSync }, fsyncSync };
});

const dir = mkdtempSync(path.join(tmpdir(), 'mp-durable-'));
let handle: DbHandle | undefined;

afterAll(async () => {
  await handle?.close();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

const rows = async <T>(q: ReturnType<typeof sql>) =>
  (handle!.db.execute(q) as Promise<unknown>).then((r) => (r as { rows: T[] }).rows);

describe('the embedded database on a data folder', () => {
  it('runs with fsync on and flushes every commit to the disk', async () => {
    handle = await openDb({ dir });
    const settings = await rows<{ name: string; setting: string }>(
      sql`select name, setting from pg_settings
          where name in ('fsync', 'synchronous_commit', 'wal_sync_method') order by name`,
    );
    expect(settings).toEqual([
      { name: 'fsync', setting: 'on' },
      { name: 'synchronous_commit', setting: 'on' },
      { name: 'wal_sync_method', setting: 'fsync' },
    ]);
    await handle.db.execute(sql`create table durability_probe (n int)`);
    const before = fsync.calls;
    for (let n = 0; n < 5; n++)
      await handle.db.execute(sql`insert into durability_probe values (${n})`);
    expect(fsync.calls - before).toBeGreaterThanOrEqual(5);
    // A new data folder runs initdb first: seconds on a quiet machine, far more on a busy one.
  }, 180_000);
});
