'use client';
// One table component over @tanstack/react-table. Wide screens get a real <table> with sortable
// headers (aria-sort); phones get the same rows as cards (label: value), sorted by a select.
// Sorting is either local (overview) or by links (`sortHref`, the stays list: works without JS).
import {
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import Link from 'next/link';
import { PendingHint } from './pending-link';
import { useState } from 'react';

export interface TableLabels {
  caption: string;
  sortBy: string; // 'Nach {column} sortieren'
  sortedAsc: string;
  sortedDesc: string;
}

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData, TValue> {
    /** Right-aligned numbers. */
    numeric?: boolean;
    /** Shown as the card's title on phones. */
    primary?: boolean;
  }
}

export interface DataTableProps<T> {
  data: T[];
  columns: ColumnDef<T, unknown>[];
  labels: TableLabels;
  initialSorting?: SortingState;
  /** Server-side sorting: the link for sorting by a column (sorting state then comes from props). */
  sortHref?: (columnId: string) => string;
  footer?: React.ReactNode;
  rowKey: (row: T) => string;
}

const fill = (template: string, column: string) => template.replace('{column}', column);

export function DataTable<T>({ data, columns, labels, initialSorting = [], sortHref, footer, rowKey }: DataTableProps<T>) {
  const [localSorting, setSorting] = useState<SortingState>(initialSorting);
  // With server-side sorting the URL is the state: a new page brings new props.
  const sorting = sortHref ? initialSorting : localSorting;
  // TanStack Table's API is not memoizable by the React Compiler, which this app does not use.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    manualSorting: !!sortHref,
    getRowId: (row) => rowKey(row),
  });
  const rows = table.getRowModel().rows;
  const headers = table.getHeaderGroups()[0]?.headers ?? [];

  return (
    <div>
      <div className="hidden overflow-x-auto rounded-lg border border-slate-300 bg-white sm:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{labels.caption}</caption>
          <thead className="bg-slate-100 text-slate-900">
            <tr>
              {headers.map((h) => {
                const sorted = h.column.getIsSorted();
                const title = String(h.column.columnDef.header ?? h.id);
                const align = h.column.columnDef.meta?.numeric ? 'text-right' : '';
                const inner = (
                  <>
                    {title}
                    <span aria-hidden="true" className="text-xs">
                      {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ' ↕'}
                    </span>
                  </>
                );
                return (
                  <th
                    key={h.id}
                    scope="col"
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    className={`px-3 py-2 font-semibold whitespace-nowrap ${align}`}
                  >
                    {!h.column.getCanSort() ? (
                      title
                    ) : sortHref ? (
                      <Link href={sortHref(h.id)} className="inline-flex items-center gap-1 underline-offset-2 hover:underline" aria-label={fill(labels.sortBy, title)}>
                        {inner}
                        <PendingHint />
                      </Link>
                    ) : (
                      <button
                        type="button"
                        onClick={h.column.getToggleSortingHandler()}
                        className="font-semibold underline-offset-2 hover:underline"
                        aria-label={fill(labels.sortBy, title)}
                      >
                        {inner}
                      </button>
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-t border-slate-200 even:bg-slate-50">
                {row.getVisibleCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={`px-3 py-2 align-top ${cell.column.columnDef.meta?.numeric ? 'text-right tabular-nums' : ''}`}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          {footer ? <tfoot className="border-t-2 border-slate-400 bg-slate-100 font-semibold">{footer}</tfoot> : null}
        </table>
      </div>

      <ul className="space-y-3 sm:hidden" aria-label={labels.caption}>
        {rows.map((row) => {
          const cells = row.getVisibleCells();
          const primary = cells.find((c) => c.column.columnDef.meta?.primary) ?? cells[0];
          return (
            <li key={row.id} className="rounded-lg border border-slate-300 bg-white p-3">
              {primary ? (
                <div className="font-semibold">{flexRender(primary.column.columnDef.cell, primary.getContext())}</div>
              ) : null}
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                {cells
                  .filter((c) => c !== primary)
                  .map((c) => (
                    <div key={c.id} className="contents">
                      <dt className="text-slate-700">{String(c.column.columnDef.header ?? c.column.id)}</dt>
                      <dd className={c.column.columnDef.meta?.numeric ? 'tabular-nums' : ''}>
                        {flexRender(c.column.columnDef.cell, c.getContext())}
                      </dd>
                    </div>
                  ))}
              </dl>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
