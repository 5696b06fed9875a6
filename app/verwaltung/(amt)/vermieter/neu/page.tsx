import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { OfficeForm } from '@/components/office/office-form';
import { officeDb } from '@/lib/office/db';
import { createLandlord } from '@/lib/office/landlords/actions';
import { officeI18n } from '@/lib/office/i18n';
import { staffGemeinden } from '@/lib/office/staff/scope';
import { verifyStaff } from '@/lib/office/sign-in/session';
import { landlordFields } from '../fields';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await officeI18n()).m.landlords.create };
}

export default async function NewLandlord() {
  const staff = await verifyStaff('/verwaltung/vermieter/neu', 'office.manage_landlords');
  const [{ m, a }, gemeinden] = await Promise.all([
    officeI18n(),
    staffGemeinden(await officeDb(), staff),
  ]);
  const f = m.fields;
  return (
    <div className="max-w-xl space-y-4">
      <Link href="/verwaltung/vermieter" className="text-brand-800 underline">
        {m.landlords.back}
      </Link>
      <h1 className="text-2xl font-bold">{m.landlords.create}</h1>
      <OfficeForm
        id="landlord"
        action={createLandlord}
        fields={[
          {
            name: 'gemeinde',
            label: f.gemeinde,
            required: true,
            options: gemeinden.map((g) => ({ value: String(g.id), label: g.alias })),
          },
          ...landlordFields({ m, a }),
        ]}
        submit={m.landlords.create}
        pending={m.landlords.pending}
      />
    </div>
  );
}
