'use server';
// Booking a new registration form: verify the session, validate with the municipality's schema,
// call `buchen`, index the form, go to its page.
import { redirect } from 'next/navigation';
import type { StayFormState } from '@/lib/portal/guest-form/state';
import { can, formConfigOf, gemeindeById, objectsOf } from '@/lib/portal/config/view';
import {
  failedCall,
  invalidState,
  lostBooking,
  newNonce,
  startFormAction,
  withAllFields,
} from '@/lib/portal/stays/form-actions';
import { saveForms } from '@/lib/portal/stays/forms-index';
import { applyIntent } from '@/lib/portal/guest-form/intents';
import { toBookForm, withStayDates } from '@/lib/portal/guest-form/wire';
import { getI18n } from '@/lib/portal/i18n/server';
import { ownerOf } from '@/lib/portal/session/session';
import type { PortalForm } from '@/lib/portal/api/client';

const RETURN = '/aufenthalte/neu';
const DRAFT = 'new';

export async function bookStay(_prev: StayFormState, formData: FormData): Promise<StayFormState> {
  const started = await startFormAction(formData, RETURN, DRAFT);
  if ('failed' in started) return started.failed;
  const { session, posted, config } = started;
  const { m } = await getI18n();
  const objects = objectsOf(config);
  const objekt =
    objects.find((o) => String(o.id) === posted.values.objektId) ??
    (objects.length === 1 ? objects[0] : undefined);
  const gemeinde = objekt ? gemeindeById(config, objekt.gemeindeId) : undefined;
  if (!objekt || !gemeinde) {
    return {
      status: 'invalid',
      message: m.form.errorSummary,
      fieldErrors: { objektId: m.form.validation.object },
      values: posted.values,
      nonce: newNonce(),
    };
  }
  const form = formConfigOf(gemeinde);
  let values = withAllFields({ ...posted.values, objektId: String(objekt.id) }, form);
  if (posted.intent !== 'submit') {
    return { status: 'idle', values: applyIntent(values, posted.intent, form), nonce: newNonce() };
  }
  values = withStayDates(values);
  const sameGemeinde = objects.filter((o) => o.gemeindeId === gemeinde.id).map((o) => String(o.id));
  const invalid = invalidState(values, form, m, { mode: 'new', objektIds: sameGemeinde });
  if (invalid) return invalid;
  if (!can(config, 'meldeschein.add_meldeschein')) {
    return { status: 'error', message: m.apiErrors.permission_denied, values, nonce: newNonce() };
  }

  let booked: PortalForm | undefined;
  const meta = {
    gemeinde: gemeinde.id,
    objekt: objekt.id,
    ...(posted.requestId ? { requestId: posted.requestId, idempotent: true } : {}),
  };
  try {
    [booked] = await session.api.book(meta, [toBookForm(values, form)]);
  } catch (err) {
    // Sent before and booked, but that answer was lost (or a second click): show what was booked.
    [booked] = (await lostBooking(err, session, meta)) ?? [];
    if (!booked) {
      return failedCall(err, started, values, form, m, { returnTo: RETURN, draftKey: DRAFT });
    }
  }
  if (!booked)
    return { status: 'error', message: m.apiErrors.invalid_response, values, nonce: newNonce() };
  await saveForms(ownerOf(session), gemeinde.id, [booked]);
  redirect(`/aufenthalte/${booked.id}?gebucht=1`);
}
