// The month figures computed from the forms themselves, with the same rules as the triggers of
// migration office_figures: the check that the kept figures are exact (tests) and the naive bound
// the bench compares them with (a join and group over the forms of the period).
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db';
import { rowsOf } from '../../../db/rows';

export interface MonthFigureRow {
  gemeinde_id: number;
  month: string;
  objekt_id: number;
  tarif_id: number;
  country: string;
  beherberger_id: number;
  arrivals: number;
  nights: number;
  kurtaxe_cents: number;
}

const LIVE = sql`
  select m.gemeinde_id, to_char(date_trunc('month', p.arrival_date), 'YYYY-MM-DD') as month,
    m.objekt_id, p.tarif_id, office_guest_country(m.gemeinde_id, p.fields) as country,
    m.beherberger_id, sum(p.anzahl)::float8 as arrivals,
    sum(p.anzahl * (p.departure_date - p.arrival_date))::float8 as nights,
    sum(p.kurtaxe_calc_cents)::float8 as kurtaxe_cents
  from personen p join meldescheine m on m.id = p.meldeschein_id
  where p.deleted_at is null and m.state <> 'cancelled'
  group by 1, 2, 3, 4, 5, 6`;

const KEPT = sql`
  select gemeinde_id, to_char(month, 'YYYY-MM-DD') as month, objekt_id, tarif_id, country,
    beherberger_id, arrivals::float8 as arrivals, nights::float8 as nights,
    kurtaxe_cents::float8 as kurtaxe_cents
  from office_month_figures
  where arrivals <> 0 or nights <> 0 or kurtaxe_cents <> 0`;

const order = (rows: MonthFigureRow[]) =>
  rows
    .map((r) => ({
      ...r,
      arrivals: Number(r.arrivals),
      nights: Number(r.nights),
      kurtaxe_cents: Number(r.kurtaxe_cents),
    }))
    .sort((a, b) =>
      `${a.gemeinde_id}|${a.month}|${a.objekt_id}|${a.tarif_id}|${a.country}`.localeCompare(
        `${b.gemeinde_id}|${b.month}|${b.objekt_id}|${b.tarif_id}|${b.country}`,
      ),
    );

/** Every month figure computed from the forms now (small databases only: tests). */
export async function liveMonthFigures(db: Db): Promise<MonthFigureRow[]> {
  return order(rowsOf<MonthFigureRow>(await db.execute(LIVE)));
}

/** Every month figure as kept, leaving out groups that went back to zero. */
export async function keptMonthFigures(db: Db): Promise<MonthFigureRow[]> {
  return order(rowsOf<MonthFigureRow>(await db.execute(KEPT)));
}

/**
 * Rebuild the kept figures from the forms, in one transaction (after a change of the
 * municipality's country fields, which the kept figures do not follow by themselves).
 */
export async function rebuildMonthFigures(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table office_month_figures in exclusive mode`);
    await tx.execute(sql`delete from office_month_figures`);
    await tx.execute(sql`
      insert into office_month_figures (gemeinde_id, month, objekt_id, tarif_id, country,
        beherberger_id, arrivals, nights, kurtaxe_cents)
      select m.gemeinde_id, date_trunc('month', p.arrival_date)::date, m.objekt_id, p.tarif_id,
        office_guest_country(m.gemeinde_id, p.fields), m.beherberger_id, sum(p.anzahl),
        sum(p.anzahl * (p.departure_date - p.arrival_date)), sum(p.kurtaxe_calc_cents)
      from personen p join meldescheine m on m.id = p.meldeschein_id
      where p.deleted_at is null and m.state <> 'cancelled'
      group by 1, 2, 3, 4, 5, 6`);
  });
}
