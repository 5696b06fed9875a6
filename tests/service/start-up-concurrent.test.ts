// Several instances starting together on one empty PostgreSQL database (issue 8): each migrates
// and loads the demo data when the database has no accounts. Exactly one of them may load it;
// the others must neither fail nor load it again. PGlite has one process per data folder (a lock
// file refuses a second), so this only applies to PostgreSQL (TEST_DATABASE_URL).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDb, type Db } from '@/lib/db';
import { seedDemoIfEmpty } from '@/lib/service/provisioning/demo';
import { DEMO_ACCOUNTS } from '@/lib/service/provisioning/demo-accounts';
import { createDatabase, useTestDb } from '../helpers/db';

const t = useTestDb();

const base = process.env.TEST_DATABASE_URL;

async function demoCounts(db: Db) {
  const r = await db.execute(
    sql`select (select count(*) from gemeinden)::int as gemeinden,
               (select count(*) from users)::int as users`,
  );
  return (r as unknown as { rows: unknown[] }).rows[0];
}
const INSTANCES = 4;
// The demo's three municipalities (Seeblick, Hohenwald, Kurort Tanne on AVS) and its accounts.
const DEMO = { gemeinden: 3, users: Object.keys(DEMO_ACCOUNTS).length };

describe.skipIf(!base)('instances starting together on an empty PostgreSQL database', () => {
  it('migrate and load the demo data once, without an error', async () => {
    const { url, drop } = await createDatabase(base!);
    const handles = await Promise.all(Array.from({ length: INSTANCES }, () => openDb({ url })));
    try {
      const loaded = await Promise.allSettled(handles.map((h) => seedDemoIfEmpty(h.db)));
      expect(loaded.map((r) => r.status)).toEqual(Array(INSTANCES).fill('fulfilled'));
      const values = loaded.map((r) => (r.status === 'fulfilled' ? r.value : null));
      expect(values.filter(Boolean)).toHaveLength(1);
      expect(await demoCounts(handles[0]!.db)).toEqual(DEMO);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
      await drop();
    }
  });
});

describe('a start on a database with accounts', () => {
  it('loads no demo data', async () => {
    const before = await demoCounts(t.db);
    expect(await seedDemoIfEmpty(t.db)).toBe(false);
    expect(await demoCounts(t.db)).toEqual(before);
  });
});
