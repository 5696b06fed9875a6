// The month's key figures and the table by tariff (a plain table; on a phone in smaller type so
// that its five columns fit 375 px, and it scrolls sideways where a tariff's name is long).
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
  const cell = 'py-2 pl-1.5 text-right tabular-nums sm:pl-2';
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
          // Focusable, so a keyboard can scroll it where a phone is narrower than the table.
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby="by-tariff">
            <table className="w-full text-xs sm:text-sm" data-testid="statement-table">
              <thead>
                <tr className="border-b border-slate-400">
                  {table.head.map((h, i) => (
                    <th
                      key={h}
                      scope="col"
                      className={i === 0 ? 'py-2 text-left' : 'py-2 pl-1.5 text-right sm:pl-2'}
                    >
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.body.map(({ key, cells: [name, stays, persons, nights, money] }) => (
                  <tr key={key} className="border-b border-slate-200">
                    <th scope="row" className="py-2 text-left font-normal">
                      {name}
                    </th>
                    <td className={cell}>{num(stays)}</td>
                    <td className={cell}>{num(persons)}</td>
                    <td className={cell}>{num(nights)}</td>
                    <td className={cell}>{euro(money.cents)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="border-t-2 border-slate-500 font-semibold">
                  <th scope="row" className="py-2 text-left">
                    {table.foot[0]}
                  </th>
                  <td className={cell}>{num(table.foot[1])}</td>
                  <td className={cell}>{num(table.foot[2])}</td>
                  <td className={cell}>{num(table.foot[3])}</td>
                  <td className={cell}>{euro(table.foot[4].cents)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
        )}
      </div>
    </>
  );
}
