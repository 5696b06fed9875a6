// One staff account (docs/decisions/032): its rights, its municipality (an unbound manager's choice,
// never for its own account), (de)activation, the second factor's reset and the set-password
// invitation.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { InvitationStatus, type InvitationView } from '@/components/office/invitation-status';
import { OfficeForm } from '@/components/office/office-form';
import { Link } from '@/components/ui/link';
import { Notice } from '@/components/ui/notice';
import { officeDb } from '@/lib/office/db';
import { invitationStatuses } from '@/lib/office/invitations/invitations';
import { officeI18n } from '@/lib/office/i18n';
import { OFFICE_PERMISSIONS } from '@/lib/office/staff/permissions';
import { verifyStaff } from '@/lib/office/sign-in/session';
import {
  inviteStaffMember,
  resetStaffFactor,
  saveStaffGemeinde,
  saveStaffRights,
  setStaffActive,
} from '@/lib/office/staff/actions';
import { listStaff } from '@/lib/office/staff/admin';
import { staffGemeinden } from '@/lib/office/staff/scope';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await officeI18n()).a.staff.title };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function StaffMember({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: SearchParams;
}) {
  const { id: raw } = await params;
  const me = await verifyStaff(`/verwaltung/mitarbeitende/${raw}`, 'office.manage_staff');
  const { m, lang, a } = await officeI18n();
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  const db = await officeDb();
  const member = (await listStaff(db, me)).find((s) => s.id === id);
  if (!member) notFound();
  const [statuses, gemeinden] = await Promise.all([
    invitationStatuses(db, 'staff', [member.id]),
    staffGemeinden(db, me),
  ]);
  const status = statuses.get(member.id);
  // Only an unbound manager moves accounts between municipalities, and not its own.
  const movable = me.gemeindeId === null && member.id !== me.id;
  const when = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'de-DE', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Berlin',
  });
  const view: InvitationView | null = status
    ? {
        link: status.link,
        mail: status.mail,
        sentAt: status.sentAt ? when.format(status.sentAt) : null,
        usedAt: status.usedAt ? when.format(status.usedAt) : null,
        reason: status.reason,
      }
    : null;
  const s = a.staff;
  const rightName = (p: string) =>
    (m.home.permissions as Record<string, string | undefined>)[p] ?? p;
  const hidden = { staff: String(member.id) };
  const pending = m.landlords.pending;
  return (
    <div className="max-w-xl space-y-6">
      <Link href="/verwaltung/mitarbeitende" className="text-brand-800 underline">
        {s.back}
      </Link>
      <h1 className="text-2xl font-bold break-words">
        {member.username} {member.id === me.id ? s.you : ''}
      </h1>
      {(await searchParams).angelegt ? <Notice tone="success">{s.created}</Notice> : null}
      <p className="break-words">
        {member.displayName}
        {member.email ? ` · ${member.email}` : ''} ·{' '}
        {member.isActive ? a.edit.active : a.edit.inactive} · {s.cols.factor}:{' '}
        {member.enrolled ? s.enrolled : s.notEnrolled} · {s.cols.gemeinde}:{' '}
        {member.gemeinde ?? s.allGemeinden}
      </p>
      <section aria-labelledby="rechte" className="space-y-3">
        <h2 id="rechte" className="text-lg font-semibold">
          {s.rights}
        </h2>
        <OfficeForm
          id="rechte-form"
          action={saveStaffRights}
          hidden={hidden}
          fields={[
            {
              name: 'permissions',
              label: s.rights,
              checkboxes: OFFICE_PERMISSIONS.map((p) => ({
                value: p,
                label: rightName(p),
                checked: member.permissions.includes(p),
              })),
            },
          ]}
          submit={s.saveRights}
          pending={pending}
        />
      </section>
      {movable ? (
        <section aria-labelledby="gemeinde" className="space-y-3">
          <h2 id="gemeinde" className="text-lg font-semibold">
            {s.gemeinde}
          </h2>
          <OfficeForm
            id="gemeinde-form"
            action={saveStaffGemeinde}
            hidden={hidden}
            fields={[
              {
                name: 'gemeinde',
                label: s.gemeinde,
                hint: s.gemeindeHint,
                defaultValue: member.gemeindeId === null ? '' : String(member.gemeindeId),
                options: [
                  { value: '', label: s.allGemeinden },
                  ...gemeinden.map((g) => ({ value: String(g.id), label: g.alias })),
                ],
              },
            ]}
            submit={s.saveGemeinde}
            pending={pending}
          />
        </section>
      ) : null}
      <section aria-labelledby="einladung" className="space-y-3">
        <h2 id="einladung" className="text-lg font-semibold">
          {a.invitation.title}
        </h2>
        <InvitationStatus view={view} words={a.invitation} />
        {member.isActive ? (
          <OfficeForm
            id="einladung-form"
            action={inviteStaffMember}
            hidden={hidden}
            fields={[]}
            submit={view ? a.invitation.sendAgain : a.invitation.send}
            pending={pending}
            variant="secondary"
          />
        ) : null}
      </section>
      <section aria-labelledby="faktor" className="space-y-3">
        <h2 id="faktor" className="text-lg font-semibold">
          {s.reset}
        </h2>
        <p className="text-sm text-slate-800">{s.resetNote}</p>
        <OfficeForm
          id="faktor-form"
          action={resetStaffFactor}
          hidden={hidden}
          fields={[]}
          submit={s.reset}
          pending={pending}
          variant="secondary"
        />
      </section>
      <section aria-labelledby="status" className="space-y-3">
        <h2 id="status" className="text-lg font-semibold">
          {s.cols.status}
        </h2>
        <OfficeForm
          id="status-form"
          action={setStaffActive}
          hidden={{ ...hidden, active: member.isActive ? '0' : '1' }}
          fields={[]}
          submit={member.isActive ? a.edit.deactivate : a.edit.activate}
          pending={pending}
          variant="secondary"
        />
      </section>
    </div>
  );
}
