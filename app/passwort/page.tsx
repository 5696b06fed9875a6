// Set a password through the link from the mail (docs/decisions/032), for a landlord's account or a
// staff account. Public (the link is the proof), outside the office and the portal; the token
// comes in a cookie set by /passwort/<token>, never in this page's address.
import type { Metadata } from 'next';
import { SignInFrame } from '@/components/office/frame';
import { OfficeForm } from '@/components/office/office-form';
import { Notice } from '@/components/ui/notice';
import { officeDb } from '@/lib/office/db';
import { fill, officeI18n } from '@/lib/office/i18n';
import { setPasswordFromLink } from '@/lib/office/invitations/password-actions';
import { openLink } from '@/lib/office/invitations/password-links';
import { readLinkToken } from '@/lib/office/invitations/password-page';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  return {
    title: (await officeI18n()).a.password.title,
    robots: { index: false, follow: false },
  };
}

export default async function SetPassword() {
  const { a } = await officeI18n();
  const token = await readLinkToken();
  const open = token ? await openLink(await officeDb(), token, new Date()) : null;
  const p = a.password;
  return (
    <SignInFrame appName="Meldeportal" title={p.title}>
      {open ? (
        <>
          <p className="mb-4 text-sm break-words text-slate-800">
            {fill(p.intro, { username: open.account.username })}
          </p>
          <OfficeForm
            id="passwort"
            action={setPasswordFromLink}
            fields={[
              {
                name: 'password',
                label: p.password,
                type: 'password',
                required: true,
                autoComplete: 'new-password',
                hint: p.hint,
              },
              {
                name: 'repeat',
                label: p.repeat,
                type: 'password',
                required: true,
                autoComplete: 'new-password',
              },
            ]}
            submit={p.submit}
            pending={p.pending}
          />
        </>
      ) : (
        <Notice tone="error">{p.invalid}</Notice>
      )}
    </SignInFrame>
  );
}
