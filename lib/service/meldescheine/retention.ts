// Retention (BMG § 30(4), DECISIONS 2.12): a form is kept one year from departure, then its
// guests' personal data is erased. The sweep runs at start and daily, and by `npm run
// job:retention`. One transaction under an advisory lock, one idempotent UPDATE per table: a second
// sweep, at once or later, finds nothing left (`anonymised_at is null` is re-checked on the
// locked rows). Kept: ids, number, object, dates, tariffs, persons, nights, amounts, state, the
// creating user and the print log (which holds only form, user, time and channel), and the
// guest fields the municipality marks `statistical`. Erased: every other guest field, in the
// guests and in their history, the form's note, input id and precheck messages. Then the tables
// are rewritten, so the old row versions leave the database's files too.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db';
import { scrubTables } from '../../db/scrub';
import { env } from '../../env';
import { retentionCutoff } from '../../wire/retention';
import { intArray } from './load';
import { rowsOf } from '../../db/rows';
import { foldMonthFigures } from './month-figures';

/** Any number; only sweeps take it, so two of them run one after the other. */
const SWEEP_LOCK = 727012;

/** The statistical fields of `fields` (a jsonb expression) for the form's municipality `m`. */
const keptFields = (fields: SQL) => sql`coalesce((
    select jsonb_object_agg(e.key, e.value)
    from jsonb_each(coalesce(${fields}, '{}'::jsonb)) e
    join meldeschein_fields f on f.column_name = e.key
    where f.gemeinde_id = m.gemeinde_id and f.statistical
  ), '{}'::jsonb)`;

/** A history snapshot (a guest row as jsonb) with its personal fields erased. */
const keptSnapshot = (column: SQL) =>
  sql`case when ${column} is null then null
    else jsonb_set(${column}, '{fields}', ${keptFields(sql`${column} -> 'fields'`)}) end`;

/** Erase the forms past retention; returns how many forms were erased by this call. */
export async function sweepRetention(
  db: Db,
  now = new Date(),
  days = env().RETENTION_DAYS,
): Promise<number> {
  const cutoff = retentionCutoff(now, days);
  // The guests booked since the last fold are counted from their fields until folded: fold them
  // first, so the figures keep the country they were booked with when the sweep erases it.
  await foldMonthFigures(db);
  const count = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SWEEP_LOCK})`);
    const erased = rowsOf<{ id: number }>(
      await tx.execute(sql`
      update meldescheine set anonymised_at = ${now.toISOString()}::timestamptz, user_note = null,
        input_id = null, precheck_errors = '[]'::jsonb, avs = null
      where anonymised_at is null and departure_date < ${cutoff}::date
      returning id`),
    );
    const ids = erased.map((r) => r.id);
    if (!ids.length) return 0;
    const forms = sql`${intArray(ids)}::int[]`;
    // Every guest of the form, deleted ones too.
    await tx.execute(sql`
      update personen p set fields = ${keptFields(sql`p.fields`)}
      from meldescheine m where m.id = p.meldeschein_id and p.meldeschein_id = any(${forms})`);
    await tx.execute(sql`
      update personen_history h set before = ${keptSnapshot(sql`h.before`)},
        after = ${keptSnapshot(sql`h.after`)}
      from meldescheine m where m.id = h.meldeschein_id and h.meldeschein_id = any(${forms})`);
    return ids.length;
  });
  // Erased means unreadable: no old row versions left in the files (lib/db/scrub.ts).
  if (count) await scrubTables(db, ['meldescheine', 'personen', 'personen_history']);
  return count;
}
