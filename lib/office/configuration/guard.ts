// What a configuration change would break (docs/decisions/033): the questions asked of the forms
// already booked before a tariff, zone, season or guest field is deleted or changed. A change that
// would break one is refused with a code and its numbers; the office says it in words.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { rowsOf } from '../../db/rows';
import { addDays } from '../../wire/time';

export type RefusalCode =
  | 'not_found'
  | 'tarif_in_use'
  | 'tarif_code_taken'
  | 'zone_in_use'
  | 'season_in_use'
  | 'field_in_use'
  | 'field_type_in_use'
  | 'column_taken'
  | 'rate_in_past'
  | 'rate_without_date'
  | 'rate_in_force';

/** A change refused because of what is stored; `params` fill the office's sentence. */
export class ConfigRefused extends Error {
  constructor(
    readonly code: RefusalCode,
    readonly params: Record<string, string | number> = {},
  ) {
    super(`configuration change refused: ${code}`);
    this.name = 'ConfigRefused';
  }
}

async function countOf(tx: Db, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(await tx.execute(query));
  return Number(row?.n ?? 0);
}

/** Forms (any state, erased ones too) with a guest of this tariff. */
export const formsWithTarif = (tx: Db, tarifId: number) =>
  countOf(
    tx,
    sql`select count(distinct p.meldeschein_id) as n from personen p where p.tarif_id = ${tarifId}`,
  );

/** Objects in this zone. */
export const objectsInZone = (tx: Db, zoneId: number) =>
  countOf(tx, sql`select count(*) as n from objekte where tarifzone_id = ${zoneId}`);

/** Forms of the municipality with a guest that holds a value of this field. */
export const formsWithField = (tx: Db, gemeindeId: number, column: string) =>
  countOf(
    tx,
    sql`select count(distinct m.id) as n from meldescheine m
      join personen p on p.meldeschein_id = m.id
      where m.gemeinde_id = ${gemeindeId} and jsonb_exists(p.fields, ${column})`,
  );

/**
 * Booked forms (not cancelled) of the municipality with a live guest that has a night in one of the
 * day ranges `[from, until]` (inclusive dates): the nights whose season a change would move.
 */
export async function formsWithNightsIn(
  tx: Db,
  gemeindeId: number,
  ranges: { from: string; until: string }[],
): Promise<number> {
  if (!ranges.length) return 0;
  const overlaps = sql.join(
    ranges.map(
      (r) => sql`(p.arrival_date <= ${r.until}::date and p.departure_date > ${r.from}::date)`,
    ),
    sql` or `,
  );
  return countOf(
    tx,
    sql`select count(distinct m.id) as n from meldescheine m
      join personen p on p.meldeschein_id = m.id
      where m.gemeinde_id = ${gemeindeId} and m.state <> 'cancelled'
        and p.deleted_at is null and (${overlaps})`,
  );
}

/** The days whose season membership changes when a season goes from `before` to `after`. */
export function movedDays(
  before: { from: string; until: string },
  after: { from: string; until: string } | null,
): { from: string; until: string }[] {
  if (!after) return [before];
  const out: { from: string; until: string }[] = [];
  // Days in exactly one of the two ranges (both inclusive): at most one piece at each end.
  if (before.from !== after.from) {
    const lo = before.from < after.from ? before.from : after.from;
    const hi = before.from < after.from ? after.from : before.from;
    out.push({ from: lo, until: dayBefore(hi) });
  }
  if (before.until !== after.until) {
    const lo = before.until < after.until ? before.until : after.until;
    const hi = before.until < after.until ? after.until : before.until;
    out.push({ from: dayAfter(lo), until: hi });
  }
  return out;
}

const dayBefore = (date: string) => addDays(date, -1);
const dayAfter = (date: string) => addDays(date, 1);
