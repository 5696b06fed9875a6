'use server';
// Editing a form's guests through the one booking pipeline (`aktualisieren` with what changed).
import { redirect } from 'next/navigation';
import type { StayFormState } from '@/lib/portal/guest-form/state';
import { refreshCards } from '@/lib/portal/guest-card/sync';
import { getI18n } from '@/lib/portal/i18n/server';
import { ownerOf } from '@/lib/portal/session/session';
import { submitStay } from '@/lib/portal/stays/booking';
import { parseFormId } from '@/lib/portal/form-id';
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
  if (outcome.changed) {
    // A guest holding the card (check-in) gets it again, and their wallet passes follow.
    const meta = { gemeinde: outcome.gemeindeId, objekt: outcome.form.objekt_id };
    await refreshCards(started.session.api, ownerOf(started.session), meta, outcome.form);
  }
  redirect(`/aufenthalte/${formId}${outcome.changed ? '?geaendert=1' : ''}`);
}
