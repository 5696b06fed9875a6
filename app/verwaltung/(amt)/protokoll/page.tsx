// The audit log of staff changes, newest first, for staff with `office.view_audit`.
import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { listAudit } from '@/lib/office/audit/audit';
import { officeDb } from '@/lib/office/db';
import { officeI18n } from '@/lib/office/i18n';
import { verifyStaff } from '@/lib/office/sign-in/session';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await officeI18n()).m.audit.title };
}

const PAGE = 50;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function AuditPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await verifyStaff('/verwaltung/protokoll', 'office.view_audit');
  const { lang, m } = await officeI18n();
  const raw = Number((await searchParams).seite ?? 1);
  const page = Number.isInteger(raw) && raw >= 1 && raw <= 100_000 ? raw : 1;
  const { entries, total } = await listAudit(await officeDb(), {
    limit: PAGE,
    offset: (page - 1) * PAGE,
    scope: staff,
  });
  const when = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'de-DE', {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: 'Europe/Berlin',
  });
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{m.audit.title}</h1>
      <p className="text-sm text-slate-800">
        {staff.gemeindeId === null ? m.audit.intro : m.audit.scopedIntro}
      </p>
      {entries.length === 0 ? (
        <p>{m.audit.none}</p>
      ) : (
        <div className="overflow-x-auto" role="region" aria-label={m.audit.caption} tabIndex={0}>
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">{m.audit.caption}</caption>
            <thead>
              <tr className="border-b border-slate-400">
                <th scope="col" className="p-2">
                  {m.audit.cols.at}
                </th>
                <th scope="col" className="p-2">
                  {m.audit.cols.actor}
                </th>
                <th scope="col" className="p-2">
                  {m.audit.cols.action}
                </th>
                <th scope="col" className="p-2">
                  {m.audit.cols.subject}
                </th>
                <th scope="col" className="p-2">
                  {m.audit.cols.details}
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id} className="border-b border-slate-200 align-top">
                  <td className="p-2 whitespace-nowrap">{when.format(e.at)}</td>
                  <td className="p-2">{e.actor}</td>
                  <td className="p-2 font-mono">{e.action}</td>
                  <td className="p-2 font-mono">{e.subject}</td>
                  <td className="p-2 font-mono break-all">{JSON.stringify(e.details)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label={m.audit.title} className="flex gap-4">
        {page > 1 ? (
          <Link href={`/verwaltung/protokoll?seite=${page - 1}`}>{m.audit.newer}</Link>
        ) : null}
        {page * PAGE < total ? (
          <Link href={`/verwaltung/protokoll?seite=${page + 1}`}>{m.audit.older}</Link>
        ) : null}
      </nav>
    </div>
  );
}
