// Many landlords at once for the office's pages in pages (billing, figures; issue 38): `count`
// landlords "Testvermieter <i>" of a municipality, each with one object and one form departed in
// `month` (arrival on the 10th, departure on the 12th), landlord i's due i euros. With `guests`,
// each form has one guest entry of i persons, and the month figures are rebuilt from the forms
// (what the state job's fold would do).
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';

export async function insertTestLandlords(
  db: Db,
  gemeinde: number,
  count: number,
  month: string,
  opts: { padded?: boolean; guests?: boolean } = {},
): Promise<void> {
  const number = opts.padded ? sql`lpad(i::text, 3, '0')` : sql`i::text`;
  await db.execute(sql`
    insert into beherberger (gemeinde_id, alias)
    select ${gemeinde}, 'Testvermieter ' || ${number} from generate_series(1, ${count}) i`);
  await db.execute(sql`
    insert into objekte (beherberger_id, tarifzone_id, alias, anzahl_betten)
    select b.id, (select min(id) from tarifzonen where gemeinde_id = ${gemeinde}), b.alias || ' Whg', 2
    from beherberger b where b.alias like 'Testvermieter %'`);
  await db.execute(sql`
    insert into meldescheine (gemeinde_id, objekt_id, beherberger_id, meldescheinnummer, state,
      arrival_date, departure_date, kurtaxe_calc_cents, creation_user_id)
    select ${gemeinde}, o.id, o.beherberger_id, 'T' || o.id, 'departed',
      ${`${month}-10`}::date, ${`${month}-12`}::date,
      substr(b.alias, 15)::int * 100, (select min(id) from users)
    from objekte o join beherberger b on b.id = o.beherberger_id
    where b.alias like 'Testvermieter %'`);
  if (!opts.guests) return;
  await db.execute(sql`
    insert into personen (meldeschein_id, position, tarif_id, gast_type, anzahl, arrival_date,
      departure_date, kurtaxe_calc_cents, fields)
    select m.id, 0, (select min(id) from tarife where gemeinde_id = ${gemeinde}), 'person',
      m.kurtaxe_calc_cents / 100, m.arrival_date, m.departure_date, m.kurtaxe_calc_cents,
      '{}'::jsonb
    from meldescheine m where m.meldescheinnummer like 'T%'`);
  await db.execute(sql`select office_figures_rebuild()`);
}
