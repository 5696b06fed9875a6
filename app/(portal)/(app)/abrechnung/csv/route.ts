// The monthly statement as CSV for Excel and LibreOffice (UTF-8 with BOM, `;`, decimal comma).
import { download, statementExport } from '@/lib/portal/statement/export';
import { statementCsv } from '@/lib/portal/statement/table';

export const dynamic = 'force-dynamic';

export async function GET(request: Request): Promise<Response> {
  const e = await statementExport(request);
  if (e instanceof Response) return e;
  return download(statementCsv(e.table, e.title), 'text/csv; charset=utf-8', e.filename('csv'));
}
