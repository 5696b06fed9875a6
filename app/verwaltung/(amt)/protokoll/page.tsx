// The audit log of staff changes, newest first, for staff with `office.view_audit`.
import type { Metadata } from 'next';
import { DataTable } from '@/components/ui/data-table';
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
        <DataTable
          data={entries}
          columns={[
            {
              id: 'at',
              header: m.audit.cols.at,
              value: (e) => when.format(e.at),
              className: 'whitespace-nowrap',
            },
            { id: 'actor', header: m.audit.cols.actor, value: (e) => e.actor },
            {
              id: 'action',
              header: m.audit.cols.action,
              value: (e) => e.action,
              className: 'font-mono',
            },
            {
              id: 'subject',
              header: m.audit.cols.subject,
              value: (e) => e.subject,
              className: 'font-mono',
            },
            {
              id: 'details',
              header: m.audit.cols.details,
              value: (e) => JSON.stringify(e.details),
              className: 'font-mono break-all',
            },
          ]}
          labels={{ caption: m.audit.caption }}
          rowKey={(e) => String(e.id)}
        />
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
