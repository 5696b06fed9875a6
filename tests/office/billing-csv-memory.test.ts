// The month's billing CSV of every landlord is written batch by batch without a heap of garbage
// behind it (issue 38): a server that wrote the CSV of 17,000 forms (1.5 MB) allocated about 100 MB
// of short-lived objects for it, a promise and a string per line on three levels of async
// generators and a new regular expression object per cell, and V8 grew its heap by that much and
// kept it. What the export allocates is counted exactly from V8's own heap statistics before and
// after every collection (v8.GCProfiler), not timed: the same code allocates the same bytes on
// every run.
import { GCProfiler, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '@/lib/db/rows';
import { billingCsv } from '@/lib/office/billing/export';
import { useTestDb } from '../helpers/db';
import { Y } from '../service/meldeschein-fixtures';

const t = useTestDb();
const FORMS = 3000;
/**
 * Bytes allocated per line, reading the rows included, which is most of it now and depends on the
 * driver (PGlite decodes every field through a view of its own). Measured in this test: on
 * PostgreSQL 3,445 before, 1,873-1,900 now; on PGlite 6,817 before, 5,273-5,381 now.
 */
const boundPerLine = () => (t.url ? 2600 : 6000);

// A full collection on demand (as `--expose-gc` gives it), at both ends of the measurement.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/**
 * What `run` allocates on the JavaScript heap, in bytes (garbage included): what each collection
 * found in use less what the one before it left, from a full collection before `run` to one after.
 */
async function allocatedBy(run: () => Promise<void>): Promise<number> {
  const profiler = new GCProfiler();
  profiler.start();
  gc();
  await run();
  gc();
  const [first, ...rest] = profiler.stop().statistics;
  let allocated = 0;
  let after = first!.afterGC.heapStatistics.usedHeapSize;
  for (const collection of rest) {
    allocated += collection.beforeGC.heapStatistics.usedHeapSize - after;
    after = collection.afterGC.heapStatistics.usedHeapSize;
  }
  return allocated;
}

describe('billing CSV memory', () => {
  it(`writes the CSV of ${FORMS} forms allocating a bounded amount a line`, async () => {
    const g = t.demo.gemeinden.seeblick.id;
    const objekt = t.demo.objekte.seeblickObjekt;
    const [tarif] = rowsOf<{ id: number }>(
      await t.db.execute(sql`select id from tarife where gemeinde_id = ${g} order by id limit 1`),
    );
    // July's stays of 1-3 nights, two guests each, as a month of a resort's landlords.
    await t.db.execute(sql`
      insert into meldescheine (gemeinde_id, objekt_id, beherberger_id, meldescheinnummer, state,
        arrival_date, departure_date, kurtaxe_calc_cents, creation_user_id)
      select ${g}, o.id, o.beherberger_id, 'M' || lpad(i::text, 6, '0'), 'departed',
        ${`${Y}-07-01`}::date + (i % 27), ${`${Y}-07-02`}::date + (i % 27) + (i % 3),
        600 * (1 + i % 3), (select min(id) from users)
      from generate_series(1, ${FORMS}) i join objekte o on o.id = ${objekt}`);
    await t.db.execute(sql`
      insert into personen (meldeschein_id, position, tarif_id, gast_type, anzahl, arrival_date,
        departure_date, kurtaxe_calc_cents, fields)
      select m.id, pos, ${tarif!.id}, 'person', 1, m.arrival_date, m.departure_date, 300,
        jsonb_build_object('Gast_Name', 'Gast ' || m.id)
      from meldescheine m cross join generate_series(0, 1) pos
      where m.meldescheinnummer like 'M%'`);

    let lines = 0;
    let bytes = 0;
    const read = async () => {
      lines = 0;
      bytes = 0;
      const reader = billingCsv(t.db, [g], `${Y}-07`, `${Y}-08-15`).getReader();
      for (let r = await reader.read(); !r.done; r = await reader.read()) {
        bytes += r.value.byteLength;
        // indexOf, not a loop over the bytes: an iterator's results are garbage too until the
        // loop is optimised, and that would be counted here.
        for (let at = r.value.indexOf(0x0a); at >= 0; at = r.value.indexOf(0x0a, at + 1)) lines++;
      }
    };
    await read(); // compiled and warm, as in a running server
    const allocated = await allocatedBy(read);
    expect(lines).toBe(FORMS + 1);
    expect(bytes).toBeGreaterThan(FORMS * 60);
    expect(allocated / FORMS).toBeLessThan(boundPerLine());
  });
});
