// The embedded database on a data folder commits durably (issue 8): PostgreSQL runs with fsync on,
// and every commit reaches the host's fsync (PGlite's WASM filesystem turns fsync into a no-op on
// its own, so the setting alone would be a promise nobody keeps). Bookings side by side share their
// flushes (lib/db/group-commit.ts). Throughput: bench/durability.ts and bench/booking-vs.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDb, type DbHandle } from '@/lib/db';
import { createServiceHandler } from '@/lib/service';
import { seedDemo } from '@/lib/service/provisioning/demo';
import { person } from './meldeschein-fixtures';

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

  it('lets bookings sent side by side share their flushes, each answered once on the disk', async () => {
    const demo = await seedDemo(handle!.db);
    const handler = createServiceHandler({ db: async () => handle!.db });
    const call = (p: string, body: unknown, token?: string) =>
      handler(
        new Request(`http://test.local/api/${p}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': 'group-commit-test/1.0',
            ...(token ? { authorization: `JWT ${token}` } : {}),
          },
          body: JSON.stringify(body),
        }),
        { clientAddress: '127.0.0.1' },
      );
    const login = await call('token/', { username: 'demo', password: 'demo' });
    const { token } = (await login.json()) as { token: string };
    const meta = { gemeinde: demo.gemeinden.seeblick.id, objekt: demo.objekte.moeweA };
    const before = fsync.calls;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(
          'import/meldeschein/buchen/',
          {
            meta,
            meldescheine: [{ ms_type: 'ems', personen: [person({ Gast_Vorname: `G${i}` })] }],
          },
          token,
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    // One flush per booking would be 20 fsyncs or more; shared, far fewer.
    expect(fsync.calls - before).toBeLessThan(10);
    const [stored] = await rows<{ n: number }>(
      sql`select count(*)::int as n from meldescheine where objekt_id = ${meta.objekt}`,
    );
    expect(stored!.n).toBeGreaterThanOrEqual(20);
  }, 180_000);
});
