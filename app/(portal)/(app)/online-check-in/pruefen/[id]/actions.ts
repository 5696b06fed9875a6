'use server';
// Booking a guest's check-in after the landlord's review, through the one booking pipeline: a
// planned stay books a new form (`buchen`), a booked one is updated (`aktualisieren`); the guest's
// data is then deleted and an invitation closed, and the landlord lands on the form's page.
import { redirect } from 'next/navigation';
import { closeLink } from '@/lib/portal/checkin/links';
import { deleteSubmission, findSubmission } from '@/lib/portal/checkin/submissions';
import type { StayFormState } from '@/lib/portal/guest-form/state';
import { checkinMessages } from '@/lib/portal/i18n/checkin';
import { getI18n } from '@/lib/portal/i18n/server';
import { ownerOf } from '@/lib/portal/session/session';
import { submitStay, type BookingTarget } from '@/lib/portal/stays/booking';
import { newNonce, startFormAction } from '@/lib/portal/stays/form-actions';

export async function bookCheckin(
  checkinId: string,
  _prev: StayFormState,
  formData: FormData,
): Promise<StayFormState> {
  const where = {
    returnTo: `/online-check-in/pruefen/${checkinId}`,
    draftKey: `checkin:${checkinId}`,
  };
  const started = await startFormAction(formData, where.returnTo, where.draftKey);
  if ('failed' in started) return started.failed;
  const { lang, m } = await getI18n();
  const owner = ownerOf(started.session);
  const found = await findSubmission(owner, checkinId);
  if (!found) {
    const message = checkinMessages(lang).admin.errors.notFound;
    return { status: 'error', message, values: started.posted.values, nonce: newNonce() };
  }
  const { link } = found;
  const plannedStayId = link.plannedStayId;
  const target: BookingTarget = link.formId
    ? { kind: 'update', formId: link.formId, plannedStayId }
    : { kind: 'new', gemeindeId: link.gemeindeId, plannedStayId };
  const outcome = await submitStay({ ...started, m }, target, where);
  if (!outcome.done) return outcome.state;
  // Booked: the guest's copy goes now (issue 10), and an invitation takes no more changes.
  await deleteSubmission(owner, checkinId);
  if (link.kind === 'stay') await closeLink(owner, link.id, outcome.form.id);
  redirect(`/aufenthalte/${outcome.form.id}?gebucht=1`);
}
