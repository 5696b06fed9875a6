// The office's figures and billing at the scale of a resort's year (issue 32): on PostgreSQL, a
// fresh database from the migrations, one municipality (the demo's Seeblick configuration) with
// 500 landlords of 2 objects each, 1,000,000 forms with 2,500,000 guests (2 or 3 per form, 2 %
// cancelled) over one year, seeded by `INSERT … SELECT generate_series` in batches and the month
// figures rebuilt from them once (`office_figures_rebuild()`: the load lies above the fold's mark
// and would be read from the guests until folded). Then, each the median of 5 runs after a warm-up:
// every figures question of the office page (month, season, year × 6 breakdowns) against 250 ms;
// the naive join and group over the forms that the kept month figures replace; the billing list
// of a month and a page of it; the month's billing CSV of all landlords (streamed in batches, against 10 s, with
// the heap it grew by); and one landlord's PDF statement. What the figures cost a booking:
// bench/booking-vs.ts.
//
// Alone: `npx tsx bench/office-figures.ts` (BENCH_DATABASE_URL; `--forms=N` for a smaller trial
// run, guests 2.5 × N; `--landlords=N`, 500 by default). bench/run.ts starts it so. The database
// is dropped afterwards.
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { openDb } from '../lib/db';
import { rowsOf } from '../lib/db/rows';
import {
  BILLING_PAGE_SIZE,
  billingByLandlord,
  billingLines,
  billingPage,
} from '../lib/office/billing/billing';
import { billingCsv } from '../lib/office/billing/export';
import { statementPdf } from '../lib/office/billing/statement-pdf';
import { Breakdown, figures } from '../lib/office/figures/figures';
import { monthRange } from '../lib/office/figures/periods';
import { seedOfficeYear, TODAY, YEAR } from './office-seed';
import { postgresTarget } from './servers';

const arg = (name: string) =>
  process.argv.map((a) => new RegExp(`^--${name}=(\\d+)$`).exec(a)?.[1]).find(Boolean);
const FORMS = Number(arg('forms') ?? 1_000_000);
const LANDLORDS = Number(arg('landlords') ?? 500);
const FIGURES_GOAL_MS = 250;
const EXPORT_GOAL_MS = 10_000;

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;

async function median(run: () => Promise<unknown>, times = 5): Promise<number> {
  await run();
  const out: number[] = [];
  for (let i = 0; i < times; i++) {
    const t0 = process.hrtime.bigint();
    await run();
    out.push(ms(t0));
  }
  out.sort((a, b) => a - b);
  return out[Math.floor(out.length / 2)]!;
}

async function main() {
  const target = await postgresTarget();
  const handle = await openDb({ url: target.databaseUrl! });
  const db = handle.db;
  const lines: string[] = [];
  try {
    console.info(`[office figures] seeding ${FORMS.toLocaleString('en')} forms …`);
    const { gemeinde, seconds } = await seedOfficeYear(db, FORMS, LANDLORDS);
    const counts = rowsOf<{ forms: number; guests: number; kept: number; countries: number }>(
      await db.execute(sql`select (select count(*) from meldescheine)::int as forms,
        (select count(*) from personen)::int as guests,
        (select count(*) from office_month_figures)::int as kept,
        (select count(*) from office_month_countries)::int as countries`),
    )[0]!;
    lines.push(
      `seeded ${counts.forms} forms, ${counts.guests} guests in ${seconds} s; ` +
        `${counts.kept} month-figure rows kept per object and tariff, ${counts.countries} per country`,
    );

    const periods = {
      month: monthRange({ kind: 'month', value: `${YEAR}-07` }, undefined)!,
      season: monthRange(
        { kind: 'season', value: 1 },
        {
          id: 1,
          gemeindeId: gemeinde,
          alias: 'Hauptsaison',
          validFrom: `${YEAR}-05-01`,
          validUntil: `${YEAR}-09-30`,
        },
      )!,
      year: monthRange({ kind: 'year', value: String(YEAR) }, undefined)!,
    };
    let worst = 0;
    for (const [name, range] of Object.entries(periods)) {
      const cells: string[] = [];
      for (const b of Breakdown.options) {
        const t = await median(() => figures(db, [gemeinde], range, b));
        worst = Math.max(worst, t);
        cells.push(`${b} ${t.toFixed(1)}`);
      }
      lines.push(`figures, ${name}: ${cells.join(', ')} ms`);
    }
    lines.push(
      `figures: slowest ${worst.toFixed(1)} ms (goal < ${FIGURES_GOAL_MS} ms): ` +
        (worst < FIGURES_GOAL_MS ? 'met' : 'MISSED'),
    );

    // The naive bound: the same questions as a join and group over the forms.
    const naiveYear = await median(
      () =>
        db.execute(sql`
          select date_trunc('month', p.arrival_date) as month, sum(p.anzahl),
            sum(p.anzahl * (p.departure_date - p.arrival_date)), sum(p.kurtaxe_calc_cents)
          from personen p join meldescheine m on m.id = p.meldeschein_id
          where m.gemeinde_id = ${gemeinde} and m.state <> 'cancelled' and p.deleted_at is null
            and p.arrival_date >= ${`${YEAR}-01-01`}::date and p.arrival_date < ${`${YEAR + 1}-01-01`}::date
          group by 1`),
      3,
    );
    const naiveCountry = await median(
      () =>
        db.execute(sql`
          select office_guest_country(m.gemeinde_id, p.fields), sum(p.anzahl),
            sum(p.anzahl * (p.departure_date - p.arrival_date)), sum(p.kurtaxe_calc_cents)
          from personen p join meldescheine m on m.id = p.meldeschein_id
          where m.gemeinde_id = ${gemeinde} and m.state <> 'cancelled' and p.deleted_at is null
            and p.arrival_date >= ${`${YEAR}-07-01`}::date and p.arrival_date < ${`${YEAR}-08-01`}::date
          group by 1`),
      3,
    );
    lines.push(
      `naive join and group over the forms: year by month ${naiveYear.toFixed(0)} ms, ` +
        `July by country ${naiveCountry.toFixed(0)} ms`,
    );

    const list = await median(() => billingByLandlord(db, [gemeinde], `${YEAR}-07`, TODAY));
    lines.push(`billing list of July, ${LANDLORDS} landlords: ${list.toFixed(1)} ms`);
    // The billing page reads one page of landlords (and the count and total of all) from the
    // same grouping: its HTML holds BILLING_PAGE_SIZE rows whatever LANDLORDS is.
    const july = `${YEAR}-07`;
    const firstPage = await median(() => billingPage(db, [gemeinde], july, TODAY));
    const lastByAmount = await median(() =>
      billingPage(db, [gemeinde], july, TODAY, { sort: 'amount', desc: true, page: 100_000 }),
    );
    lines.push(
      `billing page of July (${BILLING_PAGE_SIZE} of ${LANDLORDS} landlords): first by name ` +
        `${firstPage.toFixed(1)} ms, last by amount ${lastByAmount.toFixed(1)} ms`,
    );

    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    let heapPeak = heapBefore;
    const t0 = process.hrtime.bigint();
    const reader = billingCsv(db, [gemeinde], `${YEAR}-07`, TODAY).getReader();
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
    }
    const exportMs = ms(t0);
    const formsInJuly = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from meldescheine
        where state <> 'cancelled' and departure_date >= ${`${YEAR}-07-01`}::date
          and departure_date < ${`${YEAR}-08-01`}::date`),
    )[0]!.n;
    lines.push(
      `billing CSV of July, all landlords: ${formsInJuly} forms, ${(bytes / 1e6).toFixed(1)} MB in ` +
        `${(exportMs / 1000).toFixed(2)} s (goal < ${EXPORT_GOAL_MS / 1000} s: ` +
        `${exportMs < EXPORT_GOAL_MS ? 'met' : 'MISSED'}), heap grew by at most ` +
        `${((heapPeak - heapBefore) / 1e6).toFixed(1)} MB`,
    );

    const landlord = rowsOf<{ id: number }>(
      await db.execute(
        sql`select id from beherberger where gemeinde_id = ${gemeinde} order by id limit 1`,
      ),
    )[0]!.id;
    const pdfMs = await median(
      () =>
        statementPdf(
          billingLines(db, [gemeinde], `${YEAR}-07`, TODAY, { beherbergerId: landlord }),
          {
            title: 'Kurtaxe-Abrechnung',
            lines: ['Vermieter 1'],
            head: ['Nr', 'Objekt', 'An', 'Ab', 'P', 'Ü', 'Betrag', 'Rechnung'],
            totalLabel: 'Summe',
            footer: '',
            invoice: () => '',
            format: { number: String, euro: (c) => (c / 100).toFixed(2), date: (d) => d },
          },
        ),
      3,
    );
    lines.push(
      `PDF statement of one landlord's July (~${Math.round(formsInJuly / LANDLORDS)} forms): ${pdfMs.toFixed(0)} ms`,
    );
  } finally {
    await handle.close();
    await target.dispose();
  }
  console.info(`\noffice figures and billing (PostgreSQL, load ${loadavg()[0]!.toFixed(2)})`);
  for (const l of lines) console.info(`  ${l}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
