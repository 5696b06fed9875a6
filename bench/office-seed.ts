// A resort's year for the office's benches (bench/office-figures.ts, bench/office-memory.ts): one
// municipality (the demo's Seeblick configuration) with `landlords` landlords of 2 objects each and
// `forms` forms of 2 or 3 guests (2 % cancelled) over last year, seeded by
// `INSERT … SELECT generate_series` in batches, and the month figures rebuilt from them once
// (`office_figures_rebuild()`: guests above the fold's mark are counted from `personen` until
// folded, which would make every read join the whole load).
import { sql } from 'drizzle-orm';
import type { Db } from '../lib/db';
import { rowsOf } from '../lib/db/rows';
import { loadGemeindeConfig } from '../lib/service/provisioning';
import { demoSeeblick } from '../lib/service/provisioning/demo';

const BATCH = 100_000;
/** The seeded year: last year, so every month of it is over and ready for billing. */
export const YEAR = new Date().getFullYear() - 1;
/** The day the benches bill on: mid-January after the seeded year. */
export const TODAY = `${YEAR + 1}-01-15`;

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;

export async function seedOfficeYear(
  db: Db,
  forms: number,
  landlords: number,
): Promise<{ gemeinde: number; seconds: number }> {
  const t0 = process.hrtime.bigint();
  const g = await loadGemeindeConfig(db, demoSeeblick([YEAR, YEAR + 1]));
  const zones = Object.values(g.zones);
  const tarife = rowsOf<{ id: number; code: string }>(
    await db.execute(sql`select id, tarif_code as code from tarife where gemeinde_id = ${g.id}`),
  );
  const erw = tarife.find((t) => t.code === 'ERW')!.id;
  const kind = tarife.find((t) => t.code === 'KIND')!.id;
  await db.execute(sql`
    insert into beherberger (gemeinde_id, alias, vermieter_nr)
    select ${g.id}, 'Vermieter ' || i, 'V-' || i from generate_series(1, ${landlords}) i`);
  await db.execute(sql`
    insert into objekte (beherberger_id, tarifzone_id, alias, anzahl_betten)
    select b.id, case when o = 1 then ${zones[0]!}::int else ${zones[1]!}::int end,
      b.alias || ' Whg ' || o, 4
    from beherberger b cross join generate_series(1, 2) o where b.gemeinde_id = ${g.id}`);
  const objects = rowsOf<{ lo: number; n: number }>(
    await db.execute(sql`select min(id) as lo, count(*)::int as n from objekte`),
  )[0]!;
  for (let from = 1; from <= forms; from += BATCH) {
    const to = Math.min(forms, from + BATCH - 1);
    await db.transaction(async (tx) => {
      // Arrival spread over the year, 1-7 nights, an object by a scrambled index.
      await tx.execute(sql`
        insert into meldescheine (gemeinde_id, objekt_id, beherberger_id, meldescheinnummer,
          state, arrival_date, departure_date, kurtaxe_calc_cents, creation_user_id)
        select ${g.id}, o.id, o.beherberger_id, 'F' || lpad(i::text, 8, '0'),
          case when i % 50 = 0 then 'cancelled' else 'departed' end,
          ${`${YEAR}-01-01`}::date + (i::bigint * 7919 % 358)::int,
          ${`${YEAR}-01-01`}::date + (i::bigint * 7919 % 358)::int + 1 + (i % 7),
          (1 + (i % 7)) * (case when i % 2 = 0 then 750 else 600 end), 1
        from generate_series(${from}::int, ${to}::int) i
        join objekte o on o.id = ${objects.lo}::int + (i::bigint * 104729 % ${objects.n}::int)::int`);
      await tx.execute(sql`
        insert into personen (meldeschein_id, position, tarif_id, gast_type, anzahl,
          arrival_date, departure_date, kurtaxe_calc_cents, fields)
        select m.id, pos, case when pos = 2 then ${kind}::int else ${erw}::int end, 'person', 1,
          m.arrival_date, m.departure_date,
          (m.departure_date - m.arrival_date) * (case when pos = 2 then 150 else 300 end),
          jsonb_build_object('Gast_Name', 'Gast ' || m.id, 'Gast_Land',
            (array['DE','DE','DE','DE','DE','DE','DE','AT','CH','NL','DK','PL','FR','GB','BE',
              'US','IT','SE','CZ','LU'])[1 + (m.id::bigint * 2654435761 % 1000003 + pos) % 20])
        from meldescheine m
        cross join lateral generate_series(0, case when m.id % 2 = 0 then 2 else 1 end) pos
        where m.meldescheinnummer between ${`F${String(from).padStart(8, '0')}`}
          and ${`F${String(to).padStart(8, '0')}`}`);
    });
    process.stdout.write('.');
  }
  // The kept figures from the seeded forms, as the fold would keep them.
  await db.execute(sql`select office_figures_rebuild()`);
  await db.execute(sql`vacuum analyze`);
  return { gemeinde: g.id, seconds: Math.round(ms(t0) / 100) / 10 };
}
