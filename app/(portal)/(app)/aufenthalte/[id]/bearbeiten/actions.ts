'use server';
// Editing a form's guests through `aktualisieren`: only what changed is sent (new guests, changed
// fields, deletions), so the service's per-guest history stays meaningful (spec 4.3 rule 6).
import { redirect } from 'next/navigation';
import type { StayFormState } from '@/lib/portal/guest-form/state';
import { loadForm } from '@/lib/portal/data';
import { parseFormId } from '@/lib/portal/form-id';
import {
  failedCall,
  invalidState,
  keepDraftAndSignIn,
  newNonce,
  startFormAction,
  withAllFields,
} from '@/lib/portal/form-actions';
import { describeApiError } from '@/lib/portal/api-errors';
import { saveForms } from '@/lib/portal/forms-index';
import { refreshCards } from '@/lib/portal/guest-card/sync';
import { can, formConfigOf, gemeindeById } from '@/lib/portal/config-view';
import { applyIntent, followStayDates } from '@/lib/portal/guest-form/intents';
import { toUpdatePlan } from '@/lib/portal/guest-form/wire';
import { getI18n } from '@/lib/portal/i18n/server';
import { ownerOf } from '@/lib/portal/session';
import { isApiError, type PortalForm } from '@/lib/portal/api';

export async function updateStay(
  rawId: string,
  _prev: StayFormState,
  formData: FormData,
): Promise<StayFormState> {
  const formId = parseFormId(rawId);
  if (!formId) redirect('/aufenthalte');
  const returnTo = `/aufenthalte/${formId}/bearbeiten`;
  const draftKey = `edit:${formId}`;
  const started = await startFormAction(formData, returnTo, draftKey);
  if ('failed' in started) return started.failed;
  const { session, posted, config } = started;
  const { m } = await getI18n();
  const fail = (message: string): StayFormState => ({
    status: 'error',
    message,
    values: posted.values,
    nonce: newNonce(),
  });

  let loaded;
  try {
    loaded = await loadForm(session, config, formId);
  } catch (err) {
    if (isApiError(err, 'unauthenticated'))
      await keepDraftAndSignIn(session, posted.values, returnTo, draftKey);
    if (!isApiError(err)) throw err;
    return fail(describeApiError(err, m));
  }
  const gemeinde = loaded ? gemeindeById(config, loaded.gemeindeId) : undefined;
  if (!loaded || !gemeinde) return fail(m.apiErrors.not_found);
  const form = formConfigOf(gemeinde);
  // Without JavaScript a changed stay date reaches the guests here (the browser does it live).
  const values = followStayDates(
    withAllFields({ ...posted.values, objektId: String(loaded.form.objekt_id) }, form),
    {
      arrival: loaded.form.travel_span.arrival_date.slice(0, 10),
      departure: loaded.form.travel_span.departure_date.slice(0, 10),
    },
  );
  if (posted.intent !== 'submit') {
    return { status: 'idle', values: applyIntent(values, posted.intent, form), nonce: newNonce() };
  }
  const invalid = invalidState(values, form, m, { mode: 'edit', objektIds: [] });
  if (invalid) return invalid;
  if (!can(config, 'meldeschein.change_meldeschein')) return fail(m.apiErrors.permission_denied);

  const plan = toUpdatePlan(loaded.form, values, form);
  if (plan.empty) redirect(`/aufenthalte/${formId}`);
  let updated: PortalForm;
  const meta = { gemeinde: loaded.gemeindeId, objekt: loaded.form.objekt_id };
  try {
    updated = await session.api.update(
      { ...meta, ...(posted.requestId ? { requestId: posted.requestId, idempotent: true } : {}) },
      plan.form,
    );
  } catch (err) {
    return failedCall(err, started, values, form, m, {
      returnTo,
      draftKey,
      indexMap: plan.indexMap,
    });
  }
  await saveForms(ownerOf(session), loaded.gemeindeId, [updated]);
  // A guest holding the card (check-in) gets it again, and their wallet passes follow.
  await refreshCards(session.api, ownerOf(session), meta, updated);
  redirect(`/aufenthalte/${formId}?geaendert=1`);
}
