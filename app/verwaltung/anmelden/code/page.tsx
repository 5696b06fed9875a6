// Staff sign-in, step two: a TOTP code or a recovery code. Without a pending sign-in (the password
// step) there is nothing to confirm: back to the password.
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { SignInFrame } from '@/components/office/frame';
import { OfficeForm } from '@/components/office/office-form';
import { officeI18n } from '@/lib/office/i18n';
import { OFFICE_SIGN_IN } from '@/lib/office/sign-in/paths';
import { readPending } from '@/lib/office/sign-in/session';
import { signInWithCode } from '@/lib/office/sign-in/actions';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await officeI18n()).m.code.title };
}

export default async function OfficeCode() {
  const { m } = await officeI18n();
  const pending = await readPending();
  if (!pending) redirect(OFFICE_SIGN_IN);
  if (pending.enrolSecret) redirect(`${OFFICE_SIGN_IN}/einrichten`);
  return (
    <SignInFrame appName={m.appName} title={m.code.title}>
      <p className="mb-4 text-sm text-slate-800">{m.code.intro}</p>
      <OfficeForm
        id="staff-code"
        action={signInWithCode}
        fields={[
          {
            name: 'code',
            label: m.code.label,
            required: true,
            autoComplete: 'one-time-code',
          },
        ]}
        submit={m.code.submit}
        pending={m.signIn.pending}
      />
    </SignInFrame>
  );
}
