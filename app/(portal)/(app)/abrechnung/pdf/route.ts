// The monthly statement as an A4 PDF.
import { formatEuro, formatNumber } from '@/lib/portal/format';
import { fmt } from '@/lib/portal/i18n';
import { download, statementExport } from '@/lib/portal/statement/export';
import { statementPdf } from '@/lib/portal/statement/pdf';

export const dynamic = 'force-dynamic';

export async function GET(request: Request): Promise<Response> {
  const e = await statementExport(request);
  if (e instanceof Response) return e;
  const { lang, m } = e.i18n;
  const pdf = await statementPdf(e.table, {
    title: e.title[0]?.join(' ') ?? m.statement.title,
    lines: e.title.slice(1).map(([k, v]) => `${k}: ${v}`),
    footer: fmt(m.statement.created, { date: e.created }),
    format: { number: (n) => formatNumber(n, lang), euro: (c) => formatEuro(c, lang) },
  });
  return download(new Uint8Array(pdf), 'application/pdf', e.filename('pdf'));
}
