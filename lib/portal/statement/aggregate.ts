// The monthly Kurtaxe statement from index rows: stays, persons, person-nights and Kurtaxe per
// tariff. A stay counts in the month of its arrival (the stays list's month filter does the same),
// and cancelled stays count nowhere. Client-safe (pure), so it is unit-tested without a database.
import type { TariffFigures } from '../stays/tariff-figures';

export interface StatementRow {
  formId: number;
  state: string;
  arrivalDate: string;
  guests: number;
  nights: number;
  kurtaxeCents: number;
  tariffs: TariffFigures[];
}

export interface TariffLine extends TariffFigures {
  /** Stays with at least one guest of this tariff. */
  stays: number;
}

export interface Statement {
  stays: number;
  persons: number;
  personNights: number;
  kurtaxeCents: number;
  byTariff: TariffLine[];
}

export interface MonthFigures {
  month: string;
  stays: number;
  personNights: number;
  kurtaxeCents: number;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isMonth(value: unknown): value is string {
  return typeof value === 'string' && MONTH.test(value);
}

export const monthOf = (date: string) => date.slice(0, 7);

/** `2026-03`, -2 -> `2026-01`; 12 months back from `2026-03` is `2025-03`. */
export function addMonths(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The `n` months ending with `last`, oldest first. */
export function monthsEnding(last: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) => addMonths(last, i - n + 1));
}

const counts = (row: StatementRow) => row.state !== 'cancelled';

export function aggregateStatement(rows: readonly StatementRow[]): Statement {
  const byTariff = new Map<number, TariffLine>();
  const total: Statement = { stays: 0, persons: 0, personNights: 0, kurtaxeCents: 0, byTariff: [] };
  for (const row of rows.filter(counts)) {
    total.stays += 1;
    total.persons += row.guests;
    total.personNights += row.nights;
    total.kurtaxeCents += row.kurtaxeCents;
    for (const t of row.tariffs) {
      const line = byTariff.get(t.tarifId) ?? {
        tarifId: t.tarifId,
        stays: 0,
        persons: 0,
        personNights: 0,
        kurtaxeCents: 0,
      };
      line.stays += 1;
      line.persons += t.persons;
      line.personNights += t.personNights;
      line.kurtaxeCents += t.kurtaxeCents;
      byTariff.set(t.tarifId, line);
    }
  }
  // Tariffs in id order; the manual-amount row (id 0) last.
  total.byTariff = [...byTariff.values()].sort(
    (a, b) => (a.tarifId === 0 ? 1 : 0) - (b.tarifId === 0 ? 1 : 0) || a.tarifId - b.tarifId,
  );
  return total;
}

/** Stays, person-nights and Kurtaxe of each month in `months` (for the chart). */
export function monthlySeries(rows: readonly StatementRow[], months: string[]): MonthFigures[] {
  const byMonth = new Map(
    months.map((month) => [month, { month, stays: 0, personNights: 0, kurtaxeCents: 0 }]),
  );
  for (const row of rows.filter(counts)) {
    const figures = byMonth.get(monthOf(row.arrivalDate));
    if (!figures) continue;
    figures.stays += 1;
    figures.personNights += row.nights;
    figures.kurtaxeCents += row.kurtaxeCents;
  }
  return [...byMonth.values()];
}
