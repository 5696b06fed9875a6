'use server';
// Editing a form's guests through the one booking pipeline (`aktualisieren` with what changed).
import { redirect } from 'next/navigation';
import type { StayFormState } from '@/lib/portal/guest-form/state';
import { getI18n } from '@/lib/portal/i18n/server';
import { submitStay } from '@/lib/portal/stays/booking';
import { parseFormId } from '@/lib/portal/stays/form-id';
import { startFormAction } from '@/lib/portal/stays/form-actions';

export async function updateStay(
  rawId: string,
  _prev: StayFormState,
  formData: FormData,
): Promise<StayFormState> {
  const formId = parseFormId(rawId);
  if (!formId) redirect('/aufenthalte');
  const where = { returnTo: `/aufenthalte/${formId}/bearbeiten`, draftKey: `edit:${formId}` };
  const started = await startFormAction(formData, where.returnTo, where.draftKey);
  if ('failed' in started) return started.failed;
  const { m } = await getI18n();
  const outcome = await submitStay({ ...started, m }, { kind: 'update', formId }, where);
  if (!outcome.done) return outcome.state;
  redirect(`/aufenthalte/${formId}${outcome.changed ? '?geaendert=1' : ''}`);
}
