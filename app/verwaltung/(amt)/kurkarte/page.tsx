// The guest card check under the office's navigation: the card's code goes to the public check
// page (pages/kurkarte/[token].tsx), which the staff at the pool or the spa also reach by scanning.
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { Field, TextInput } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { officeI18n } from '@/lib/office/i18n';
import { verifyStaff } from '@/lib/office/sign-in/session';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await officeI18n()).m.card.title };
}

async function checkCard(form: FormData): Promise<void> {
  'use server';
  await verifyStaff('/verwaltung/kurkarte');
  const code = String(form.get('card') ?? '').trim();
  // Only the characters a card id has; anything else would not be one anyway.
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(code)) redirect('/verwaltung/kurkarte');
  redirect(`/kurkarte/${encodeURIComponent(code)}`);
}

export default async function CardCheck() {
  await verifyStaff('/verwaltung/kurkarte');
  const { m } = await officeI18n();
  return (
    <div className="max-w-md space-y-4">
      <h1 className="text-2xl font-bold">{m.card.title}</h1>
      <p className="text-sm text-slate-800">{m.card.intro}</p>
      <form action={checkCard} className="space-y-4">
        <Field id="card" label={m.card.label} required>
          {(describedBy) => (
            <TextInput
              id="card"
              name="card"
              aria-required
              aria-describedby={describedBy}
              autoComplete="off"
            />
          )}
        </Field>
        <SubmitButton pendingLabel={m.card.submit}>{m.card.submit}</SubmitButton>
      </form>
    </div>
  );
}
