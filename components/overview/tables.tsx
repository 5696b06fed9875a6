'use client';
// The overview's tables: objects, tariffs and seasons, sortable on the client.
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable, type TableLabels } from '@/components/ui/data-table';
import type { ObjectView } from '@/lib/portal/config-view';
import { formatDate } from '@/lib/portal/format';
import type { Lang, Messages } from '@/lib/portal/i18n';

type Cols = Messages['overview']['col'];

export function ObjectsTable({ rows, cols, labels }: { rows: ObjectView[]; cols: Cols; labels: TableLabels }) {
  const columns: ColumnDef<ObjectView, unknown>[] = [
    { accessorKey: 'alias', header: cols.object, meta: { primary: true } },
    { accessorKey: 'address', header: cols.address },
    { accessorKey: 'beds', header: cols.beds, meta: { numeric: true } },
    { accessorKey: 'zone', header: cols.zone },
    { accessorKey: 'gemeinde', header: cols.gemeinde },
  ];
  return <DataTable data={rows} columns={columns} labels={labels} rowKey={(r) => String(r.id)} initialSorting={[{ id: 'alias', desc: false }]} />;
}

export interface TariffRow {
  id: number;
  code: string;
  alias: string;
  fullAlias: string;
  preselected: boolean;
}

export function TariffsTable({
  rows,
  cols,
  labels,
  preselectedText,
}: {
  rows: TariffRow[];
  cols: Cols;
  labels: TableLabels;
  preselectedText: string;
}) {
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
  return <DataTable data={rows} columns={columns} labels={labels} rowKey={(r) => String(r.id)} />;
}

export interface SeasonRow {
  id: number;
  alias: string;
  from: string;
  until: string;
}

export function SeasonsTable({ rows, cols, labels, lang }: { rows: SeasonRow[]; cols: Cols; labels: TableLabels; lang: Lang }) {
  const columns: ColumnDef<SeasonRow, unknown>[] = [
    { accessorKey: 'alias', header: cols.season, meta: { primary: true } },
    { accessorKey: 'from', header: cols.from, cell: (c) => formatDate(String(c.getValue()), lang) },
    { accessorKey: 'until', header: cols.until, cell: (c) => formatDate(String(c.getValue()), lang) },
  ];
  return (
    <DataTable data={rows} columns={columns} labels={labels} rowKey={(r) => String(r.id)} initialSorting={[{ id: 'from', desc: false }]} />
  );
}
