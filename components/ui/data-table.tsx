// One table component over @tanstack/react-table, rendered on the server with TanStack's
// framework-agnostic core: sorting state comes from the URL and headers are links, so tables cost
// no JavaScript in the browser and sort without it. Each row is rendered once: wide screens see a
// real <table> (aria-sort), phones the same rows laid out by CSS as cards (label: value; the
// `.dt*` classes in app/globals.css) with the sort links above them. Rows' links are plain
// <a data-nav> taken by one RowLinks for the whole table.
import {
  createTable,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  type ColumnDef,
  type SortingState,
  type Table,
  type TableOptions,
} from '@tanstack/react-table';
import Link from 'next/link';
import { PendingHint } from './pending-link';
import { RowLinks } from './row-links';

export interface TableLabels {
  caption: string;
  sortBy: string; // 'Nach {column} sortieren'
  sortedAsc: string;
  sortedDesc: string;
  /** 'Sortieren nach' above the cards on phones. */
  sortCards: string;
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
  sorting: SortingState;
  /** The link that sorts by a column (or flips its direction). */
  sortHref: (columnId: string) => string;
  /** Rows are already sorted (the stays list sorts in the database, page by page). */
  sortedByServer?: boolean;
  footer?: React.ReactNode;
  rowKey: (row: T) => string;
}

/** What useReactTable does, without React state: the state is the URL's. */
function serverTable<T>(
  options: Omit<TableOptions<T>, 'onStateChange' | 'renderFallbackValue'>,
): Table<T> {
  const table = createTable<T>({
    onStateChange: () => {},
    renderFallbackValue: null,
    ...options,
    state: {},
  });
  table.setOptions((prev) => ({
    ...prev,
    ...options,
    state: { ...table.initialState, ...options.state },
  }));
  return table;
}

const fill = (template: string, column: string) => template.replace('{column}', column);

export function DataTable<T>({
  data,
  columns,
  labels,
  sorting,
  sortHref,
  sortedByServer,
  footer,
  rowKey,
}: DataTableProps<T>) {
  const table = serverTable({
    data,
    columns,
    state: { sorting },
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    manualSorting: !!sortedByServer,
    getRowId: (row) => rowKey(row),
  });
  const rows = table.getRowModel().rows;
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const title = (id: string) => {
    const header = table.getColumn(id)?.columnDef.header;
    return typeof header === 'string' ? header : id;
  };
  const arrow = (sorted: false | 'asc' | 'desc') =>
    sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ' ↕';
  const sortable = headers.filter((h) => h.column.getCanSort());

  return (
    <RowLinks>
      {sortable.length > 1 && rows.length > 1 ? (
        <p className="mb-2 flex flex-wrap items-center gap-x-1 text-sm sm:hidden">
          <span>{labels.sortCards}</span>
          {sortable.map((h) => (
            <Link
              key={h.id}
              href={sortHref(h.id)}
              scroll={false}
              className="inline-flex min-h-11 items-center px-1.5 text-brand-700 underline"
              aria-label={fill(labels.sortBy, title(h.id))}
            >
              {title(h.id)}
              <span aria-hidden="true">
                {h.column.getIsSorted() ? arrow(h.column.getIsSorted()) : ''}
              </span>
            </Link>
          ))}
        </p>
      ) : null}
      <div className="dt-box">
        <table className="dt">
          <caption className="sr-only">{labels.caption}</caption>
          <thead className="bg-slate-100 text-slate-900">
            <tr>
              {headers.map((h) => {
                const sorted = h.column.getIsSorted();
                const name = title(h.id);
                return (
                  <th
                    key={h.id}
                    scope="col"
                    aria-sort={
                      sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                    }
                    className={h.column.columnDef.meta?.numeric ? 'dt-th text-right' : 'dt-th'}
                  >
                    {h.column.getCanSort() ? (
                      <Link
                        href={sortHref(h.id)}
                        scroll={false}
                        className="inline-flex items-center gap-1 underline-offset-2 hover:underline"
                        aria-label={fill(labels.sortBy, name)}
                      >
                        {name}
                        <span aria-hidden="true" className="text-xs">
                          {arrow(sorted)}
                        </span>
                        <PendingHint />
                      </Link>
                    ) : (
                      name
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const cells = row.getVisibleCells();
              // The card's title on phones; by default the first column.
              const primary = cells.find((c) => c.column.columnDef.meta?.primary) ?? cells[0];
              return (
                <tr key={row.id} className="dt-row">
                  {cells.map((cell) => {
                    const meta = cell.column.columnDef.meta;
                    const isPrimary = cell === primary;
                    return (
                      <td
                        key={cell.id}
                        className={isPrimary ? 'dt-primary' : meta?.numeric ? 'dt-num' : undefined}
                        // Shown before the value on phones (CSS `attr()`), as a card's label.
                        data-label={isPrimary ? undefined : title(cell.column.id)}
                      >
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
          {footer ? (
            <tfoot className="border-t-2 border-slate-400 bg-slate-100 font-semibold">
              {footer}
            </tfoot>
          ) : null}
        </table>
      </div>
    </RowLinks>
  );
}
