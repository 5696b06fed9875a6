// Landlords: search and list (the shared DataTable over @tanstack/react-table, sorted by the URL).
import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { buttonClass } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Field, TextInput } from '@/components/ui/field';
import { officeDb } from '@/lib/office/db';
import {
  LandlordSearch,
  listLandlords,
  type LandlordListRow,
} from '@/lib/office/landlords/landlords';
import { officeI18n } from '@/lib/office/i18n';
import { verifyStaff } from '@/lib/office/sign-in/session';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await officeI18n()).m.landlords.title };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const COLUMNS = ['alias', 'name', 'ort', 'gemeinde', 'objekte', 'accounts', 'status'] as const;

export default async function Landlords({ searchParams }: { searchParams: SearchParams }) {
  const staff = await verifyStaff('/verwaltung/vermieter', 'office.manage_landlords');
  const { m } = await officeI18n();
  const sp = await searchParams;
  const search = LandlordSearch.safeParse({ q: one(sp.q) });
  const q = search.success ? search.data.q : '';
  const sortId = (COLUMNS as readonly string[]).includes(one(sp.sort) ?? '')
    ? one(sp.sort)!
    : 'alias';
  const desc = one(sp.dir) === 'desc';
  const rows = await listLandlords(await officeDb(), q, staff);
  const c = m.landlords.cols;
  const columns: Column<LandlordListRow>[] = [
    {
      id: 'alias',
      header: c.alias,
      primary: true,
      value: (r) => r.alias,
      cell: (r) => (
        <Link href={`/verwaltung/vermieter/${r.id}`} className="text-brand-800 underline">
          {r.alias}
        </Link>
      ),
    },
    { id: 'name', header: c.name, value: (r) => r.firma || r.name },
    { id: 'ort', header: c.ort, value: (r) => r.ort },
    { id: 'gemeinde', header: c.gemeinde, value: (r) => r.gemeinde },
    { id: 'objekte', header: c.objekte, numeric: true, value: (r) => r.objekte },
    { id: 'accounts', header: c.accounts, numeric: true, value: (r) => r.accounts },
    {
      id: 'status',
      header: c.status,
      value: (r) => (r.isActive ? m.landlords.active : m.landlords.inactive),
    },
  ];
  const href = (id: string) => {
    const p = new URLSearchParams();
    if (q) p.set('q', q);
    p.set('sort', id);
    if (id === sortId && !desc) p.set('dir', 'desc');
    return `/verwaltung/vermieter?${p}`;
  };
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{m.landlords.title}</h1>
        <Link href="/verwaltung/vermieter/neu" className={buttonClass('primary')}>
          {m.landlords.create}
        </Link>
      </div>
      <form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <Field
          id="q"
          label={m.landlords.search}
          hint={m.landlords.searchHint}
          className="min-w-0 flex-1"
        >
          {(describedBy) => (
            <TextInput
              id="q"
              name="q"
              type="search"
              defaultValue={q}
              aria-describedby={describedBy}
            />
          )}
        </Field>
        <button type="submit" className={buttonClass('secondary')}>
          {m.landlords.searchSubmit}
        </button>
      </form>
      {rows.length === 0 ? (
        <p>{m.landlords.none}</p>
      ) : (
        <DataTable
          data={rows}
          columns={columns}
          rowKey={(r) => String(r.id)}
          sorting={[{ id: sortId, desc }]}
          sortHref={href}
          labels={{
            caption: m.landlords.caption,
            ...m.sorting,
          }}
        />
      )}
    </div>
  );
}
