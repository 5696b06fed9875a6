import 'server-only';
// Reads of the monthly statement: the index rows of the last 12 months up to the chosen month
// (one query; the month alone where no chart is shown), aggregated in memory. Figures come from
// the index only (DECISIONS 3).
import { and, eq, gte, lt, ne } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { portalForms } from '@/lib/db/schema';
import type { CurrentUserResponse } from '@/lib/wire/config';
import { berlinToday } from '@/lib/wire/time';
import { ownerIs } from '../stays/forms-index';
import type { Owner } from '../session/session';
import {
  addMonths,
  aggregateStatement,
  isMonth,
  monthOf,
  monthsEnding,
  monthlySeries,
  type MonthFigures,
  type Statement,
  type StatementRow,
} from './aggregate';

export const CHART_MONTHS = 12;

export interface StatementQuery {
  month: string;
  objekt?: number;
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** `?monat=2026-07&objekt=3`; the current month (Berlin) and all objects by default. */
export function parseStatementQuery(
  params: Record<string, string | string[] | undefined>,
  objektIds: readonly number[],
): StatementQuery {
  const month = first(params.monat);
  const objekt = Number(first(params.objekt));
  return {
    month: isMonth(month) ? month : monthOf(berlinToday()),
    objekt: objektIds.includes(objekt) ? objekt : undefined,
  };
}

export function statementQueryString(q: StatementQuery): string {
  const p = new URLSearchParams({ monat: q.month });
  if (q.objekt) p.set('objekt', String(q.objekt));
  return p.toString();
}

/** The index rows of the `months` months up to the chosen one, cancelled stays left out. */
async function rowsOf(owner: Owner, q: StatementQuery, months: number): Promise<StatementRow[]> {
  const db = await getDb();
  const from = `${addMonths(q.month, 1 - months)}-01`;
  const until = `${addMonths(q.month, 1)}-01`;
  return db
    .select({
      formId: portalForms.formId,
      state: portalForms.state,
      arrivalDate: portalForms.arrivalDate,
      guests: portalForms.guests,
      nights: portalForms.nights,
      kurtaxeCents: portalForms.kurtaxeCents,
      tariffs: portalForms.tariffs,
    })
    .from(portalForms)
    .where(
      and(
        ownerIs(owner),
        ne(portalForms.state, 'cancelled'),
        gte(portalForms.arrivalDate, from),
        lt(portalForms.arrivalDate, until),
        q.objekt ? eq(portalForms.objektId, q.objekt) : undefined,
      ),
    );
}

export interface LoadedStatement {
  statement: Statement;
  series: MonthFigures[];
}

export async function loadStatement(owner: Owner, q: StatementQuery): Promise<LoadedStatement> {
  const rows = await rowsOf(owner, q, CHART_MONTHS);
  return {
    statement: aggregateStatement(rows.filter((r) => monthOf(r.arrivalDate) === q.month)),
    series: monthlySeries(rows, monthsEnding(q.month, CHART_MONTHS)),
  };
}

/**
 * The chosen month's statement alone, for the overview's figure and the exports: its own rows,
 * not the chart's twelve months.
 */
export async function loadMonthStatement(owner: Owner, q: StatementQuery): Promise<Statement> {
  return aggregateStatement(await rowsOf(owner, q, 1));
}

/** Every tariff of the user's municipalities by id (inactive ones too: old stays use them). */
export function tariffNames(config: CurrentUserResponse): Map<number, string> {
  return new Map(config.gemeinden.flatMap((g) => g.tarife.map((t) => [t.id, t.alias] as const)));
}
