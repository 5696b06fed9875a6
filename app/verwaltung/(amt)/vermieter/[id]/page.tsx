// One landlord: its details, objects and accounts, each editable and (de)activatable, the
// accounts' invitations (sent / used, send a new one), and forms to add objects and accounts.
import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { InvitationStatus, type InvitationView } from '@/components/office/invitation-status';
import { OfficeForm } from '@/components/office/office-form';
import { SubmitButton } from '@/components/ui/submit-button';
import {
  editAccount,
  editLandlord,
  editObject,
  inviteAccount,
  setAccountActive,
  setObjectActive,
} from '@/lib/office/landlords/account-actions';
import { officeDb } from '@/lib/office/db';
import { invitationStatuses } from '@/lib/office/invitations/invitations';
import { createAccount, createObject, setLandlordActive } from '@/lib/office/landlords/actions';
import { LANDLORD_EDIT_KEYS } from '@/lib/office/landlords/edits';
import { loadLandlord } from '@/lib/office/landlords/landlords';
import { fill, officeI18n } from '@/lib/office/i18n';
import { PORTAL_PERMISSIONS } from '@/lib/office/landlords/portal-permissions';
import { verifyStaff } from '@/lib/office/sign-in/session';
import { landlordFields, objectFields } from '../fields';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await officeI18n()).m.landlords.title };
}

function ActiveToggle({
  action,
  hidden,
  active,
  labels,
}: {
  action: (form: FormData) => Promise<void>;
  hidden: Record<string, string>;
  active: boolean;
  labels: { on: string; off: string; pending: string };
}) {
  return (
    <form action={action}>
      {Object.entries(hidden).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <input type="hidden" name="active" value={active ? '0' : '1'} />
      <SubmitButton variant="secondary" pendingLabel={labels.pending}>
        {active ? labels.off : labels.on}
      </SubmitButton>
    </form>
  );
}

export default async function LandlordPage({ params }: { params: Promise<{ id: string }> }) {
  const { id: raw } = await params;
  const staff = await verifyStaff(`/verwaltung/vermieter/${raw}`, 'office.manage_landlords');
  const { m, lang, a } = await officeI18n();
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  const db = await officeDb();
  const found = Number.isInteger(id) ? await loadLandlord(db, id, staff) : null;
  if (!found) notFound();
  const { landlord, objects, accounts, zones } = found;
  const invitations = await invitationStatuses(
    db,
    'user',
    accounts.map((acc) => acc.id),
  );
  const when = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'de-DE', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Berlin',
  });
  const viewOf = (userId: number): InvitationView | null => {
    const s = invitations.get(userId);
    if (!s) return null;
    return {
      link: s.link,
      mail: s.mail,
      sentAt: s.sentAt ? when.format(s.sentAt) : null,
      usedAt: s.usedAt ? when.format(s.usedAt) : null,
      reason: s.reason,
    };
  };
  const f = m.fields;
  const l = m.landlords;
  const e = a.edit;
  const toggle = { on: e.activate, off: e.deactivate, pending: l.pending };
  const here = { beherberger: String(landlord.id) };
  const value = (v: string | null) => v ?? '';
  const landlordValues: Record<(typeof LANDLORD_EDIT_KEYS)[number], string> = {
    alias: landlord.alias,
    firma: value(landlord.firma),
    vorname: value(landlord.vorname),
    nachname: value(landlord.nachname),
    strasse: value(landlord.strasse),
    plz: value(landlord.plz),
    ort: value(landlord.ort),
    telefon: value(landlord.telefon),
    email: value(landlord.email),
    vermieter_nr: value(landlord.vermieterNr),
    debitor_nr: value(landlord.debitorNr),
  };
  const zoneOptions = zones.map((z) => ({ value: String(z.id), label: z.alias }));
  return (
    <div className="space-y-6">
      <Link href="/verwaltung/vermieter" className="text-brand-800 underline">
        {l.back}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold break-words">{landlord.alias}</h1>
        <span className="rounded bg-slate-200 px-2 py-0.5 text-sm">
          {landlord.isActive ? l.active : l.inactive}
        </span>
        <form action={setLandlordActive}>
          <input type="hidden" name="beherberger" value={landlord.id} />
          <input type="hidden" name="active" value={landlord.isActive ? '0' : '1'} />
          <SubmitButton variant="secondary" pendingLabel={l.pending}>
            {landlord.isActive ? l.deactivate : l.activate}
          </SubmitButton>
        </form>
      </div>
      <details className="rounded border border-slate-300 p-3">
        <summary className="min-h-11 cursor-pointer py-2 font-semibold">{e.landlord}</summary>
        <div className="max-w-xl pt-2">
          <OfficeForm
            id="angaben"
            action={editLandlord}
            hidden={here}
            fields={landlordFields({ m, a }, landlordValues)}
            submit={e.save}
            pending={l.pending}
          />
        </div>
      </details>
      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="objects" className="min-w-0 space-y-3">
          <h2 id="objects" className="text-lg font-semibold">
            {l.objects}
          </h2>
          <p className="text-sm text-slate-800">{e.objectNote}</p>
          {objects.length ? (
            <ul className="space-y-3">
              {objects.map((o) => (
                <li key={o.id} className="rounded border border-slate-300 p-3">
                  <p className="break-words">
                    <strong>{o.alias}</strong> · {o.zone} · {fill(l.beds, { n: o.betten })} ·{' '}
                    {o.isActive ? e.active : e.inactive}
                  </p>
                  <ActiveToggle
                    action={setObjectActive}
                    hidden={{ ...here, objekt: String(o.id) }}
                    active={o.isActive}
                    labels={toggle}
                  />
                  <details className="mt-2">
                    <summary className="min-h-11 cursor-pointer py-2">{e.object}</summary>
                    <OfficeForm
                      id={`objekt-${o.id}`}
                      action={editObject}
                      hidden={{ ...here, objekt: String(o.id) }}
                      fields={objectFields({ m, a }, zoneOptions, {
                        alias: o.alias,
                        tarifzone: String(o.zoneId),
                        anzahl_betten: String(o.betten),
                        strasse: value(o.strasse),
                        plz: value(o.plz),
                        ort: value(o.ort),
                      })}
                      submit={e.save}
                      pending={l.pending}
                    />
                  </details>
                </li>
              ))}
            </ul>
          ) : (
            <p>{l.noObjects}</p>
          )}
          <h3 className="font-semibold">{l.addObject}</h3>
          <OfficeForm
            id="objekt"
            action={createObject}
            hidden={here}
            fields={objectFields({ m, a }, zoneOptions)}
            submit={l.addObject}
            pending={l.pending}
          />
        </section>
        <section aria-labelledby="accounts" className="min-w-0 space-y-3">
          <h2 id="accounts" className="text-lg font-semibold">
            {l.accounts}
          </h2>
          <p className="text-sm text-slate-800">{e.accountNote}</p>
          {accounts.length ? (
            <ul className="space-y-3">
              {accounts.map((acc) => (
                <li key={acc.id} className="space-y-2 rounded border border-slate-300 p-3">
                  <p className="break-words">
                    <strong>{acc.username}</strong>
                    {acc.email ? ` · ${acc.email}` : ''} · {acc.isActive ? e.active : e.inactive}
                  </p>
                  <InvitationStatus view={viewOf(acc.id)} words={a.invitation} />
                  {acc.isActive ? (
                    <OfficeForm
                      id={`einladung-${acc.id}`}
                      action={inviteAccount}
                      hidden={{ ...here, user: String(acc.id) }}
                      fields={[]}
                      submit={invitations.has(acc.id) ? a.invitation.sendAgain : a.invitation.send}
                      pending={l.pending}
                      variant="secondary"
                    />
                  ) : null}
                  <ActiveToggle
                    action={setAccountActive}
                    hidden={{ ...here, user: String(acc.id) }}
                    active={acc.isActive}
                    labels={toggle}
                  />
                  <details>
                    <summary className="min-h-11 cursor-pointer py-2">{e.account}</summary>
                    <OfficeForm
                      id={`konto-${acc.id}`}
                      action={editAccount}
                      hidden={{ ...here, user: String(acc.id) }}
                      fields={[
                        {
                          name: 'email',
                          label: f.email,
                          type: 'email',
                          defaultValue: value(acc.email),
                        },
                        { name: 'first_name', label: e.firstName, defaultValue: acc.firstName },
                        { name: 'last_name', label: e.lastName, defaultValue: acc.lastName },
                        { name: 'alias', label: e.alias, defaultValue: acc.alias },
                        {
                          name: 'permissions',
                          label: e.rights,
                          checkboxes: PORTAL_PERMISSIONS.map((p) => ({
                            value: p,
                            label: e.portalRights[p] ?? p,
                            checked: acc.permissions.includes(p),
                          })),
                        },
                      ]}
                      submit={e.save}
                      pending={l.pending}
                    />
                  </details>
                </li>
              ))}
            </ul>
          ) : (
            <p>{l.noAccounts}</p>
          )}
          <h3 className="font-semibold">{l.addAccount}</h3>
          <p className="text-sm text-slate-800">{l.accountNote}</p>
          <OfficeForm
            id="konto"
            action={createAccount}
            hidden={here}
            fields={[
              { name: 'username', label: f.username, required: true, autoComplete: 'off' },
              {
                name: 'email',
                label: f.email,
                type: 'email',
                required: true,
                autoComplete: 'off',
              },
            ]}
            submit={l.addAccount}
            pending={l.pending}
          />
        </section>
      </div>
    </div>
  );
}
