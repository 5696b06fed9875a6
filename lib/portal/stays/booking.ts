import 'server-only';
// The one pipeline that books or updates a form, for every caller: a new stay, an edit, a guest's
// check-in after the landlord's review. In order: the object and municipality, the stay-date rule,
// the form's intents (buttons without JavaScript), validation with the municipality's schema, the
// permission, the call with the page's request id (idempotent), recovery when the answer was lost,
// the index row, and the planned stay the form fulfils. The caller decides where to go next.
import type { StayFormState } from '@/lib/portal/guest-form/state';
import { isApiError, type CallMeta, type PortalForm } from '../api/client';
import { describeApiError } from '../api/errors';
import {
  can,
  formConfigOf,
  gemeindeById,
  objectsOf,
  type GemeindeFormConfig,
} from '../config/view';
import { applyIntent, followStayDates } from '../guest-form/intents';
import type { StayValues } from '../guest-form/values';
import { toBookForm, toUpdatePlan, withStayDates } from '../guest-form/wire';
import type { Messages } from '../i18n';
import { ownerOf, type PortalSession } from '../session/session';
import {
  failedCall,
  invalidState,
  keepDraftAndSignIn,
  lostBooking,
  newNonce,
  withAllFields,
  type ActionContext,
} from './form-actions';
import { saveForms } from './forms-index';
import { loadForm, type LoadedForm } from './load-form';
import { linkBookedForm } from './planned-forms';

export type BookingTarget =
  /** A new form; `gemeindeId` keeps the object to one municipality (a check-in's). */
  | { kind: 'new'; gemeindeId?: number; plannedStayId?: string | null }
  | { kind: 'update'; formId: number; plannedStayId?: string | null };

export interface BookingWhere {
  /** The form page, where a refused token brings the landlord back after signing in. */
  returnTo: string;
  draftKey: string;
}

export type BookingOutcome =
  | { done: false; state: StayFormState }
  /** `changed` is false for an update that had nothing to send. */
  | { done: true; form: PortalForm; gemeindeId: number; changed: boolean };

type Step<T> = { ok: true; value: T } | { ok: false; outcome: BookingOutcome };

export async function submitStay(
  ctx: ActionContext & { m: Messages },
  target: BookingTarget,
  where: BookingWhere,
): Promise<BookingOutcome> {
  const resolved =
    target.kind === 'new'
      ? resolveNew(ctx, target.gemeindeId)
      : await resolveUpdate(ctx, target, where);
  if (!resolved.ok) return resolved.outcome;
  const { gemeindeId, objektId, form, loaded } = resolved.value;
  const { session, posted, m } = ctx;

  let values = withAllFields({ ...posted.values, objektId: String(objektId) }, form);
  // The stay-date rule. On an edit a guest who had the old stay dates follows new ones (without
  // JavaScript this is the only place it happens); on a new form a guest left without dates has
  // the stay's when booked (the form shown again after a button keeps them empty, so they follow).
  if (loaded) values = followStayDates(values, stayDatesOf(loaded.form));
  if (posted.intent !== 'submit') {
    const next = applyIntent(values, posted.intent, form);
    return { done: false, state: { status: 'idle', values: next, nonce: newNonce() } };
  }
  if (!loaded) values = withStayDates(values);
  const objektIds = loaded
    ? []
    : objectsOf(ctx.config)
        .filter((o) => o.gemeindeId === gemeindeId)
        .map((o) => String(o.id));
  const invalid = invalidState(values, form, m, { mode: loaded ? 'edit' : 'new', objektIds });
  if (invalid) return { done: false, state: invalid };
  const permission = loaded ? 'meldeschein.change_meldeschein' : 'meldeschein.add_meldeschein';
  if (!can(ctx.config, permission)) return fail(values, m.apiErrors.permission_denied);

  const meta: CallMeta = {
    gemeinde: gemeindeId,
    objekt: objektId,
    ...(posted.requestId ? { requestId: posted.requestId, idempotent: true } : {}),
  };
  const called = loaded
    ? await update(ctx, meta, loaded, values, form, where)
    : await book(ctx, meta, values, form, where);
  if (!called.ok) return called.outcome;
  const { result, changed } = called.value;
  const owner = ownerOf(session);
  await saveForms(owner, gemeindeId, [result]);
  await linkBookedForm(owner, {
    gemeindeId,
    form: result,
    plannedStayId: target.plannedStayId ?? null,
  });
  return { done: true, form: result, gemeindeId, changed };
}

interface Resolved {
  gemeindeId: number;
  objektId: number;
  form: GemeindeFormConfig;
  loaded: LoadedForm | null;
}

function resolveNew(ctx: ActionContext & { m: Messages }, gemeindeId?: number): Step<Resolved> {
  const { posted, config, m } = ctx;
  const objects = objectsOf(config).filter((o) => !gemeindeId || o.gemeindeId === gemeindeId);
  const objekt =
    objects.find((o) => String(o.id) === posted.values.objektId) ??
    (objects.length === 1 ? objects[0] : undefined);
  const gemeinde = objekt ? gemeindeById(config, objekt.gemeindeId) : undefined;
  if (!objekt || !gemeinde) {
    const state: StayFormState = {
      status: 'invalid',
      message: m.form.errorSummary,
      fieldErrors: { objektId: m.form.validation.object },
      values: posted.values,
      nonce: newNonce(),
    };
    return { ok: false, outcome: { done: false, state } };
  }
  const value = { gemeindeId: gemeinde.id, objektId: objekt.id, loaded: null };
  return { ok: true, value: { ...value, form: formConfigOf(gemeinde) } };
}

async function resolveUpdate(
  ctx: ActionContext & { m: Messages },
  target: { formId: number },
  where: BookingWhere,
): Promise<Step<Resolved>> {
  const { session, posted, config, m } = ctx;
  let loaded;
  try {
    loaded = await loadForm(session, config, target.formId);
  } catch (err) {
    if (isApiError(err, 'unauthenticated'))
      await keepDraftAndSignIn(session, posted.values, where.returnTo, where.draftKey);
    if (!isApiError(err)) throw err;
    return { ok: false, outcome: fail(posted.values, describeApiError(err, m)) };
  }
  const gemeinde = loaded ? gemeindeById(config, loaded.gemeindeId) : undefined;
  if (!loaded || !gemeinde)
    return { ok: false, outcome: fail(posted.values, m.apiErrors.not_found) };
  const value = { gemeindeId: gemeinde.id, objektId: loaded.form.objekt_id, loaded };
  return { ok: true, value: { ...value, form: formConfigOf(gemeinde) } };
}

type Called = Step<{ result: PortalForm; changed: boolean }>;

async function book(
  ctx: ActionContext & { m: Messages },
  meta: CallMeta,
  values: StayValues,
  form: GemeindeFormConfig,
  where: BookingWhere,
): Promise<Called> {
  let booked: PortalForm | undefined;
  try {
    [booked] = await ctx.session.api.book(meta, [toBookForm(values, form)]);
  } catch (err) {
    // Sent before and booked, but that answer was lost (or a second click): show what was booked.
    [booked] = (await lostBooking(err, ctx.session, meta)) ?? [];
    if (!booked) {
      const state = await failedCall(err, ctx, values, form, ctx.m, where);
      return { ok: false, outcome: { done: false, state } };
    }
  }
  if (!booked) return { ok: false, outcome: fail(values, ctx.m.apiErrors.invalid_response) };
  return { ok: true, value: { result: booked, changed: true } };
}

async function update(
  ctx: ActionContext & { m: Messages },
  meta: CallMeta,
  loaded: LoadedForm,
  values: StayValues,
  form: GemeindeFormConfig,
  where: BookingWhere,
): Promise<Called> {
  // Only what changed is sent (new guests, changed fields, deletions), so the service's per-guest
  // history stays meaningful (spec 4.3 rule 6).
  const plan = toUpdatePlan(loaded.form, values, form);
  if (plan.empty) return { ok: true, value: { result: loaded.form, changed: false } };
  try {
    return {
      ok: true,
      value: { result: await ctx.session.api.update(meta, plan.form), changed: true },
    };
  } catch (err) {
    const applied = await lostUpdate(err, ctx.session, meta, loaded.form.id);
    if (applied) return { ok: true, value: { result: applied, changed: true } };
    const state = await failedCall(err, ctx, values, form, ctx.m, {
      ...where,
      indexMap: plan.indexMap,
    });
    return { ok: false, outcome: { done: false, state } };
  }
}

/**
 * An update whose answer was lost: the retry is refused as a duplicate. A refused or failed call
 * leaves no key behind (the key is claimed in the call's transaction), and the form page's request
 * id is used by this one update only (success leaves the page), so the refusal means the first
 * call went through: the form is read again and shown as it now is.
 */
async function lostUpdate(
  err: unknown,
  session: PortalSession,
  meta: CallMeta,
  formId: number,
): Promise<PortalForm | null> {
  if (!isApiError(err) || err.code !== 'duplicate_request') return null;
  try {
    const [now] = await session.api.get({ gemeinde: meta.gemeinde, objekt: meta.objekt }, [formId]);
    return now ?? null;
  } catch (again) {
    if (isApiError(again)) return null;
    throw again;
  }
}

function fail(values: StayValues, message: string): BookingOutcome {
  return { done: false, state: { status: 'error', message, values, nonce: newNonce() } };
}

function stayDatesOf(form: PortalForm) {
  return {
    arrival: form.travel_span.arrival_date.slice(0, 10),
    departure: form.travel_span.departure_date.slice(0, 10),
  };
}
