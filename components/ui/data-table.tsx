// One table component, rendered on the server: sorting state comes from the URL and headers are
// links, so tables cost no JavaScript in the browser and sort without it. Each row is rendered
// once: wide screens see a real <table> (aria-sort), phones the same rows laid out by CSS as cards
// (label: value; the `.dt*` classes in app/globals.css) with the sort links above them. Rows'
// links are plain <a data-nav> taken by one RowLinks for the whole table. Rows the database has
// sorted are rendered as they come; others are sorted by @tanstack/table-core's sorted row model
// (its automatic sorting function per column, ties in the given order).
import {
  createTable,
  getCoreRowModel,
  getSortedRowModel,
  type SortingState,
  type TableOptions,
} from '@tanstack/react-table';
import { Link } from '@/components/ui/link';
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

/** A value a column sorts by and, without `cell`, shows. */
export type CellValue = string | number | boolean | null | undefined;

export interface Column<T> {
  id: string;
  header: string;
  value: (row: T) => CellValue;
  /** What the cell shows; by default the value as text. */
  cell?: (row: T) => React.ReactNode;
  /** Right-aligned numbers. */
  numeric?: boolean;
  /** Shown as the card's title on phones (by default the first column). */
  primary?: boolean;
  /** Its header is a sort link (default: yes, when the table sorts). */
  sortable?: boolean;
  /** The row's header cell (`<th scope="row">`): what names the row, e.g. a tariff. */
  rowHeader?: boolean;
  /** Extra classes of the column's cells (e.g. `whitespace-nowrap`, `font-mono`). */
  className?: string;
}

export interface DataTableProps<T> {
  data: T[];
  columns: Column<T>[];
  /** The sort links' words are needed only where the table sorts. */
  labels: Pick<TableLabels, 'caption'> & Partial<TableLabels>;
  /** The URL's sorting; without it (and `sortHref`) the table shows the rows as given, unsortable. */
  sorting?: SortingState;
  /** The link that sorts by a column (or flips its direction). */
  sortHref?: (columnId: string) => string;
  /** Rows are already sorted (the stays list sorts in the database, page by page). */
  sortedByServer?: boolean;
  footer?: React.ReactNode;
  rowKey: (row: T) => string;
  /** `data-testid` of the table. */
  testId?: string;
}

/** The rows in the URL's order, sorted as TanStack's table sorts them. */
function sortedRows<T>(data: T[], columns: Column<T>[], sorting: SortingState): T[] {
  const options: Omit<TableOptions<T>, 'onStateChange' | 'renderFallbackValue'> = {
    data,
    columns: columns.map((c) => ({ id: c.id, accessorFn: c.value, header: c.header })),
    state: { sorting },
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  };
  // What useReactTable does, without React state: the state is the URL's.
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
  return table.getRowModel().rows.map((r) => r.original);
}

const fill = (template = '{column}', column: string) => template.replace('{column}', column);

/** The cell's content: its own rendering, or the value as text (TanStack's default cell). */
function content<T>(column: Column<T>, row: T): React.ReactNode {
  if (column.cell) return column.cell(row);
  const value = column.value(row);
  return value == null ? null : String(value);
}

export function DataTable<T>({
  data,
  columns,
  labels,
  sorting = [],
  sortHref,
  sortedByServer,
  footer,
  rowKey,
  testId,
}: DataTableProps<T>) {
  const rows = sortedByServer || !sortHref ? data : sortedRows(data, columns, sorting);
  const isSorted = (id: string): false | 'asc' | 'desc' => {
    const s = sorting.find((x) => x.id === id);
    return s ? (s.desc ? 'desc' : 'asc') : false;
  };
  const arrow = (sorted: false | 'asc' | 'desc') =>
    sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ' ↕';
  const sorts = (c: Column<T>) => sortHref !== undefined && c.sortable !== false;
  const sortable = columns.filter(sorts);
  // The card's title on phones.
  const primary = columns.find((c) => c.primary) ?? columns[0];

  return (
    <RowLinks>
      {sortable.length > 1 && rows.length > 1 ? (
        <p className="mb-2 flex flex-wrap items-center gap-x-1 text-sm sm:hidden">
          <span>{labels.sortCards}</span>
          {sortable.map((c) => (
            <Link
              key={c.id}
              href={sortHref!(c.id)}
              scroll={false}
              className="inline-flex min-h-11 items-center px-1.5 text-brand-700 underline"
              aria-label={fill(labels.sortBy, c.header)}
            >
              {c.header}
              <span aria-hidden="true">{isSorted(c.id) ? arrow(isSorted(c.id)) : ''}</span>
            </Link>
          ))}
        </p>
      ) : null}
      <div className="dt-box">
        {/* Explicit roles: a phone lays the rows out as cards (CSS display), which drops a
            table's own semantics in some browsers; the roles keep rows and cells for screen readers. */}
        <table className="dt" role="table" data-testid={testId}>
          <caption className="sr-only">{labels.caption}</caption>
          <thead className="bg-slate-100 text-slate-900">
            <tr>
              {columns.map((c) => {
                const sorted = isSorted(c.id);
                return (
                  <th
                    key={c.id}
                    scope="col"
                    aria-sort={
                      sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                    }
                    className={c.numeric ? 'dt-th text-right' : 'dt-th'}
                  >
                    {sorts(c) ? (
                      <Link
                        href={sortHref!(c.id)}
                        scroll={false}
                        className="inline-flex items-center gap-1 underline-offset-2 hover:underline"
                        aria-label={fill(labels.sortBy, c.header)}
                      >
                        {c.header}
                        <span aria-hidden="true" className="text-xs">
                          {arrow(sorted)}
                        </span>
                        <PendingHint />
                      </Link>
                    ) : (
                      c.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {rows.map((row) => (
              <tr key={rowKey(row)} className="dt-row" role="row">
                {columns.map((c) => {
                  const Cell = c.rowHeader ? 'th' : 'td';
                  const kind = c === primary ? 'dt-primary' : c.numeric ? 'dt-num' : undefined;
                  return (
                    <Cell
                      key={c.id}
                      role={c.rowHeader ? 'rowheader' : 'cell'}
                      scope={c.rowHeader ? 'row' : undefined}
                      className={
                        [kind, c.rowHeader ? 'dt-rh' : '', c.className ?? '']
                          .filter(Boolean)
                          .join(' ') || undefined
                      }
                      // Shown before the value on phones (CSS `attr()`), as a card's label.
                      data-label={c === primary ? undefined : c.header}
                    >
                      {content(c, row)}
                    </Cell>
                  );
                })}
              </tr>
            ))}
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
