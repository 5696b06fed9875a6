// The periods the office's figures are asked for (decision 031): a calendar month, a season of
// the municipality's configuration, or a calendar year. Figures are kept per month of the guests'
// arrival, so a period is a range of whole months; a season whose bounds fall inside a month is
// counted by the months it touches, and the answer says so (`roundedToMonths`).
import { z } from 'zod';

export const PeriodKind = z.enum(['month', 'season', 'year']);
export type PeriodKind = z.infer<typeof PeriodKind>;

/** What a request names: `2027-07` (month), `2027` (year) or a season's id. */
export const PeriodInput = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('month'),
    value: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM'),
  }),
  z.strictObject({ kind: z.literal('year'), value: z.string().regex(/^\d{4}$/, 'YYYY') }),
  z.strictObject({ kind: z.literal('season'), value: z.coerce.number().int().positive() }),
]);
export type PeriodInput = z.infer<typeof PeriodInput>;

export interface Season {
  id: number;
  gemeindeId: number;
  alias: string;
  validFrom: string;
  validUntil: string;
}

/** A period as months: first day of the first month, first day of the month after the last. */
export interface MonthRange {
  from: string;
  until: string;
  /** True for a season that begins or ends inside a month. */
  roundedToMonths: boolean;
}

const monthStart = (date: string) => `${date.slice(0, 7)}-01`;

export function nextMonth(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/** The last day of the month that `date` lies in. */
function lastOfMonth(date: string): string {
  const d = new Date(`${nextMonth(date)}T00:00:00Z`);
  d.setUTCDate(0);
  return d.toISOString().slice(0, 10);
}

export function monthRange(
  period: PeriodInput,
  season: Season | undefined,
): MonthRange | undefined {
  if (period.kind === 'month') {
    const from = `${period.value}-01`;
    return { from, until: nextMonth(from), roundedToMonths: false };
  }
  if (period.kind === 'year') {
    return {
      from: `${period.value}-01-01`,
      until: `${Number(period.value) + 1}-01-01`,
      roundedToMonths: false,
    };
  }
  if (!season) return undefined;
  return {
    from: monthStart(season.validFrom),
    until: nextMonth(season.validUntil),
    roundedToMonths:
      season.validFrom.slice(8) !== '01' || season.validUntil !== lastOfMonth(season.validUntil),
  };
}
