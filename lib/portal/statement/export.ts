import 'server-only';
// What the CSV and PDF downloads share: the signed-in user's statement for the URL's month and
// object, as the same table the page shows, with its title lines and a file name.
import { redirect } from 'next/navigation';
import { objectsOf } from '../config/view';
import { guarded } from '../session/guarded';
import { loadConfig } from '../config/load';
import { formatDateTime, formatMonth } from '../format';
import { getI18n, type I18n } from '../i18n/server';
import { ownerOf, routeSession } from '../session/session';
import { loadMonthStatement, parseStatementQuery, tariffNames, type StatementQuery } from './load';
import { statementTable, type StatementTable } from './table';

export interface StatementExport {
  i18n: I18n;
  query: StatementQuery;
  table: StatementTable;
  /** `[label, value]`: statement and month, object. */
  title: [string, string][];
  filename: (extension: string) => string;
  created: string;
}

/** The statement to download, or the answer that sends the browser to sign in first. */
export async function statementExport(request: Request): Promise<StatementExport | Response> {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const session = await routeSession('/abrechnung');
  if (session instanceof Response) return session;
  const i18n = await getI18n();
  const w = i18n.m.statement;
  // A download is a GET and only reads: it exports the index the statement page showed (and
  // brought up to date once shown), so the file holds the figures the landlord saw.
  const loaded = await guarded('/abrechnung', () => loadConfig(session));
  // The page explains a service problem in words; a download cannot.
  if (!loaded.ok) redirect('/abrechnung');
  const objects = objectsOf(loaded.value);
  const query = parseStatementQuery(
    params,
    objects.map((o) => o.id),
  );
  const statement = await loadMonthStatement(ownerOf(session), query);
  const objekt = objects.find((o) => o.id === query.objekt);
  return {
    i18n,
    query,
    table: statementTable(statement, tariffNames(loaded.value), w),
    title: [
      [w.title, formatMonth(query.month, i18n.lang)],
      [w.object, objekt?.alias ?? w.allObjects],
    ],
    filename: (ext) =>
      `Kurtaxe-${query.month}${objekt ? `-${objekt.alias.replace(/[^\w.-]/g, '_')}` : ''}.${ext}`,
    created: formatDateTime(new Date(), i18n.lang),
  };
}

export function download(body: BodyInit, type: string, filename: string): Response {
  return new Response(body, {
    headers: {
      'Content-Type': type,
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
