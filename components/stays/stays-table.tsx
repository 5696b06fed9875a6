// The stays list: a DataTable rendered on the server, sorted in the database by the URL's
// sort (header links, so it also works without JavaScript), totals of the filtered rows below.
import { DataTable, type Column, type TableLabels } from '@/components/ui/data-table';
import { StateBadge } from '@/components/ui/badge';
import type { Messages } from '@/lib/portal/i18n';
import {
  splitSort,
  stayQueryHref,
  toggledSort,
  type SortField,
  type StayQuery,
} from '@/lib/portal/stays/query';
import type { FormState } from '@/lib/wire/meldeschein';

export interface StayRow {
  id: number;
  number: string;
  objekt: string;
  guest: string;
  arrival: string;
  departure: string;
  guests: number;
  nights: string;
  kurtaxe: string;
  state: FormState;
  /** The registration form is due today or was left unconfirmed (issue 31). */
  arrivalFlag?: { text: string; overdue: boolean };
}

/** A cancelled stay counts as no money: its former Kurtaxe struck through, said in words too. */
function Kurtaxe({ row, m }: { row: StayRow; m: Messages }) {
  if (row.state !== 'cancelled') return <>{row.kurtaxe}</>;
  return (
    <span data-testid="kurtaxe-cancelled">
      <s className="text-slate-700">{row.kurtaxe}</s>
      <span className="sr-only"> ({m.stays.notCounted})</span>
    </span>
  );
}

const SORTABLE: readonly string[] = ['number', 'arrival', 'nights', 'kurtaxe'];

export function StaysTable({
  rows,
  query,
  m,
  labels,
  totals,
}: {
  rows: StayRow[];
  query: StayQuery;
  m: Messages;
  labels: TableLabels;
  totals: { label: string; guests: number; nights: string; kurtaxe: string; note?: string };
}) {
  const c = m.stays.col;
  const all: Column<StayRow>[] = [
    {
      id: 'number',
      header: c.number,
      value: (r) => r.number,
      primary: true,
      cell: (r) => (
        // A plain link (RowLinks in the table navigates it in the app), no client props per row.
        <a
          href={`/aufenthalte/${r.id}`}
          data-nav=""
          className="dt-link"
          aria-label={m.stays.open.replace('{nr}', r.number)}
        >
          {r.number}
        </a>
      ),
    },
    { id: 'objekt', header: c.object, value: (r) => r.objekt },
    { id: 'guest', header: c.guest, value: (r) => r.guest },
    { id: 'arrival', header: c.arrival, value: (r) => r.arrival },
    { id: 'departure', header: c.departure, value: (r) => r.departure },
    { id: 'guests', header: c.guests, value: (r) => r.guests, numeric: true },
    { id: 'nights', header: c.nights, value: (r) => r.nights, numeric: true },
    {
      id: 'kurtaxe',
      header: c.kurtaxe,
      value: (r) => r.kurtaxe,
      numeric: true,
      cell: (r) => <Kurtaxe row={r} m={m} />,
    },
    {
      id: 'state',
      header: c.state,
      value: (r) => r.state,
      cell: (r) => (
        <>
          <StateBadge state={r.state} label={m.states[r.state]} />
          {r.arrivalFlag ? (
            <span
              data-testid="arrival-flag"
              className={`badge ml-1 ${
                r.arrivalFlag.overdue
                  ? 'bg-red-100 text-red-900 ring-red-700/40'
                  : 'bg-amber-100 text-amber-950 ring-amber-700/40'
              }`}
            >
              {r.arrivalFlag.text}
            </span>
          ) : null}
        </>
      ),
    },
  ];
  const columns = all.map((col) => ({ ...col, sortable: SORTABLE.includes(col.id) }));
  // The default order (coming arrivals first) is no column's: no header shows a direction.
  const sorting =
    query.sort === 'upcoming'
      ? []
      : [splitSort(query.sort)].map((s) => ({ id: s.field, desc: s.desc }));

  return (
    <>
      <DataTable
        data={rows}
        columns={columns}
        labels={labels}
        rowKey={(r) => String(r.id)}
        sorting={sorting}
        sortedByServer
        sortHref={(id) =>
          stayQueryHref({ ...query, page: 1, sort: toggledSort(query.sort, id as SortField) })
        }
        footer={
          <tr>
            <th scope="row" colSpan={5} className="px-3 py-2 text-left">
              {totals.label}
              {totals.note ? (
                <span className="block text-xs font-normal">{totals.note}</span>
              ) : null}
            </th>
            <td className="px-3 py-2 text-right tabular-nums">{totals.guests}</td>
            <td className="px-3 py-2 text-right tabular-nums" data-testid="total-nights">
              {totals.nights}
            </td>
            <td className="px-3 py-2 text-right tabular-nums" data-testid="total-kurtaxe">
              {totals.kurtaxe}
            </td>
            <td />
          </tr>
        }
      />
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-lg border border-slate-400 bg-slate-100 p-3 text-sm sm:hidden">
        <dt className="col-span-2 font-semibold">{totals.label}</dt>
        {totals.note ? <dd className="col-span-2 text-xs">{totals.note}</dd> : null}
        <dt>{c.guests}</dt>
        <dd className="tabular-nums">{totals.guests}</dd>
        <dt>{c.nights}</dt>
        <dd className="tabular-nums">{totals.nights}</dd>
        <dt>{c.kurtaxe}</dt>
        <dd className="tabular-nums">{totals.kurtaxe}</dd>
      </dl>
    </>
  );
}
