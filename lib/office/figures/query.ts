// The figures page's and its CSV's question, from the URL: municipality (`g`), period kind
// (`zeitraum`), month (`monat`, YYYY-MM), year (`jahr`), season (`saison`), breakdown (`nach`).
// Bad values never throw: they give an error code the page says in words, and the form keeps them.
import { berlinToday } from '../../wire/time';
import { Breakdown } from './figures';
import type { OfficeGemeinde } from './figures';
import { monthRange, PeriodInput, PeriodKind, type MonthRange, type Season } from './periods';

type Params = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

export interface FiguresQuery {
  gemeinde: OfficeGemeinde | undefined;
  kind: PeriodKind;
  month: string;
  year: string;
  seasonId: string;
  breakdown: Breakdown;
  range?: MonthRange;
  season?: Season;
  error?: 'invalid' | 'noSeason' | 'noGemeinde';
}

export function parseFiguresQuery(
  sp: Params,
  gemeinden: OfficeGemeinde[],
  now = new Date(),
): FiguresQuery {
  const today = berlinToday(now);
  const gid = Number(one(sp.g));
  const gemeinde = gemeinden.find((g) => g.id === gid) ?? gemeinden[0];
  const kindParse = PeriodKind.safeParse(one(sp.zeitraum) || 'month');
  const kind = kindParse.success ? kindParse.data : 'month';
  const breakdownParse = Breakdown.safeParse(one(sp.nach) || 'beherberger');
  const q: FiguresQuery = {
    gemeinde,
    kind,
    month: one(sp.monat).trim() || today.slice(0, 7),
    year: one(sp.jahr).trim() || today.slice(0, 4),
    seasonId: one(sp.saison).trim(),
    breakdown: breakdownParse.success ? breakdownParse.data : 'beherberger',
  };
  if (!gemeinde) return { ...q, error: 'noGemeinde' };
  if (!kindParse.success || !breakdownParse.success) return { ...q, error: 'invalid' };
  const current = gemeinde.seasons.find((s) => s.validFrom <= today && today <= s.validUntil);
  if (!q.seasonId && current) q.seasonId = String(current.id);
  const value = kind === 'month' ? q.month : kind === 'year' ? q.year : q.seasonId;
  const period = PeriodInput.safeParse({ kind, value });
  if (!period.success) return { ...q, error: kind === 'season' ? 'noSeason' : 'invalid' };
  const season =
    period.data.kind === 'season'
      ? gemeinde.seasons.find((s) => s.id === period.data.value)
      : undefined;
  const range = monthRange(period.data, season);
  if (!range) return { ...q, error: 'noSeason' };
  return { ...q, range, season };
}

/** The query as URL parameters (for the CSV link and the sort links). */
export function figuresParams(q: FiguresQuery): URLSearchParams {
  const p = new URLSearchParams();
  if (q.gemeinde) p.set('g', String(q.gemeinde.id));
  p.set('zeitraum', q.kind);
  if (q.kind === 'month') p.set('monat', q.month);
  if (q.kind === 'year') p.set('jahr', q.year);
  if (q.kind === 'season') p.set('saison', q.seasonId);
  p.set('nach', q.breakdown);
  return p;
}
