// The office's figures (decision 031): arrivals (persons), overnight stays (persons × nights) and
// Kurtaxe of a municipality over a range of months, broken down by one dimension. Read from the
// month figures the booking path keeps current (`office_month_figures` per object and tariff,
// `office_month_countries` per country; migration office_figures), never by loading forms: a year
// of a resort with a million forms is some ten thousand rows there (docs/performance.md).
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db';
import { rowsOf } from '../../db/rows';
import { saisonzeiten } from '../../db/schema';
import { intArray } from '../../service/meldescheine/load';
import { staffGemeinden, type Scoped } from '../staff/scope';
import type { MonthRange, Season } from './periods';

export const Breakdown = z.enum([
  'month',
  'beherberger',
  'objekt',
  'tarifzone',
  'tarif',
  'country',
]);
export type Breakdown = z.infer<typeof Breakdown>;

export interface FigureRow {
  /** The group's id (a month `YYYY-MM`, an id, or a country code; '' for no country). */
  key: string;
  /** Its name (alias of landlord, object, zone or tariff); the key for months and countries. */
  label: string;
  arrivals: number;
  nights: number;
  kurtaxeCents: number;
}

export interface Figures {
  rows: FigureRow[];
  total: Omit<FigureRow, 'key' | 'label'>;
}

/** The municipalities a staff member's figures cover, with their seasons. */
export interface OfficeGemeinde {
  id: number;
  alias: string;
  seasons: Season[];
}

/**
 * The municipalities of the staff member's scope (staff/scope.ts: all of the service's, or the
 * account's one), with their seasons. The command line passes `{ gemeindeId }` of its flag.
 */
export async function officeGemeinden(db: Db, scope: Scoped): Promise<OfficeGemeinde[]> {
  const rows = await staffGemeinden(db, scope);
  const seasons = rows.length
    ? await db
        .select()
        .from(saisonzeiten)
        .where(
          inArray(
            saisonzeiten.gemeindeId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(saisonzeiten.validFrom), asc(saisonzeiten.id))
    : [];
  return rows.map((g) => ({
    ...g,
    seasons: seasons
      .filter((s) => s.gemeindeId === g.id)
      .map((s) => ({
        id: s.id,
        gemeindeId: s.gemeindeId,
        alias: s.alias,
        validFrom: s.validFrom,
        validUntil: s.validUntil,
      })),
  }));
}

/** One season of the municipality, or undefined. */
export async function seasonOf(
  db: Db,
  gemeindeId: number,
  id: number,
): Promise<Season | undefined> {
  const [s] = await db.select().from(saisonzeiten).where(eq(saisonzeiten.id, id));
  return s && s.gemeindeId === gemeindeId ? s : undefined;
}

/** Group key and label of each breakdown, over the aggregate `a` (grouped) and `f` (rows). */
const DIMENSIONS: Record<
  Breakdown,
  { key: SQL; join?: SQL; label: SQL; labelJoin?: SQL; table?: SQL }
> = {
  month: { key: sql`to_char(f.month, 'YYYY-MM')`, label: sql`a.key` },
  beherberger: {
    key: sql`f.beherberger_id::text`,
    label: sql`coalesce(b.alias, a.key)`,
    labelJoin: sql`left join beherberger b on b.id = a.key::int`,
  },
  objekt: {
    key: sql`f.objekt_id::text`,
    label: sql`coalesce(o.alias || ' (' || b.alias || ')', a.key)`,
    labelJoin: sql`left join objekte o on o.id = a.key::int
      left join beherberger b on b.id = o.beherberger_id`,
  },
  // The object's zone as configured now (a zone change moves an object's past figures with it).
  tarifzone: {
    key: sql`o.tarifzone_id::text`,
    join: sql`join objekte o on o.id = f.objekt_id`,
    label: sql`coalesce(z.alias, a.key)`,
    labelJoin: sql`left join tarifzonen z on z.id = a.key::int`,
  },
  tarif: {
    key: sql`f.tarif_id::text`,
    label: sql`coalesce(t.alias, a.key)`,
    labelJoin: sql`left join tarife t on t.id = a.key::int`,
  },
  // Countries have their own table (its stripes added up): the object table has no country.
  country: { key: sql`f.country`, label: sql`a.key`, table: sql`office_month_countries_now` },
};

interface DbRow {
  key: string;
  label: string;
  arrivals: number;
  nights: number;
  kurtaxe: number;
}

/** Figures of the municipalities `gemeindeIds` over `range`, one row per group, largest first. */
export async function figures(
  db: Db,
  gemeindeIds: readonly number[],
  range: Pick<MonthRange, 'from' | 'until'>,
  breakdown: Breakdown,
): Promise<Figures> {
  const d = DIMENSIONS[breakdown];
  const rows = rowsOf<DbRow>(
    await db.execute(sql`
      select a.key, ${d.label} as label, a.arrivals, a.nights, a.kurtaxe
      from (
        select ${d.key} as key, sum(f.arrivals)::float8 as arrivals,
          sum(f.nights)::float8 as nights, sum(f.kurtaxe_cents)::float8 as kurtaxe
        from ${d.table ?? sql`office_month_figures_now`} f ${d.join ?? sql``}
        where f.gemeinde_id = any(${intArray(gemeindeIds)}::int[])
          and f.month >= ${range.from}::date and f.month < ${range.until}::date
        group by 1
        having sum(f.arrivals) <> 0 or sum(f.nights) <> 0 or sum(f.kurtaxe_cents) <> 0
      ) a ${d.labelJoin ?? sql``}
      order by ${breakdown === 'month' ? sql`a.key` : sql`a.nights desc, label, a.key`}`),
  );
  const out = rows.map((r) => ({
    key: r.key,
    label: r.label,
    arrivals: Number(r.arrivals),
    nights: Number(r.nights),
    kurtaxeCents: Number(r.kurtaxe),
  }));
  return {
    rows: out,
    total: out.reduce(
      (t, r) => ({
        arrivals: t.arrivals + r.arrivals,
        nights: t.nights + r.nights,
        kurtaxeCents: t.kurtaxeCents + r.kurtaxeCents,
      }),
      { arrivals: 0, nights: 0, kurtaxeCents: 0 },
    ),
  };
}
