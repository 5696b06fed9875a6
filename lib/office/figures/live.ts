// The month figures computed from the forms themselves, with the same rules as the triggers of
// migrations office_figures and figures_read_from_the_guests: the check that the kept figures are
// exact (tests), and a rebuild.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db';
import { rowsOf } from '../../db/rows';
import { foldMonthFigures } from '../../service/meldescheine/month-figures';

/** One kept row, as text: `table|key…|arrivals|nights|kurtaxe_cents`. */
export type KeptRow = string;

const CONTRIBUTIONS = sql`
  select m.gemeinde_id, m.objekt_id, m.beherberger_id, p.tarif_id,
    office_guest_country(m.gemeinde_id, p.fields) as country,
    to_char(date_trunc('month', p.arrival_date), 'YYYY-MM') as month, p.anzahl as a,
    p.anzahl * (p.departure_date - p.arrival_date) as n, p.kurtaxe_calc_cents as k
  from personen p join meldescheine m on m.id = p.meldeschein_id
  where p.deleted_at is null and m.state <> 'cancelled'`;

const LIVE = sql`
  with c as (${CONTRIBUTIONS})
  select concat_ws('|', 'objekt', gemeinde_id, month, objekt_id, tarif_id, beherberger_id,
    sum(a), sum(n), sum(k)) as row
  from c group by gemeinde_id, month, objekt_id, tarif_id, beherberger_id
  union all
  select concat_ws('|', 'country', gemeinde_id, month, country, objekt_id % 64, sum(a), sum(n),
    sum(k))
  from c group by gemeinde_id, month, country, objekt_id % 64`;

const NONZERO = sql`arrivals <> 0 or nights <> 0 or kurtaxe_cents <> 0`;
const KEPT: SQL = sql`
  select concat_ws('|', 'objekt', gemeinde_id, to_char(month, 'YYYY-MM'), objekt_id, tarif_id,
    beherberger_id, arrivals, nights, kurtaxe_cents) as row
  from office_month_figures where ${NONZERO}
  union all
  select concat_ws('|', 'country', gemeinde_id, to_char(month, 'YYYY-MM'), country, stripe,
    arrivals, nights, kurtaxe_cents)
  from office_month_countries where ${NONZERO}`;

/** The figures as the office reads them now (kept, log and the guests not folded yet), by key. */
const NOW: SQL = sql`
  select concat_ws('|', 'objekt', gemeinde_id, to_char(month, 'YYYY-MM'), objekt_id, tarif_id,
    beherberger_id, sum(arrivals), sum(nights), sum(kurtaxe_cents)) as row
  from office_month_figures_now group by gemeinde_id, month, objekt_id, tarif_id, beherberger_id
  having sum(arrivals) <> 0 or sum(nights) <> 0 or sum(kurtaxe_cents) <> 0
  union all
  select concat_ws('|', 'country', gemeinde_id, to_char(month, 'YYYY-MM'), country,
    sum(arrivals), sum(nights), sum(kurtaxe_cents))
  from office_month_countries_now group by gemeinde_id, month, country
  having sum(arrivals) <> 0 or sum(nights) <> 0 or sum(kurtaxe_cents) <> 0`;

/** The same keys computed from the forms now. */
const LIVE_NOW: SQL = sql`
  with c as (${CONTRIBUTIONS})
  select concat_ws('|', 'objekt', gemeinde_id, month, objekt_id, tarif_id, beherberger_id,
    sum(a), sum(n), sum(k)) as row
  from c group by gemeinde_id, month, objekt_id, tarif_id, beherberger_id
  union all
  select concat_ws('|', 'country', gemeinde_id, month, country, sum(a), sum(n), sum(k))
  from c group by gemeinde_id, month, country`;

const sorted = (rows: { row: string }[]) => rows.map((r) => r.row).sort();

/** Every month figure computed from the forms now (small databases only: tests). */
export async function liveMonthFigures(db: Db): Promise<KeptRow[]> {
  return sorted(rowsOf<{ row: string }>(await db.execute(LIVE)));
}

/**
 * What a reader sees now and what the forms say now, nothing folded (tests: equal at every moment,
 * between folds too).
 */
export async function readAndLiveMonthFigures(db: Db): Promise<[KeptRow[], KeptRow[]]> {
  return [
    sorted(rowsOf<{ row: string }>(await db.execute(NOW))),
    sorted(rowsOf<{ row: string }>(await db.execute(LIVE_NOW))),
  ];
}

/** Every month figure as kept (the log folded in first), leaving out groups back at zero. */
export async function keptMonthFigures(db: Db): Promise<KeptRow[]> {
  await foldMonthFigures(db);
  return sorted(rowsOf<{ row: string }>(await db.execute(KEPT)));
}

/**
 * Rebuild the kept figures from the forms (after a change of a municipality's country fields,
 * which the kept figures do not follow by themselves; forms whose guests were erased then lose
 * their country). One statement: `office_figures_rebuild()` takes personen in SHARE mode (no guest
 * written meanwhile) and the figures' lock against the fold and the triggers.
 */
export async function rebuildMonthFigures(db: Db): Promise<void> {
  await db.execute(sql`select office_figures_rebuild()`);
}
