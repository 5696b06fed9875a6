// The month's key figures and the table by tariff (the shared DataTable: a table on wide screens,
// a card per tariff on phones, where the key figures above are the totals).
import { DataTable, type Column } from '@/components/ui/data-table';
import type { Messages } from '@/lib/portal/i18n';
import type { Statement } from '@/lib/portal/statement/aggregate';
import type { StatementTable } from '@/lib/portal/statement/table';

export function StatementFigures({
  statement,
  table,
  w,
  heading,
  euro,
  num,
}: {
  statement: Statement;
  table: StatementTable;
  w: Messages['statement'];
  heading: string;
  euro: (cents: number) => string;
  num: (n: number) => string;
}) {
  const figures: [string, string, string][] = [
    ['stays', w.stays, num(statement.stays)],
    ['persons', w.persons, num(statement.persons)],
    ['person-nights', w.personNights, num(statement.personNights)],
    ['kurtaxe', w.kurtaxe, euro(statement.kurtaxeCents)],
  ];
  type Row = StatementTable['body'][number];
  const [tariff, stays, persons, nights, money] = table.head as [
    string,
    string,
    string,
    string,
    string,
  ];
  const columns: Column<Row>[] = [
    { id: 'tariff', header: tariff, value: (r) => r.cells[0], rowHeader: true },
    {
      id: 'stays',
      header: stays,
      value: (r) => r.cells[1],
      cell: (r) => num(r.cells[1]),
      numeric: true,
    },
    {
      id: 'persons',
      header: persons,
      value: (r) => r.cells[2],
      cell: (r) => num(r.cells[2]),
      numeric: true,
    },
    {
      id: 'nights',
      header: nights,
      value: (r) => r.cells[3],
      cell: (r) => num(r.cells[3]),
      numeric: true,
    },
    {
      id: 'kurtaxe',
      header: money,
      value: (r) => r.cells[4].cents,
      cell: (r) => euro(r.cells[4].cents),
      numeric: true,
    },
  ];
  const total = 'px-3 py-2 text-right tabular-nums';
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map(([key, label, value]) => (
          <div key={key} className="rounded-lg border border-slate-300 bg-white p-3">
            <dt className="text-sm text-slate-800">{label}</dt>
            <dd className="text-xl font-semibold tabular-nums" data-testid={`statement-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {/* The table is the region (below), not this wrapper: one landmark per name. */}
      <div>
        <h2 id="by-tariff" className="mb-2 text-xl font-semibold">
          {heading}
        </h2>
        {statement.stays === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-400 bg-white p-4">{w.empty}</p>
        ) : (
          <DataTable
            data={table.body}
            columns={columns}
            labels={{ caption: heading }}
            rowKey={(r) => String(r.key)}
            testId="statement-table"
            // On a phone the key figures above are the totals.
            footer={
              <tr>
                <th scope="row" className="px-3 py-2 text-left">
                  {table.foot[0]}
                </th>
                <td className={total}>{num(table.foot[1])}</td>
                <td className={total}>{num(table.foot[2])}</td>
                <td className={total}>{num(table.foot[3])}</td>
                <td className={total}>{euro(table.foot[4].cents)}</td>
              </tr>
            }
          />
        )}
      </div>
    </>
  );
}
