// Migration 0029 gives every audit entry written before it the municipality it concerned, as far
// as the data tells: landlords, objects and configuration rows keep theirs; a deleted zone the one
// its creation named; a staff account the one it had at the entry's time (the `before` of its
// next move); an entry of a bound staff account its municipality at the time. A database at 0028
// with such entries is migrated here and read back.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzleLite } from 'drizzle-orm/pglite';
import { migrate as migrateLite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db';
import { rowsOf } from '@/lib/db/rows';
import { seedDemo } from '@/lib/service/provisioning/demo';
import { createDatabase } from '../helpers/db';

const FULL = path.resolve('drizzle');
const BEFORE = mkdtempSync(path.join(os.tmpdir(), 'mp-migrations-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  rmSync(BEFORE, { recursive: true, force: true });
});

/** The migrations up to 0028: the folder without 0029 and its journal entry. */
function migrationsBefore0029(): string {
  cpSync(FULL, BEFORE, { recursive: true });
  const journalFile = path.join(BEFORE, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  journal.entries = journal.entries.filter((e) => e.idx < 29);
  writeFileSync(journalFile, JSON.stringify(journal));
  return BEFORE;
}

/** A database at 0028 and a function that brings it to the latest migration. */
async function databaseAt0028(): Promise<{ db: Db; migrateOn: () => Promise<void> }> {
  const before = migrationsBefore0029();
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const { url, drop } = await createDatabase(base);
    const pool = new pg.Pool({ connectionString: url });
    cleanups.push(async () => {
      await pool.end();
      await drop();
    });
    const db = drizzlePg(pool);
    await migratePg(db, { migrationsFolder: before });
    return {
      db: db as unknown as Db,
      migrateOn: () => migratePg(db, { migrationsFolder: FULL }),
    };
  }
  const client = await PGlite.create();
  cleanups.push(() => client.close());
  const db = drizzleLite(client);
  await migrateLite(db, { migrationsFolder: before });
  return {
    db: db as unknown as Db,
    migrateOn: () => migrateLite(db, { migrationsFolder: FULL }),
  };
}

describe('migration 0029 on audit entries written before it', () => {
  // Two runs of the migrations on a fresh database: slower than most tests.
  it(
    'gives each entry the municipality it concerned, as far as the data tells',
    { timeout: 120_000 },
    async () => {
      const { db, migrateOn } = await databaseAt0028();
      const demo = await seedDemo(db);
      const sb = demo.gemeinden.seeblick.id;
      const hw = demo.gemeinden.hohenwald.id;
      const [{ mover, waldStaff, operator }] = rowsOf<{
        mover: number;
        waldStaff: number;
        operator: number;
      }>(
        await db.execute(sql`
        with s as (
          insert into staff_accounts (username, display_name, password_hash, permissions, gemeinde_id)
          values ('wechsel', 'wechsel', 'x', '{}', ${hw}), ('wald', 'wald', 'x', '{}', ${hw}),
            ('betrieb', 'betrieb', 'x', '{}', null)
          returning id, username)
        select (select id from s where username = 'wechsel') as mover,
          (select id from s where username = 'wald') as "waldStaff",
          (select id from s where username = 'betrieb') as operator`),
      ) as [{ mover: number; waldStaff: number; operator: number }];
      const entry = async (
        staffId: number | null,
        action: string,
        subject: string,
        details: Record<string, unknown> = {},
      ) => {
        const [row] = rowsOf<{ id: number }>(
          await db.execute(sql`
          insert into staff_audit (staff_id, actor, action, subject, details)
          values (${staffId}, 'someone', ${action}, ${subject}, ${JSON.stringify(details)}::jsonb)
          returning id`),
        );
        return Number(row!.id);
      };
      // Written while `wechsel` worked for Seeblick; then the operator moved it to Hohenwald.
      await db.execute(sql`update staff_accounts set gemeinde_id = ${sb} where id = ${mover}`);
      const cases: [number, number | null][] = [
        [
          await entry(null, 'beherberger.update', `beherberger:${demo.beherberger.seeblickHaus}`),
          sb,
        ],
        [await entry(null, 'objekt.update', `objekt:${demo.objekte.moeweA}`), sb],
        [await entry(null, 'user.deactivate', 'user:demo'), sb],
        [await entry(mover, 'staff.enrol_second_factor', `staff:${mover}`), sb],
        [await entry(mover, 'objekt.update', `objekt:${demo.objekte.seeblickObjekt}`), sb],
        [await entry(operator, 'staff.update', `staff:${mover}`, { gemeinde: hw, before: sb }), hw],
        [await entry(mover, 'staff.recovery_code_used', `staff:${mover}`), hw],
        [await entry(operator, 'staff.update', `staff:${operator}`, { permissions: [] }), null],
      ];
      await db.execute(sql`update staff_accounts set gemeinde_id = ${hw} where id = ${mover}`);
      // A zone of Hohenwald made and deleted by its staff; an entry of a bound account.
      cases.push(
        [await entry(waldStaff, 'tarifzone.create', 'tarifzone:999', { gemeindeId: hw }), hw],
        [await entry(waldStaff, 'tarifzone.delete', 'tarifzone:999', { alias: 'weg' }), hw],
        [await entry(waldStaff, 'inspection.export', 'export:1'), hw],
      );

      await migrateOn();
      const rows = rowsOf<{ id: number; gemeinde_id: number | null }>(
        await db.execute(sql`select id, gemeinde_id from staff_audit order by id`),
      );
      const got = new Map(rows.map((r) => [Number(r.id), r.gemeinde_id]));
      expect(cases.map(([id]) => got.get(id))).toEqual(cases.map(([, g]) => g));
      // The migration's helper is gone; the subject's rule stays for new entries.
      const [fn] = rowsOf<{ n: number }>(
        await db.execute(
          sql`select count(*)::int as n from pg_proc where proname in ('staff_gemeinde_at_0029')`,
        ),
      );
      expect(fn!.n).toBe(0);
    },
  );
});
