import type { Metadata } from 'next';
import { Notice } from '@/components/ui/notice';
import { fill, officeI18n } from '@/lib/office/i18n';
import { isOfficePermission, OFFICE_PERMISSIONS } from '@/lib/office/staff/permissions';
import { verifyStaff } from '@/lib/office/sign-in/session';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await officeI18n()).m.home.title };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function OfficeHome({ searchParams }: { searchParams: SearchParams }) {
  const staff = await verifyStaff('/verwaltung');
  const { m } = await officeI18n();
  const missing = (await searchParams).fehlt;
  const lacking = typeof missing === 'string' && isOfficePermission(missing) ? missing : null;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{m.home.title}</h1>
      {lacking ? (
        <Notice tone="warning">
          {fill(m.home.missing, { permission: m.home.permissions[lacking] })}
        </Notice>
      ) : null}
      <p>{fill(m.home.hello, { name: staff.displayName })}</p>
      <h2 className="text-lg font-semibold">{m.home.rights}</h2>
      <ul className="list-disc pl-6">
        {OFFICE_PERMISSIONS.filter((p) => staff.permissions.has(p)).map((p) => (
          <li key={p}>{m.home.permissions[p]}</li>
        ))}
      </ul>
    </div>
  );
}
