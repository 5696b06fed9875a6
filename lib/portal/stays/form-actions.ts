import 'server-only';
// The steps the booking and edit actions share: read the post, keep a draft when the token is
// refused, validate with the municipality's schema, and explain service failures per field.
import { randomUUID } from 'node:crypto';
import { redirect } from 'next/navigation';
import type { StayFormState } from '@/lib/portal/guest-form/state';
import type { CurrentUserResponse } from '@/lib/wire/config';
import { MAX_GUESTS_PER_FORM } from '@/lib/wire/guest-rules';
import { isApiError, type CallMeta, type PortalForm } from '../api/client';
import { describeApiError } from '../api/errors';
import { mapErrorDetails } from '../guest-form/error-details';
import type { GemeindeFormConfig } from '../config/view';
import { saveDraft } from './drafts';
import { readPostedForm, type PostedForm } from '../guest-form/form-data';
import { buildStaySchema, validateStay, type SchemaOptions } from '../guest-form/schema';
import { completeGuest, type StayValues } from '../guest-form/values';
import { servicePaths } from '../guest-form/wire';
import type { Messages } from '../i18n';
import { getI18n } from '../i18n/server';
import { signInRedirect } from '../session/paths';
import { ownerOf, readSession, type PortalSession } from '../session/session';

export const newNonce = () => Date.now() + Math.random();

export function newRequestId(): string {
  return randomUUID();
}

export interface ActionContext {
  session: PortalSession;
  posted: PostedForm;
  config: CurrentUserResponse;
}

/**
 * The session and configuration for a form action. Without a usable token the input is kept as a
 * draft (`draftKey`) and the landlord goes to sign in, coming back to `returnTo?entwurf=1`.
 */
export async function startFormAction(
  formData: FormData,
  returnTo: string,
  draftKey: string,
): Promise<ActionContext | { failed: StayFormState }> {
  const posted = readPostedForm(formData, MAX_GUESTS_PER_FORM);
  const session = await readSession();
  if (!session) redirect(signInRedirect(returnTo));
  if (session.expired) await keepDraftAndSignIn(session, posted.values, returnTo, draftKey);
  try {
    return { session, posted, config: await session.api.currentUser() };
  } catch (err) {
    if (isApiError(err, 'unauthenticated'))
      await keepDraftAndSignIn(session, posted.values, returnTo, draftKey);
    if (!isApiError(err)) throw err;
    const { m } = await getI18n();
    return {
      failed: {
        status: 'error',
        message: describeApiError(err, m),
        values: posted.values,
        nonce: newNonce(),
      },
    };
  }
}

export async function keepDraftAndSignIn(
  session: PortalSession,
  values: StayValues,
  returnTo: string,
  draftKey: string,
): Promise<never> {
  await saveDraft(ownerOf(session), draftKey, values);
  redirect(signInRedirect(`${returnTo}?entwurf=1`, 'SessionExpired'));
}

export function withAllFields(values: StayValues, config: GemeindeFormConfig): StayValues {
  return { ...values, guests: values.guests.map((g) => completeGuest(g, config)) };
}

/** Schema errors as a form state, or null when the values are valid. */
export function invalidState(
  values: StayValues,
  config: GemeindeFormConfig,
  m: Messages,
  opts: SchemaOptions,
): StayFormState | null {
  const fieldErrors = validateStay(buildStaySchema(config, m, opts), values);
  if (!Object.keys(fieldErrors).length) return null;
  return {
    status: 'invalid',
    message: m.form.errorSummary,
    fieldErrors,
    values,
    nonce: newNonce(),
  };
}

/**
 * The forms a booking created when its answer never arrived: the retry (same requestId) is refused
 * as a duplicate and the service names them (DECISIONS 2.9); they are read with `get/`. Null when
 * `err` is no such refusal or the forms cannot be read, so the caller shows the error.
 */
export async function lostBooking(
  err: unknown,
  session: PortalSession,
  meta: CallMeta,
): Promise<PortalForm[] | null> {
  if (!isApiError(err) || err.code !== 'duplicate_request' || !err.forms.length) return null;
  try {
    return await session.api.get({ gemeinde: meta.gemeinde, objekt: meta.objekt }, err.forms);
  } catch (again) {
    if (isApiError(again)) return null;
    throw again;
  }
}

/** A refused call as a form state: headline by error code, details on the fields they name. */
export async function failedCall(
  err: unknown,
  ctx: ActionContext,
  values: StayValues,
  config: GemeindeFormConfig,
  m: Messages,
  where: { returnTo: string; draftKey: string; indexMap?: number[] },
): Promise<StayFormState> {
  if (isApiError(err, 'unauthenticated'))
    await keepDraftAndSignIn(ctx.session, values, where.returnTo, where.draftKey);
  if (!isApiError(err)) throw err;
  const mapped = mapErrorDetails(err.details, servicePaths(config, where.indexMap), m);
  return {
    status: 'error',
    message: describeApiError(err, m),
    fieldErrors: mapped.fieldErrors,
    details: mapped.other,
    values,
    nonce: newNonce(),
  };
}
