// The monthly Kurtaxe statement: a month (and one object or all), figures per tariff, the last
// 12 months as a server-rendered chart, downloads as CSV and PDF. Works without JavaScript.
import type { Metadata } from 'next';
import { DataTable } from '@/components/ui/data-table';
import { Link } from '@/components/ui/link';
import { ServiceProblem } from '@/components/shell/service-problem';
import { IndexSync } from '@/components/stays/index-sync';
import { indexSyncDue } from '@/lib/portal/stays/index-sync';
import { MonthChart } from '@/components/statement/month-chart';
import { StatementFigures } from '@/components/statement/statement-figures';
import { buttonClass } from '@/components/ui/button';
import { CONTROL } from '@/components/ui/field';
import { ObjectSelect } from '@/components/ui/object-select';
import { objectsOf } from '@/lib/portal/config/view';
import { guarded } from '@/lib/portal/session/guarded';
import { loadConfig } from '@/lib/portal/config/load';
import { formatEuro, formatMonth, formatMonthShort, formatNumber } from '@/lib/portal/format';
import { fmt } from '@/lib/portal/i18n';
import { getI18n } from '@/lib/portal/i18n/server';
import { syncShownIndex } from '../actions';
import { ownerOf, verifySession } from '@/lib/portal/session/session';
import { addMonths } from '@/lib/portal/statement/aggregate';
import {
  loadStatement,
  parseStatementQuery,
  statementQueryString,
  tariffNames,
} from '@/lib/portal/statement/load';
import { statementTable } from '@/lib/portal/statement/table';
import { paidOnline } from '@/lib/portal/statement/paid-online';
import { paymentsMessages } from '@/lib/portal/i18n/payments';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getI18n()).m.statement.title };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function StatementPage({ searchParams }: { searchParams: SearchParams }) {
  const sp = await searchParams;
  const session = await verifySession('/abrechnung');
  const { lang, m } = await getI18n();
  const w = m.statement;
  // Reads only: the index is brought up to date by an action once the page is shown (IndexSync).
  const loaded = await guarded('/abrechnung', () => loadConfig(session));
  if (!loaded.ok) return <ServiceProblem error={loaded.error} m={m} title={w.title} />;
  const config = loaded.value;
  const objects = objectsOf(config);
  const query = parseStatementQuery(
    sp,
    objects.map((o) => o.id),
  );
  const shownAt = await indexSyncDue(session);
  const { statement, series } = await loadStatement(ownerOf(session), query);
  const online = await paidOnline(ownerOf(session), query);
  const po = paymentsMessages(lang).landlord.statement;
  const table = statementTable(statement, tariffNames(config), w);
  const monthName = formatMonth(query.month, lang);
  const link = (month: string) => `/abrechnung?${statementQueryString({ ...query, month })}`;
  const exportQuery = statementQueryString(query);
  const euro = (cents: number) => formatEuro(cents, lang);
  const num = (n: number) => formatNumber(n, lang);
  const max = Math.max(...series.map((s) => s.kurtaxeCents));

  return (
    <div className="space-y-6">
      {shownAt !== null ? <IndexSync sync={syncShownIndex} shownAt={shownAt} /> : null}
      <div>
        <h1 className="text-2xl font-bold">{fmt(w.heading, { month: monthName })}</h1>
        <p className="mt-1 text-slate-800">{w.intro}</p>
      </div>

      <form
        method="get"
        action="/abrechnung"
        aria-label={w.choose}
        className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-300 bg-white p-4"
      >
        <div>
          <label htmlFor="s-monat" className="block text-sm font-medium">
            {w.month}
          </label>
          <input
            id="s-monat"
            name="monat"
            type="month"
            defaultValue={query.month}
            required
            className={CONTROL}
          />
        </div>
        <ObjectSelect
          id="s-objekt"
          label={w.object}
          allLabel={w.allObjects}
          objects={objects}
          value={query.objekt}
          className="min-w-48 flex-1"
        />
        <button type="submit" className={buttonClass('primary')}>
          {w.show}
        </button>
      </form>

      <nav aria-label={w.monthNav} className="flex justify-between gap-2">
        <Link
          href={link(addMonths(query.month, -1))}
          className={buttonClass('secondary')}
          rel="prev"
        >
          ← {w.prevMonth}
        </Link>
        <Link
          href={link(addMonths(query.month, 1))}
          className={buttonClass('secondary')}
          rel="next"
        >
          {w.nextMonth} →
        </Link>
      </nav>

      <StatementFigures
        statement={statement}
        table={table}
        w={w}
        heading={fmt(w.byTariff, { month: monthName })}
        euro={euro}
        num={num}
      />

      {online ? (
        <dl
          className="grid max-w-md grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-lg border border-slate-300 bg-white p-4"
          data-testid="paid-online"
        >
          <dt>{po.paidOnline}</dt>
          <dd className="text-right tabular-nums">{euro(online.paidCents)}</dd>
          <dt>{po.open}</dt>
          <dd className="text-right font-semibold tabular-nums">{euro(online.openCents)}</dd>
        </dl>
      ) : null}

      <section aria-labelledby="downloads" className="space-y-2">
        <h2 id="downloads" className="text-xl font-semibold">
          {w.downloads}
        </h2>
        <div className="flex flex-wrap gap-2">
          <a href={`/abrechnung/csv?${exportQuery}`} className={buttonClass('secondary')} download>
            {w.downloadCsv}
          </a>
          <a href={`/abrechnung/pdf?${exportQuery}`} className={buttonClass('secondary')} download>
            {w.downloadPdf}
          </a>
        </div>
      </section>

      <section aria-labelledby="chart" className="space-y-3">
        <h2 id="chart" className="text-xl font-semibold">
          {w.chartTitle}
        </h2>
        <MonthChart
          series={series}
          title={w.chartTitle}
          summary={fmt(w.chartSummary, {
            from: formatMonth(series[0]?.month ?? query.month, lang),
            to: monthName,
            max: euro(max),
          })}
          monthLabel={(mo) => formatMonthShort(mo, lang)}
          amountLabel={euro}
          current={query.month}
        />
        <div className="max-w-2xl">
          <DataTable
            data={series}
            columns={[
              {
                id: 'month',
                header: w.month,
                value: (s) => s.month,
                rowHeader: true,
                cell: (s) => (
                  <Link href={link(s.month)} className="text-brand-700 underline">
                    {formatMonth(s.month, lang)}
                  </Link>
                ),
              },
              {
                id: 'stays',
                header: w.stays,
                value: (s) => s.stays,
                cell: (s) => num(s.stays),
                numeric: true,
              },
              {
                id: 'nights',
                header: w.personNights,
                value: (s) => s.personNights,
                cell: (s) => num(s.personNights),
                numeric: true,
              },
              {
                id: 'kurtaxe',
                header: w.kurtaxe,
                value: (s) => s.kurtaxeCents,
                cell: (s) => euro(s.kurtaxeCents),
                numeric: true,
              },
            ]}
            labels={{ caption: w.months }}
            rowKey={(s) => s.month}
          />
        </div>
      </section>
    </div>
  );
}
