// First sign-in of a staff account: set up the second factor. The secret lives in the sealed
// pending sign-in until the code from the app proves it was taken over; once the account has
// enrolled the page no longer shows it (also not on the re-render after the enrolment).
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import QRCode from 'qrcode';
import { EnrolForm } from '@/components/office/enrol-form';
import { SignInFrame } from '@/components/office/frame';
import { officeDb } from '@/lib/office/db';
import { officeI18n } from '@/lib/office/i18n';
import { OFFICE_SIGN_IN } from '@/lib/office/sign-in/paths';
import { totpUri } from '@/lib/office/sign-in/second-factor';
import { readPending } from '@/lib/office/sign-in/session';
import { enrolAndSignIn } from '@/lib/office/sign-in/actions';
import { findStaffById } from '@/lib/office/staff/staff';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await officeI18n()).m.enrol.title };
}

export default async function OfficeEnrol() {
  const { m } = await officeI18n();
  const pending = await readPending();
  if (!pending?.enrolSecret) redirect(OFFICE_SIGN_IN);
  const staff = await findStaffById(await officeDb(), pending.staffId);
  if (!staff?.isActive) redirect(OFFICE_SIGN_IN);
  const show = staff.totpSecret === null;
  const qr = show
    ? await QRCode.toDataURL(totpUri(pending.enrolSecret, staff.username), {
        margin: 2,
        width: 200,
      })
    : null;
  return (
    <SignInFrame appName={m.appName} title={m.enrol.title}>
      <EnrolForm
        action={enrolAndSignIn}
        qrDataUrl={qr}
        secret={show ? pending.enrolSecret : null}
        labels={{ ...m.enrol, pending: m.signIn.pending }}
      />
    </SignInFrame>
  );
}
