// One landlord: its objects and accounts, forms to add both, and (de)activation.
import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { OfficeForm } from '@/components/office/office-form';
import { SubmitButton } from '@/components/ui/submit-button';
import { serviceDb } from '@/lib/service/office/db';
import {
  createAccount,
  createObject,
  setLandlordActive,
} from '@/lib/service/office/landlord-actions';
import { loadLandlord } from '@/lib/service/office/landlords';
import { fill, officeI18n } from '@/lib/service/office/messages';
import { verifyStaff } from '@/lib/service/office/session';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await officeI18n()).m.landlords.title };
}

export default async function LandlordPage({ params }: { params: Promise<{ id: string }> }) {
  const { id: raw } = await params;
  await verifyStaff(`/verwaltung/vermieter/${raw}`, 'office.manage_landlords');
  const { m } = await officeI18n();
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  const found = Number.isInteger(id) ? await loadLandlord(await serviceDb(), id) : null;
  if (!found) notFound();
  const { landlord, objects, accounts, zones } = found;
  const f = m.fields;
  const l = m.landlords;
  return (
    <div className="space-y-6">
      <Link href="/verwaltung/vermieter" className="text-brand-800 underline">
        {l.back}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{landlord.alias}</h1>
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
      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="objects" className="space-y-3">
          <h2 id="objects" className="text-lg font-semibold">
            {l.objects}
          </h2>
          {objects.length ? (
            <ul className="list-disc pl-6">
              {objects.map((o) => (
                <li key={o.id}>
                  {o.alias} · {o.zone} · {fill(l.beds, { n: o.betten })}
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
            hidden={{ beherberger: String(landlord.id) }}
            fields={[
              { name: 'alias', label: f.alias, required: true, autoComplete: 'off' },
              {
                name: 'tarifzone',
                label: f.tarifzone,
                required: true,
                options: zones.map((z) => ({ value: String(z.id), label: z.alias })),
              },
              {
                name: 'anzahl_betten',
                label: f.betten,
                type: 'number',
                required: true,
                inputMode: 'numeric',
                defaultValue: '0',
              },
              { name: 'strasse', label: f.strasse, autoComplete: 'off' },
              { name: 'plz', label: f.plz, autoComplete: 'off', inputMode: 'numeric' },
              { name: 'ort', label: f.ort, autoComplete: 'off' },
            ]}
            submit={l.addObject}
            pending={l.pending}
          />
        </section>
        <section aria-labelledby="accounts" className="space-y-3">
          <h2 id="accounts" className="text-lg font-semibold">
            {l.accounts}
          </h2>
          {accounts.length ? (
            <ul className="list-disc pl-6">
              {accounts.map((a) => (
                <li key={a.id}>
                  {a.username} · {a.isActive ? l.active : l.inactive}
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
            hidden={{ beherberger: String(landlord.id) }}
            fields={[
              { name: 'username', label: f.username, required: true, autoComplete: 'off' },
              { name: 'email', label: f.email, type: 'email', autoComplete: 'off' },
            ]}
            submit={l.addAccount}
            pending={l.pending}
          />
        </section>
      </div>
    </div>
  );
}
