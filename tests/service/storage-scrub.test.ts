// After the retention sweep erased something, its tables are rewritten so that the old row versions
// leave the database's files (lib/db/scrub.ts). On PostgreSQL the rewrite locks the table while it
// copies it, so it is not done right after the daily sweep but at night (2 to 5 o'clock, Berlin),
// and it never waits long for its lock: a long transaction leaves the table due for the next hour.
// On the embedded database it is done at once, as before.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { scrubDueTables } from '@/lib/db/scrub';
import { storageScrubDue } from '@/lib/db/schema';
import { sweepRetention } from '@/lib/service/meldescheine/retention';
import { addDays } from '@/lib/wire/time';
import { useTestDb } from '../helpers/db';
import { formsClient, person, query, Y, type FormsClient } from './meldeschein-fixtures';

const t = useTestDb();
let c: FormsClient;
beforeAll(async () => {
  c = await formsClient(t);
});

const TABLES = ['meldescheine', 'personen', 'personen_history'];
const departed = `${Y}-08-20`;
/** The sweep's clock: noon in Berlin, a year and a week after the departure. */
const sweepAt = new Date(`${addDays(departed, 372)}T11:00:00Z`);
/** Noon and 3 o'clock at night in Berlin (January: UTC+1). */
const noon = new Date('2027-01-12T11:00:00Z');
const night = new Date('2027-01-12T02:00:00Z');

/** Each table's file number: a rewrite gives the table a new file. */
async function files(): Promise<Record<string, number>> {
  const [row] = await query<Record<string, number>>(
    t,
    sql`select pg_relation_filenode('meldescheine')::int as meldescheine,
      pg_relation_filenode('personen')::int as personen,
      pg_relation_filenode('personen_history')::int as personen_history`,
  );
  return row!;
}

const due = async () => (await t.db.select().from(storageScrubDue)).map((r) => r.tableName).sort();

async function erasedForm(): Promise<void> {
  const form = await c.bookOk([
    person({ arrival_date: addDays(departed, -3), departure_date: departed, Gast_Name: 'Ratzel' }),
  ]);
  await c.update({ id: form.id, personen: [{ id: form.personen[0]!.id, Gast_Wohnort: 'Graz' }] });
  expect(await sweepRetention(t.db, sweepAt)).toBeGreaterThan(0);
}

describe('the rewrite after an erasure', () => {
  it('is done at once on the embedded database, at night on PostgreSQL', async () => {
    const before = await files();
    await erasedForm();
    if (t.handle.driver === 'pglite') {
      const after = await files();
      for (const table of TABLES) expect(after[table], table).not.toBe(before[table]);
      expect(await due()).toEqual([]);
      return;
    }
    // PostgreSQL: marked, not rewritten; by day nothing happens.
    expect(await files()).toEqual(before);
    expect(await due()).toEqual([...TABLES].sort());
    expect(await scrubDueTables(t.handle, { now: noon })).toEqual({ rewritten: [], waiting: [] });
    expect(await files()).toEqual(before);
    // At night every marked table is rewritten, and the marks go.
    const round = await scrubDueTables(t.handle, { now: night });
    expect(round.rewritten.sort()).toEqual([...TABLES].sort());
    const after = await files();
    for (const table of TABLES) expect(after[table], table).not.toBe(before[table]);
    expect(await due()).toEqual([]);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'does not queue behind a long transaction: readers go on, the table stays due',
    async () => {
      await erasedForm();
      const long = new pg.Client({ connectionString: t.url });
      const reader = new pg.Client({ connectionString: t.url });
      await Promise.all([long.connect(), reader.connect()]);
      try {
        // A report that has read the guests and not finished holds their table's share lock.
        await long.query('begin');
        await long.query('select count(*) from personen');
        const rewriting = scrubDueTables(t.handle, { now: night });
        // A rewrite queued for its lock would hold up this reader until the report ends; it gives
        // up instead, so the reader is answered while the report still runs.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await reader.query('select count(*) from personen');
        const round = await rewriting;
        expect(round.waiting).toEqual(['personen']);
        expect(round.rewritten.sort()).toEqual(['meldescheine', 'personen_history']);
        expect(await due()).toEqual(['personen']);
        await long.query('commit');
        expect((await scrubDueTables(t.handle, { now: night })).rewritten).toEqual(['personen']);
        expect(await due()).toEqual([]);
      } finally {
        await long.query('rollback').catch(() => {});
        await Promise.all([long.end(), reader.end()]);
      }
    },
  );
});
