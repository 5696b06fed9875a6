'use server';
// Booking a guest's check-in after the landlord's review, through the one booking pipeline: a
// planned stay books a new form (`buchen`), a booked one is updated (`aktualisieren`); the guest's
// data is then deleted and an invitation closed, and the landlord lands on the form's page.
import { redirect } from 'next/navigation';
import { getDb } from '@/lib/db';
import { guestIdentity, relationsByPlace, setRelations } from '@/lib/portal/arrival/confirm';
import { holdsObject } from '@/lib/portal/checkin/landlord';
import { closeLink } from '@/lib/portal/checkin/links';
import { queueCardMail } from '@/lib/portal/guest-card/mail';
import { handOverCards } from '@/lib/portal/guest-card/sync';
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
  // The service decides which objects the account has: a lost one takes no booking (issue 17).
  const refusal = !found
    ? checkinMessages(lang).admin.errors.notFound
    : !holdsObject(started.config, found.link.objektId)
      ? checkinMessages(lang).admin.objectLost
      : null;
  if (!found || refusal) {
    const message = refusal ?? checkinMessages(lang).admin.errors.notFound;
    return { status: 'error', message, values: started.posted.values, nonce: newNonce() };
  }
  const { link } = found;
  const plannedStayId = link.plannedStayId;
  const target: BookingTarget = link.formId
    ? { kind: 'update', formId: link.formId, plannedStayId }
    : { kind: 'new', gemeindeId: link.gemeindeId, plannedStayId };
  const outcome = await submitStay({ ...started, m }, target, where);
  if (!outcome.done) return outcome.state;
  // The guest's card goes to the phone that sent the party (and by mail where the stay has one).
  const meta = { gemeinde: outcome.gemeindeId, objekt: outcome.form.objekt_id };
  const cards = await handOverCards(started.session.api, owner, meta, outcome.form, found.checkin);
  // Who travels with whom, as the guests said (decision 028): the arrival record counts by it.
  // Travellers the landlord added or removed while booking keep the answers of those still there.
  const said = found.checkin.guests.map((g) => g.relation);
  if (said.some(Boolean)) {
    await setRelations(
      await getDb(),
      { ...owner, formId: outcome.form.id },
      relationsByPlace(
        said,
        outcome.form.personen.map((g) => g.id),
        {
          checkin: found.checkin.guests.map((g) => guestIdentity(g.fields)),
          booked: outcome.form.personen.map((g) => guestIdentity(g)),
        },
      ),
    );
  }
  if (plannedStayId && cards[0]) await queueCardMail(owner, plannedStayId, cards[0].partyId);
  // Booked: the guest's copy goes now (issue 10), and an invitation takes no more changes.
  await deleteSubmission(owner, checkinId);
  if (link.kind === 'stay') await closeLink(owner, link.id, outcome.form.id);
  redirect(`/aufenthalte/${outcome.form.id}?gebucht=1`);
}
