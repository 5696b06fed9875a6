// The overview's tables: objects, tariffs and seasons (server-rendered, sorted by URL).
import { DataTable, type Column, type TableLabels } from '@/components/ui/data-table';
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
  const columns: Column<ObjectView>[] = [
    { id: 'alias', header: cols.object, value: (r) => r.alias, primary: true },
    { id: 'address', header: cols.address, value: (r) => r.address },
    { id: 'beds', header: cols.beds, value: (r) => r.beds, numeric: true },
    { id: 'zone', header: cols.zone, value: (r) => r.zone },
    { id: 'gemeinde', header: cols.gemeinde, value: (r) => r.gemeinde },
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
  const columns: Column<TariffRow>[] = [
    { id: 'alias', header: cols.tariff, value: (r) => r.alias, primary: true },
    { id: 'code', header: cols.code, value: (r) => r.code },
    { id: 'fullAlias', header: cols.description, value: (r) => r.fullAlias },
    {
      id: 'preselected',
      header: cols.preselected,
      value: (r) => r.preselected,
      cell: (r) => (r.preselected ? preselectedText : '–'),
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
  const columns: Column<SeasonRow>[] = [
    { id: 'alias', header: cols.season, value: (r) => r.alias, primary: true },
    {
      id: 'from',
      header: cols.from,
      value: (r) => r.from,
      cell: (r) => formatDate(r.from, lang),
    },
    {
      id: 'until',
      header: cols.until,
      value: (r) => r.until,
      cell: (r) => formatDate(r.until, lang),
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
