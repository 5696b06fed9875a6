'use server';
// The landlord's payment actions: connect (or continue setting up) the own Stripe account, and
// refund a cancelled stay's card payment. Each verifies the session (Next checks the post's
// origin for every server action), touches only the landlord's own rows, and goes back with the
// outcome in the query.
import { redirect } from 'next/navigation';
import { publicBaseUrl } from '@/lib/env';
import { describeError } from '@/lib/log';
import { parseFormId } from '../form-id';
import { ownerOf, reauthenticateOn401, verifySession } from '../session/session';
import { onboardingUrl } from './accounts';
import { landlordsOf } from './landlords';
import { refundPayment } from './landlord';

const PAGE = '/zahlungen';

/**
 * To Stripe's hosted onboarding of one landlord's account (an external redirect: the portal page
 * runs its script); only for a landlord the signed-in login works for.
 */
export async function connectStripeAction(formData: FormData): Promise<void> {
  const session = await verifySession(PAGE);
  const landlord = Number(formData.get('landlord'));
  let known: boolean;
  try {
    known = (await landlordsOf(session)).some((l) => l.id === landlord);
  } catch (err) {
    reauthenticateOn401(err, PAGE);
    throw err;
  }
  if (!known) redirect(PAGE);
  let url: string | null;
  try {
    url = await onboardingUrl(ownerOf(session), landlord, new URL(publicBaseUrl()).origin);
  } catch (err) {
    console.error('payments: starting the onboarding failed', describeError(err));
    redirect(`${PAGE}?fehler=stripe`);
  }
  redirect(url ?? PAGE);
}

export async function refundAction(formData: FormData): Promise<void> {
  const formId = parseFormId(String(formData.get('formId') ?? ''));
  if (!formId) redirect('/aufenthalte');
  const path = `/aufenthalte/${formId}`;
  const session = await verifySession(path);
  let result: string;
  try {
    result = await refundPayment(ownerOf(session), formId);
  } catch (err) {
    console.error('payments: a refund failed', describeError(err));
    result = 'failed';
  }
  redirect(`${path}?erstattung=${result}#kartenzahlung`);
}
