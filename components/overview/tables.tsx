// The overview's tables: objects, tariffs and seasons (server-rendered, sorted by URL).
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable, type TableLabels } from '@/components/ui/data-table';
import type { ObjectView } from '@/lib/portal/config/view';
import { formatDate } from '@/lib/portal/format';
import type { Lang, Messages } from '@/lib/portal/i18n';
import type { TableSort } from '@/lib/portal/table-sort';

type Cols = Messages['overview']['col'];

interface Sorted {
  sort: TableSort;
  sortHref: (column: string) => string;
  labels: TableLabels;
}

export const OBJECT_COLUMNS = ['alias', 'address', 'beds', 'zone', 'gemeinde'] as const;

export function ObjectsTable({ rows, cols, ...s }: { rows: ObjectView[]; cols: Cols } & Sorted) {
  const columns: ColumnDef<ObjectView, unknown>[] = [
    { accessorKey: 'alias', header: cols.object, meta: { primary: true } },
    { accessorKey: 'address', header: cols.address },
    { accessorKey: 'beds', header: cols.beds, meta: { numeric: true } },
    { accessorKey: 'zone', header: cols.zone },
    { accessorKey: 'gemeinde', header: cols.gemeinde },
  ];
  return (
    <DataTable
      data={rows}
      columns={columns}
      labels={s.labels}
      sorting={[s.sort]}
      sortHref={s.sortHref}
      rowKey={(r) => String(r.id)}
    />
  );
}

export interface TariffRow {
  id: number;
  code: string;
  alias: string;
  fullAlias: string;
  preselected: boolean;
}

export const TARIFF_COLUMNS = ['alias', 'code', 'fullAlias', 'preselected'] as const;

export function TariffsTable({
  rows,
  cols,
  preselectedText,
  ...s
}: { rows: TariffRow[]; cols: Cols; preselectedText: string } & Sorted) {
  const columns: ColumnDef<TariffRow, unknown>[] = [
    { accessorKey: 'alias', header: cols.tariff, meta: { primary: true } },
    { accessorKey: 'code', header: cols.code },
    { accessorKey: 'fullAlias', header: cols.description },
    {
      accessorKey: 'preselected',
      header: cols.preselected,
      cell: (c) => (c.getValue() ? preselectedText : '–'),
    },
  ];
  return (
    <DataTable
      data={rows}
      columns={columns}
      labels={s.labels}
      sorting={[s.sort]}
      sortHref={s.sortHref}
      rowKey={(r) => String(r.id)}
    />
  );
}

export interface SeasonRow {
  id: number;
  alias: string;
  from: string;
  until: string;
}

export const SEASON_COLUMNS = ['alias', 'from', 'until'] as const;

export function SeasonsTable({
  rows,
  cols,
  lang,
  ...s
}: { rows: SeasonRow[]; cols: Cols; lang: Lang } & Sorted) {
  const columns: ColumnDef<SeasonRow, unknown>[] = [
    { accessorKey: 'alias', header: cols.season, meta: { primary: true } },
    { accessorKey: 'from', header: cols.from, cell: (c) => formatDate(String(c.getValue()), lang) },
    {
      accessorKey: 'until',
      header: cols.until,
      cell: (c) => formatDate(String(c.getValue()), lang),
    },
  ];
  return (
    <DataTable
      data={rows}
      columns={columns}
      labels={s.labels}
      sorting={[s.sort]}
      sortHref={s.sortHref}
      rowKey={(r) => String(r.id)}
    />
  );
}
