// `get` (spec 4.4): complete forms in the order of the ids. A form whose guests have all left is
// answered as departed and stored so (DECISIONS 2.5). With `meta.idempotent` the request id is
// claimed in a transaction like any other call (DECISIONS 2.9).
import type { Db } from '../../db';
import { detail, ServiceError } from '../../wire/errors';
import { MAX_IDS_PER_CALL, type FormIdsRequest, type FormResponse } from '../../wire/meldeschein';
import type { AuthUser } from '../context';
import { resolveScope, type Visible } from './access';
import { formResponse, type StoredForm } from './form-wire';
import { tooMany } from './guests';
import { claimRequestId } from './idempotency';
import { loadVisibleForms } from './load';
import { berlinDate } from './stamps';
import { departForms, lagging } from './states';

export function checkIdCount(ids: number[], max = MAX_IDS_PER_CALL): void {
  if (ids.length > max) throw tooMany('form ids', max, 'meldescheine');
  if (!ids.length) {
    throw new ServiceError('validation_error', 'At least one form id is required.', [
      detail('meldescheine', 'too_small', 'at least one id is required', { min: 1 }),
    ]);
  }
}

/**
 * Visible forms by id (404 for any other), with stored states brought up to date. For callers
 * that need the forms themselves (the guest-card PDF), not their wire shape.
 */
export async function loadForms(
  db: Db,
  scope: Visible,
  ids: number[],
  now: Date,
): Promise<StoredForm[]> {
  const forms = await loadVisibleForms(db, scope, ids);
  const stale = lagging(
    forms.map((f) => f.row),
    berlinDate(now),
  );
  if (stale.length) await departForms(db, [...new Set(stale)], now);
  return forms;
}

/** The complete forms of a `get` request, in the order of the ids. */
export async function readForms(
  db: Db,
  user: AuthUser,
  request: FormIdsRequest,
  now: Date,
): Promise<FormResponse[]> {
  const scope = await resolveScope(db, user, request.meta, 'meldeschein.view_meldeschein');
  const ids = request.meldescheine;
  checkIdCount(ids);
  const today = berlinDate(now);
  const forms = scope.meta.idempotent
    ? await db.transaction(async (tx) => {
        const loaded = await loadForms(tx, scope, ids, now);
        await claimRequestId(tx, scope.user, scope.meta);
        return loaded;
      })
    : await loadForms(db, scope, ids, now);
  return forms.map((f) => formResponse(f, today));
}
