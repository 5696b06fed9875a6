// The figures page's table as CSV (office.view_figures): the same question from the URL, one line
// per group, the codes (ids, country codes, months) for machines beside the names the page shows
// (countries and months in words, in the office's language).
import { csvHeaders, csvStream, euros } from '@/lib/office/csv';
import { officeDb } from '@/lib/office/db';
import { figures, officeGemeinden } from '@/lib/office/figures/figures';
import { figureLabel } from '@/lib/office/figures/labels';
import { parseFiguresQuery } from '@/lib/office/figures/query';
import { officeI18n } from '@/lib/office/i18n';
import { verifyStaff } from '@/lib/office/sign-in/session';

export async function GET(request: Request): Promise<Response> {
  const staff = await verifyStaff('/verwaltung/zahlen', 'office.view_figures');
  const { m, lang } = await officeI18n();
  const db = await officeDb();
  const sp = Object.fromEntries(new URL(request.url).searchParams);
  const q = parseFiguresQuery(sp, await officeGemeinden(db, staff));
  if (!q.range || !q.gemeinde) {
    return new Response(m.figures[q.error ?? 'invalid'], {
      status: 400,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }
  const result = await figures(db, [q.gemeinde.id], q.range, q.breakdown);
  async function* lines() {
    yield result.rows.map((r) => [
      r.key,
      figureLabel(r, q.breakdown, lang, m.figures.unknownCountry),
      r.arrivals,
      r.nights,
      euros(r.kurtaxeCents),
    ]);
  }
  const t = m.figures;
  const name = `zahlen-${q.kind}-${q.range.from.slice(0, 7)}-${q.breakdown}.csv`;
  return new Response(
    csvStream(
      [
        q.breakdown,
        t.breakdowns[q.breakdown],
        t.cols.arrivals,
        t.cols.nights,
        `${t.cols.kurtaxe} (EUR)`,
      ],
      lines(),
    ),
    { headers: csvHeaders(name) },
  );
}
