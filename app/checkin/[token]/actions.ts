'use server';
// The guest's check-in: read the post, apply the form's buttons, validate with the municipality's
// schema, show the summary, then save (within the link's guest and rate limits) and remember the
// submission in the guest's sealed cookie so they can come back and correct it.
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { clientAddressFrom } from '@/lib/portal/checkin/client-address';
import { ownSubmission, rememberSubmission } from '@/lib/portal/checkin/guest-session';
import { resolveGuestLink } from '@/lib/portal/checkin/guest-view';
import {
  applyPartyIntent,
  normaliseParty,
  toCheckinGuests,
  validateParty,
} from '@/lib/portal/checkin/party';
import { maxGuests } from '@/lib/portal/checkin/rules';
import type { CheckinFormState } from '@/lib/portal/checkin/state';
import { saveSubmission } from '@/lib/portal/checkin/submissions';
import { readPostedForm } from '@/lib/portal/guest-form/form-data';
import { fmt } from '@/lib/portal/i18n';
import { checkinMessages } from '@/lib/portal/i18n/checkin';
import { getI18n } from '@/lib/portal/i18n/server';
import { advancePlannedStay } from '@/lib/portal/stays/planned';

const nonce = () => Date.now() + Math.random();

export async function submitCheckin(
  token: string,
  _prev: CheckinFormState,
  formData: FormData,
): Promise<CheckinFormState> {
  const now = new Date();
  const view = await resolveGuestLink(token, now);
  // The page explains a refused link (in the guest's language, without naming the stay).
  if (view.status !== 'open') redirect(`/checkin/${token}`);
  const { link } = view;
  const { lang, m } = await getI18n();
  const c = checkinMessages(lang).guest;
  const max = maxGuests(link);
  // One more than allowed is read, so that "too many" is reported rather than silently cut.
  const posted = readPostedForm(formData, max + 1);
  const values = normaliseParty(posted.values, link);
  if (posted.intent !== 'review' && posted.intent !== 'send') {
    return {
      status: 'idle',
      values: applyPartyIntent(values, posted.intent, link),
      nonce: nonce(),
    };
  }
  const fieldErrors = validateParty(values, link, m, c, now);
  if (Object.keys(fieldErrors).length) {
    return {
      status: 'invalid',
      message: fieldErrors.root ?? c.errors.summary,
      fieldErrors,
      values,
      nonce: nonce(),
    };
  }
  if (posted.intent === 'review') return { status: 'review', values, nonce: nonce() };

  const saved = await saveSubmission(
    {
      link,
      ownId: await ownSubmission(link.id, await cookies()),
      arrival: values.arrival,
      departure: values.departure,
      guests: toCheckinGuests(values, link.snapshot.gemeinde),
      lang,
      clientAddress: clientAddressFrom(await headers()),
    },
    now,
  );
  if (!saved.ok) {
    return {
      status: 'error',
      message: fmt(c.errors[saved.reason], { n: max }),
      values,
      nonce: nonce(),
    };
  }
  await rememberSubmission(link.id, saved.id, await cookies());
  if (link.plannedStayId) {
    const owner = { serviceUrl: link.serviceUrl, username: link.username };
    await advancePlannedStay(owner, link.plannedStayId, 'checked_in');
  }
  redirect(`/checkin/${token}/danke`);
}
