'use server';
// Booking a guest's check-in after the landlord's review: a planned stay books a new form
// (`buchen`), a booked one is updated (`aktualisieren`); the guest's data is then deleted and an
// invitation closed, and the landlord lands on the form's page with its guest card.
import { redirect } from 'next/navigation';
import { isApiError, type PortalForm } from '@/lib/portal/api';
import { describeApiError } from '@/lib/portal/api-errors';
import { holdsObject } from '@/lib/portal/checkin/landlord';
import { closeLink } from '@/lib/portal/checkin/links';
import { deleteSubmission, findSubmission } from '@/lib/portal/checkin/submissions';
import { can, formConfigOf, gemeindeById, objectsOf } from '@/lib/portal/config-view';
import { loadForm } from '@/lib/portal/data';
import {
  failedCall,
  invalidState,
  keepDraftAndSignIn,
  newNonce,
  startFormAction,
  withAllFields,
} from '@/lib/portal/form-actions';
import { saveForms } from '@/lib/portal/forms-index';
import type { StayFormState } from '@/lib/portal/guest-form/state';
import { applyIntent } from '@/lib/portal/guest-form/intents';
import { toBookForm, toUpdatePlan, withStayDates } from '@/lib/portal/guest-form/wire';
import { checkinMessages } from '@/lib/portal/i18n/checkin';
import { getI18n } from '@/lib/portal/i18n/server';
import { ownerOf } from '@/lib/portal/session';

export async function bookCheckin(
  checkinId: string,
  _prev: StayFormState,
  formData: FormData,
): Promise<StayFormState> {
  const returnTo = `/online-check-in/pruefen/${checkinId}`;
  const draftKey = `checkin:${checkinId}`;
  const started = await startFormAction(formData, returnTo, draftKey);
  if ('failed' in started) return started.failed;
  const { session, posted, config } = started;
  const { lang, m } = await getI18n();
  const owner = ownerOf(session);
  const fail = (message: string): StayFormState => ({
    status: 'error',
    message,
    values: posted.values,
    nonce: newNonce(),
  });
  const found = await findSubmission(owner, checkinId);
  const gemeinde = found ? gemeindeById(config, found.link.gemeindeId) : undefined;
  if (!found || !gemeinde) return fail(checkinMessages(lang).admin.errors.notFound);
  // The service decides which objects the account has: a lost one takes no booking (issue 17).
  if (!holdsObject(config, found.link.objektId))
    return fail(checkinMessages(lang).admin.objectLost);
  const form = formConfigOf(gemeinde);
  const where = { returnTo, draftKey };

  let result: PortalForm;
  if (found.link.formId) {
    let loaded;
    try {
      loaded = await loadForm(session, config, found.link.formId);
    } catch (err) {
      if (isApiError(err, 'unauthenticated'))
        await keepDraftAndSignIn(session, posted.values, returnTo, draftKey);
      if (!isApiError(err)) throw err;
      return fail(describeApiError(err, m));
    }
    if (!loaded) return fail(m.apiErrors.not_found);
    const values = withAllFields(
      { ...posted.values, objektId: String(loaded.form.objekt_id) },
      form,
    );
    if (posted.intent !== 'submit')
      return {
        status: 'idle',
        values: applyIntent(values, posted.intent, form),
        nonce: newNonce(),
      };
    const invalid = invalidState(values, form, m, { mode: 'edit', objektIds: [] });
    if (invalid) return invalid;
    if (!can(config, 'meldeschein.change_meldeschein')) return fail(m.apiErrors.permission_denied);
    const plan = toUpdatePlan(loaded.form, values, form);
    try {
      result = plan.empty
        ? loaded.form
        : await session.api.update(
            { gemeinde: loaded.gemeindeId, objekt: loaded.form.objekt_id },
            plan.form,
          );
    } catch (err) {
      return failedCall(err, started, values, form, m, { ...where, indexMap: plan.indexMap });
    }
  } else {
    const objektIds = objectsOf(config)
      .filter((o) => o.gemeindeId === gemeinde.id)
      .map((o) => String(o.id));
    let values = withAllFields(posted.values, form);
    if (posted.intent !== 'submit')
      return {
        status: 'idle',
        values: applyIntent(values, posted.intent, form),
        nonce: newNonce(),
      };
    values = withStayDates(values);
    const invalid = invalidState(values, form, m, { mode: 'new', objektIds });
    if (invalid) return invalid;
    if (!can(config, 'meldeschein.add_meldeschein')) return fail(m.apiErrors.permission_denied);
    try {
      const meta = {
        gemeinde: gemeinde.id,
        objekt: Number(values.objektId),
        ...(posted.requestId ? { requestId: posted.requestId, idempotent: true } : {}),
      };
      const [booked] = await session.api.book(meta, [toBookForm(values, form)]);
      if (!booked) return fail(m.apiErrors.invalid_response);
      result = booked;
    } catch (err) {
      return failedCall(err, started, values, form, m, where);
    }
  }
  await saveForms(owner, gemeinde.id, [result]);
  // Booked: the guest's copy goes now (issue 10), and an invitation takes no more changes.
  await deleteSubmission(owner, checkinId);
  if (found.link.kind === 'stay') await closeLink(owner, found.link.id, result.id);
  redirect(`/aufenthalte/${result.id}?gebucht=1`);
}
