// Staff sign-in, step one: the password (docs/decisions/030).
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { SignInFrame } from '@/components/office/frame';
import { OfficeForm } from '@/components/office/office-form';
import { Notice } from '@/components/ui/notice';
import { officeI18n } from '@/lib/office/i18n';
import { safeOfficePath } from '@/lib/office/sign-in/paths';
import { readStaff } from '@/lib/office/sign-in/session';
import { signInWithPassword } from '@/lib/office/sign-in/actions';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await officeI18n()).m.signIn.title };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function OfficeSignIn({ searchParams }: { searchParams: SearchParams }) {
  const sp = await searchParams;
  const { m } = await officeI18n();
  const back = safeOfficePath(one(sp.weiter));
  if (await readStaff()) redirect(back);
  return (
    <SignInFrame appName={m.appName} title={m.signIn.title}>
      <p className="mb-4 text-sm text-slate-800">{m.signIn.intro}</p>
      {one(sp.abgemeldet) ? (
        <div className="mb-4">
          <Notice tone="success">{m.signIn.signedOut}</Notice>
        </div>
      ) : null}
      <OfficeForm
        id="staff-sign-in"
        action={signInWithPassword}
        hidden={{ weiter: back }}
        fields={[
          { name: 'username', label: m.signIn.username, required: true, autoComplete: 'username' },
          {
            name: 'password',
            label: m.signIn.password,
            type: 'password',
            required: true,
            autoComplete: 'current-password',
          },
        ]}
        submit={m.signIn.submit}
        pending={m.signIn.pending}
      />
    </SignInFrame>
  );
}
