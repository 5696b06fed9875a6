// Bulk load for the read bench: forms of two guests each, half for the landlord of `demo` and half
// for another landlord (so visibility filtering has work to do), made by `INSERT … SELECT
// generate_series` in batches. Runs in the bench process against a stopped (embedded) or running
// (PostgreSQL) server's database.
import { sql } from 'drizzle-orm';
import { openDb } from '../lib/db';
import type { Target } from './servers';

export interface Loaded {
  /** Ids of the bulk forms visible to `demo` with meta (seeblick, Möwennest). */
  visibleIds: number[];
  seconds: number;
}

type Row = Record<string, unknown>;
const rows = (r: unknown) => (r as { rows: Row[] }).rows;

export async function bulkLoad(target: Target, total: number, batch = 100_000): Promise<Loaded> {
  const handle = await openDb(
    target.databaseUrl ? { url: target.databaseUrl } : { dir: target.dataDir },
  );
  const db = handle.db;
  const started = Date.now();
  try {
    const ids = rows(
      await db.execute(sql`
        select
          (select id from users where username = 'demo') as demo,
          (select id from users where username = 'demo2') as demo2,
          (select id from objekte where alias = 'Möwennest') as objekt_a,
          (select id from objekte where alias = 'Haus Seeblick, Wohnung 1') as objekt_b,
          (select id from gemeinden where alias = 'Ostseebad Seeblick') as gemeinde,
          (select id from tarife where tarif_code = 'ERW' order by id limit 1) as tarif`),
    )[0] as Record<string, number>;
    const [landlordA, landlordB] = await Promise.all(
      [ids.objekt_a, ids.objekt_b].map(async (o) =>
        Number(
          rows(await db.execute(sql`select beherberger_id from objekte where id = ${o}`))[0]!
            .beherberger_id,
        ),
      ),
    );
    const year = new Date().getFullYear() + 1;
    for (let from = 1; from <= total; from += batch) {
      const to = Math.min(total, from + batch - 1);
      await db.transaction(async (tx) => {
        const before = Number(
          rows(await tx.execute(sql`select coalesce(max(id), 0) as m from meldescheine`))[0]!.m,
        );
        await tx.execute(sql`
          insert into meldescheine (gemeinde_id, objekt_id, beherberger_id, meldescheinnummer,
            state, arrival_date, departure_date, kurtaxe_calc_cents, creation_user_id)
          select ${ids.gemeinde},
            case when i % 2 = 1 then ${ids.objekt_a}::int else ${ids.objekt_b}::int end,
            case when i % 2 = 1 then ${landlordA}::int else ${landlordB}::int end,
            'B' || lpad(i::text, 8, '0'), 'draft',
            ${`${year}-06-01`}::date + (i % 90), ${`${year}-06-04`}::date + (i % 90), 1800,
            case when i % 2 = 1 then ${ids.demo}::int else ${ids.demo2}::int end
          from generate_series(${from}::int, ${to}::int) as i`);
        await tx.execute(sql`
          insert into personen (meldeschein_id, position, tarif_id, gast_type, anzahl,
            arrival_date, departure_date, kurtaxe_calc_cents, fields)
          select m.id, p, ${ids.tarif}, 'person', 1, m.arrival_date, m.departure_date, 900,
            jsonb_build_object('Gast_Vorname', 'Bench', 'Gast_Name', 'Gast ' || m.id || '-' || p,
              'Gast_Geburtsdatum', '1980-01-01', 'Gast_Strasse', 'Weg 1',
              'Gast_Postleitzahl', '12345', 'Gast_Wohnort', 'Berlin', 'Gast_Land', 'DE')
          from meldescheine m cross join generate_series(0, 1) as p
          where m.id > ${before}
          order by m.id, p`);
      });
    }
    // As autovacuum would in time: hint bits and visibility map set, statistics fresh, so the
    // first reads do not pay for writing them.
    await db.execute(sql`vacuum analyze`);
    const visible = rows(
      await db.execute(sql`
        select id from meldescheine
        where objekt_id = ${ids.objekt_a} and meldescheinnummer like 'B%'`),
    ).map((r) => Number(r.id));
    return { visibleIds: visible, seconds: (Date.now() - started) / 1000 };
  } finally {
    await handle.close();
  }
}
