'use server';
// Booking a new registration form through the one booking pipeline, then its page.
import { redirect } from 'next/navigation';
import type { StayFormState } from '@/lib/portal/guest-form/state';
import { getI18n } from '@/lib/portal/i18n/server';
import { submitStay } from '@/lib/portal/stays/booking';
import { startFormAction } from '@/lib/portal/stays/form-actions';

const RETURN = '/aufenthalte/neu';
const DRAFT = 'new';

export async function bookStay(_prev: StayFormState, formData: FormData): Promise<StayFormState> {
  const started = await startFormAction(formData, RETURN, DRAFT);
  if ('failed' in started) return started.failed;
  const { m } = await getI18n();
  const where = { returnTo: RETURN, draftKey: DRAFT };
  const outcome = await submitStay({ ...started, m }, { kind: 'new' }, where);
  if (!outcome.done) return outcome.state;
  redirect(`/aufenthalte/${outcome.form.id}?gebucht=1`);
}
