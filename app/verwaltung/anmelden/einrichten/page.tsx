// First sign-in of a staff account: set up the second factor. The secret lives in the sealed
// pending sign-in until the code from the app proves it was taken over; once the account has
// enrolled the page no longer shows it (also not on the re-render after the enrolment).
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import QRCode from 'qrcode';
import { EnrolForm } from '@/components/office/enrol-form';
import { SignInFrame } from '@/components/office/frame';
import { serviceDb } from '@/lib/service/office/db';
import { officeI18n } from '@/lib/service/office/messages';
import { OFFICE_SIGN_IN } from '@/lib/service/office/paths';
import { totpUri } from '@/lib/service/office/second-factor';
import { readPending } from '@/lib/service/office/session';
import { enrolAndSignIn } from '@/lib/service/office/sign-in-actions';
import { findStaffById } from '@/lib/service/office/staff';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await officeI18n()).m.enrol.title };
}

export default async function OfficeEnrol() {
  const { m } = await officeI18n();
  const pending = await readPending();
  if (!pending?.enrolSecret) redirect(OFFICE_SIGN_IN);
  const staff = await findStaffById(await serviceDb(), pending.staffId);
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
