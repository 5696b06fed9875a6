// The statement as rows, one layout for the page's table, the CSV and the PDF. Client-safe.
import { fmt, type Messages } from '../i18n';
import type { Statement } from './aggregate';
import { toCsv, type CsvCell } from './csv';
import { MANUAL_ADJUSTMENT } from '../stays/tariff-figures';

type Words = Messages['statement'];

export interface StatementTable {
  head: string[];
  body: { key: number; cells: [string, number, number, number, { cents: number }] }[];
  foot: [string, number, number, number, { cents: number }];
}

export function statementTable(
  s: Statement,
  tariffNames: ReadonlyMap<number, string>,
  w: Words,
): StatementTable {
  const name = (id: number) =>
    id === MANUAL_ADJUSTMENT ? w.manual : (tariffNames.get(id) ?? fmt(w.unknownTariff, { id }));
  return {
    head: [w.tariff, w.stays, w.persons, w.personNights, w.kurtaxeEuro],
    body: s.byTariff.map((t) => ({
      key: t.tarifId,
      cells: [name(t.tarifId), t.stays, t.persons, t.personNights, { cents: t.kurtaxeCents }],
    })),
    foot: [w.total, s.stays, s.persons, s.personNights, { cents: s.kurtaxeCents }],
  };
}

/** Title lines (statement, month, object), a blank line, then the table with its total. */
export function statementCsv(table: StatementTable, title: [string, string][]): string {
  const rows: CsvCell[][] = [
    ...title.map(([k, v]) => [k, v]),
    [],
    table.head,
    ...table.body.map((r) => r.cells),
    table.foot,
  ];
  return toCsv(rows);
}
