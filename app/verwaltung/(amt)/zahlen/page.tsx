// Figures of a municipality: period (month, season, year) and breakdown chosen in a GET form, a
// chart, the table (50 groups to a page, lib/office/figures/table.ts), and the same figures as CSV.
// Reads only (office.view_figures).
import type { Metadata } from 'next';
import { buttonClass } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Field, Select, TextInput } from '@/components/ui/field';
import { Link } from '@/components/ui/link';
import { Notice } from '@/components/ui/notice';
import { FiguresChart } from '@/components/office/figures-chart';
import { Pager } from '@/components/office/pager';
import { officeDb } from '@/lib/office/db';
import { officeFormat } from '@/lib/office/billing/statement';
import { figures, officeGemeinden, type FigureRow } from '@/lib/office/figures/figures';
import { figuresParams, parseFiguresQuery } from '@/lib/office/figures/query';
import { figureLabel } from '@/lib/office/figures/labels';
import { FIGURE_SORTS, figuresTablePage, type FigureSort } from '@/lib/office/figures/table';
import { fill, officeI18n } from '@/lib/office/i18n';
import { verifyStaff } from '@/lib/office/sign-in/session';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await officeI18n()).m.figures.title };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const CHART_BARS = 12;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function FiguresPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await verifyStaff('/verwaltung/zahlen', 'office.view_figures');
  const { m, lang } = await officeI18n();
  const t = m.figures;
  const sp = await searchParams;
  const db = await officeDb();
  const gemeinden = await officeGemeinden(db, staff);
  const q = parseFiguresQuery(sp, gemeinden);
  const f = officeFormat(lang);
  const result =
    q.range && q.gemeinde ? await figures(db, [q.gemeinde.id], q.range, q.breakdown) : null;
  const label = (r: FigureRow) => figureLabel(r, q.breakdown, lang, t.unknownCountry);
  const periodText =
    q.kind === 'month'
      ? q.range
        ? f.month(q.month)
        : q.month
      : q.kind === 'year'
        ? q.year
        : (q.season?.alias ?? '') +
          (q.season ? ` (${f.date(q.season.validFrom)} – ${f.date(q.season.validUntil)})` : '');
  const breakdownText = t.breakdowns[q.breakdown];
  const params = figuresParams(q);
  const sortParam = one(sp.sort);
  const sortId: FigureSort = (FIGURE_SORTS as readonly string[]).includes(sortParam ?? '')
    ? (sortParam as FigureSort)
    : q.breakdown === 'month'
      ? 'label'
      : 'nights';
  const dir = one(sp.dir);
  const desc = dir === 'desc' || (dir === undefined && sortId !== 'label');
  const sortHref = (id: string) => {
    const p = new URLSearchParams(params);
    p.set('sort', id);
    p.set('dir', id === sortId && desc ? 'asc' : 'desc');
    return `/verwaltung/zahlen?${p}`;
  };
  const seite = Number(one(sp.seite) ?? 1);
  const table = result
    ? figuresTablePage(result.rows, {
        sort: sortId,
        desc,
        page: Number.isInteger(seite) && seite >= 1 ? seite : 1,
        label: (r) => (q.breakdown === 'month' ? r.key : label(r)),
        lang,
      })
    : null;
  const pageHref = (n: number) => {
    const p = new URLSearchParams(params);
    p.set('sort', sortId);
    p.set('dir', desc ? 'desc' : 'asc');
    if (n > 1) p.set('seite', String(n));
    return `/verwaltung/zahlen?${p}`;
  };
  const columns: Column<FigureRow>[] = [
    {
      id: 'label',
      header: breakdownText,
      primary: true,
      value: (r) => (q.breakdown === 'month' ? r.key : label(r)),
      cell: label,
    },
    {
      id: 'arrivals',
      header: t.cols.arrivals,
      numeric: true,
      value: (r) => r.arrivals,
      cell: (r) => f.number(r.arrivals),
    },
    {
      id: 'nights',
      header: t.cols.nights,
      numeric: true,
      value: (r) => r.nights,
      cell: (r) => f.number(r.nights),
    },
    {
      id: 'kurtaxe',
      header: t.cols.kurtaxe,
      numeric: true,
      value: (r) => r.kurtaxeCents,
      cell: (r) => f.euro(r.kurtaxeCents),
    },
  ];
  const chartRows = result
    ? q.breakdown === 'month'
      ? result.rows
      : [...result.rows].sort((a, b) => b.nights - a.nights).slice(0, CHART_BARS)
    : [];
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">{t.title}</h1>
      <p>{t.intro}</p>
      <form method="get" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t.title}>
        {gemeinden.length > 1 ? (
          <Field id="g" label={t.gemeinde}>
            {(d) => (
              <Select
                id="g"
                name="g"
                defaultValue={String(q.gemeinde?.id ?? '')}
                aria-describedby={d}
              >
                {gemeinden.map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.alias}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ) : q.gemeinde ? (
          <input type="hidden" name="g" value={q.gemeinde.id} />
        ) : null}
        <Field id="zeitraum" label={t.period}>
          {(d) => (
            <Select id="zeitraum" name="zeitraum" defaultValue={q.kind} aria-describedby={d}>
              {(['month', 'season', 'year'] as const).map((k) => (
                <option key={k} value={k}>
                  {t.kinds[k]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id="monat" label={t.month} hint="JJJJ-MM">
          {(d) => (
            <TextInput
              id="monat"
              name="monat"
              type="month"
              defaultValue={q.month}
              aria-describedby={d}
            />
          )}
        </Field>
        <Field id="jahr" label={t.year}>
          {(d) => (
            <TextInput
              id="jahr"
              name="jahr"
              inputMode="numeric"
              pattern="[0-9]{4}"
              defaultValue={q.year}
              aria-describedby={d}
            />
          )}
        </Field>
        <Field id="saison" label={t.season}>
          {(d) => (
            <Select id="saison" name="saison" defaultValue={q.seasonId} aria-describedby={d}>
              {(q.gemeinde?.seasons ?? []).map((s) => (
                <option key={s.id} value={s.id}>
                  {s.alias} {f.date(s.validFrom)} – {f.date(s.validUntil)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id="nach" label={t.breakdown}>
          {(d) => (
            <Select id="nach" name="nach" defaultValue={q.breakdown} aria-describedby={d}>
              {(Object.keys(t.breakdowns) as (keyof typeof t.breakdowns)[]).map((b) => (
                <option key={b} value={b}>
                  {t.breakdowns[b]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <div className="flex items-end">
          <button type="submit" className={buttonClass('primary')}>
            {t.show}
          </button>
        </div>
      </form>
      {q.error ? <Notice tone="error">{t[q.error]}</Notice> : null}
      {q.range?.roundedToMonths ? (
        <Notice tone="info">
          {fill(t.rounded, {
            from: f.month(q.range.from.slice(0, 7)),
            until: f.month(
              new Date(Date.parse(`${q.range.until}T00:00:00Z`) - 86_400_000)
                .toISOString()
                .slice(0, 7),
            ),
          })}
        </Notice>
      ) : null}
      {result && result.rows.length === 0 ? <p>{t.none}</p> : null}
      {result && result.rows.length > 0 ? (
        <>
          <p>
            <Link href={`/verwaltung/zahlen/csv?${params}`} className="text-brand-800 underline">
              {t.csv}
            </Link>
          </p>
          <FiguresChart
            id="zahlen-diagramm"
            title={`${fill(t.chartTitle, { breakdown: breakdownText })}, ${periodText}`}
            bars={chartRows.map((r) => ({
              label: label(r),
              value: r.nights,
              text: f.number(r.nights),
            }))}
            note={
              chartRows.length < result.rows.length
                ? fill(t.chartMore, { n: chartRows.length })
                : undefined
            }
          />
          <DataTable
            data={table!.rows}
            columns={columns}
            rowKey={(r) => r.key || '-'}
            sorting={[{ id: sortId, desc }]}
            sortHref={sortHref}
            sortedByServer
            footer={
              <tr className="font-semibold">
                <th scope="row" className="px-3 py-2 text-left">
                  {table!.pages > 1
                    ? fill(t.totalAll, { n: f.number(result.rows.length) })
                    : t.total}
                </th>
                <td className="px-3 py-2 text-right tabular-nums">
                  {f.number(result.total.arrivals)}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">
                  {f.number(result.total.nights)}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">
                  {f.euro(result.total.kurtaxeCents)}
                </td>
              </tr>
            }
            labels={{
              caption: fill(t.caption, { breakdown: breakdownText, period: periodText }),
              ...m.sorting,
            }}
          />
          <Pager
            page={table!.page}
            pages={table!.pages}
            href={pageHref}
            labels={{ ...m.paging, pager: t.pager }}
          />
        </>
      ) : null}
    </div>
  );
}
