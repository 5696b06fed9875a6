// Staff accounts (docs/decisions/032): the list (the shared DataTable over @tanstack/react-table,
// sorted by the URL) and the form to add a staff member, who is invited by mail.
import type { Metadata } from 'next';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Link } from '@/components/ui/link';
import { OfficeForm } from '@/components/office/office-form';
import { officeDb } from '@/lib/office/db';
import { officeI18n } from '@/lib/office/i18n';
import { OFFICE_PERMISSIONS } from '@/lib/office/staff/permissions';
import { staffGemeinden } from '@/lib/office/staff/scope';
import { verifyStaff } from '@/lib/office/sign-in/session';
import { createStaffMember } from '@/lib/office/staff/actions';
import { listStaff, type StaffListRow } from '@/lib/office/staff/admin';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await officeI18n()).a.staff.title };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const COLUMNS = ['username', 'name', 'gemeinde', 'rights', 'factor', 'status'] as const;

export default async function StaffList({ searchParams }: { searchParams: SearchParams }) {
  const me = await verifyStaff('/verwaltung/mitarbeitende', 'office.manage_staff');
  const { m, a } = await officeI18n();
  const sp = await searchParams;
  const sortId = (COLUMNS as readonly string[]).includes(one(sp.sort) ?? '')
    ? one(sp.sort)!
    : 'username';
  const desc = one(sp.dir) === 'desc';
  const db = await officeDb();
  const [rows, gemeinden] = await Promise.all([listStaff(db, me), staffGemeinden(db, me)]);
  const s = a.staff;
  const rightName = (p: string) =>
    (m.home.permissions as Record<string, string | undefined>)[p] ?? p;
  const columns: Column<StaffListRow>[] = [
    {
      id: 'username',
      header: s.cols.username,
      primary: true,
      value: (r) => r.username,
      cell: (r) => (
        <Link href={`/verwaltung/mitarbeitende/${r.id}`} className="text-brand-800 underline">
          {r.username}
          {r.id === me.id ? ` ${s.you}` : ''}
        </Link>
      ),
    },
    { id: 'name', header: s.cols.name, value: (r) => r.displayName },
    { id: 'gemeinde', header: s.cols.gemeinde, value: (r) => r.gemeinde ?? s.allGemeinden },
    {
      id: 'rights',
      header: s.cols.rights,
      value: (r) => r.permissions.map(rightName).join(', '),
    },
    {
      id: 'factor',
      header: s.cols.factor,
      value: (r) => (r.enrolled ? s.enrolled : s.notEnrolled),
    },
    {
      id: 'status',
      header: s.cols.status,
      value: (r) => (r.isActive ? a.edit.active : a.edit.inactive),
    },
  ];
  const href = (id: string) => {
    const p = new URLSearchParams({ sort: id });
    if (id === sortId && !desc) p.set('dir', 'desc');
    return `/verwaltung/mitarbeitende?${p}`;
  };
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">{s.title}</h1>
      <p className="max-w-prose text-slate-800">{s.intro}</p>
      {me.gemeindeId !== null && gemeinden[0] ? (
        <p className="max-w-prose text-slate-800">
          {s.cols.gemeinde}: {gemeinden[0].alias}. {s.gemeindeHint}
        </p>
      ) : null}
      <DataTable
        data={rows}
        columns={columns}
        rowKey={(r) => String(r.id)}
        sorting={[{ id: sortId, desc }]}
        sortHref={href}
        labels={{
          caption: s.caption,
          ...m.sorting,
        }}
      />
      <section aria-labelledby="neu" className="max-w-xl space-y-3">
        <h2 id="neu" className="text-lg font-semibold">
          {s.create}
        </h2>
        <OfficeForm
          id="mitarbeiter"
          action={createStaffMember}
          fields={[
            { name: 'username', label: m.fields.username, required: true, autoComplete: 'off' },
            { name: 'display_name', label: s.displayName, autoComplete: 'off' },
            { name: 'email', label: s.email, type: 'email', required: true, autoComplete: 'off' },
            // A bound manager's new accounts are of its own municipality: no choice to offer.
            ...(me.gemeindeId === null
              ? [
                  {
                    name: 'gemeinde',
                    label: s.gemeinde,
                    hint: s.gemeindeHint,
                    options: [
                      { value: '', label: s.allGemeinden },
                      ...gemeinden.map((g) => ({ value: String(g.id), label: g.alias })),
                    ],
                  },
                ]
              : []),
            {
              name: 'permissions',
              label: s.rights,
              checkboxes: OFFICE_PERMISSIONS.map((p) => ({
                value: p,
                label: rightName(p),
                checked: false,
              })),
            },
          ]}
          submit={s.create}
          pending={m.landlords.pending}
        />
      </section>
    </div>
  );
}
