// `stornieren` (spec 4.7): every named form becomes cancelled, whatever its state; cancelling a
// cancelled form again is no error. All or nothing: one id that is unknown or not visible is a
// 404 and nothing changes.
import { and, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db';
import { meldescheine } from '../../db/schema';
import type { FormIdsRequest } from '../../wire/meldeschein';
import type { AuthUser } from '../context';
import { resolveScope } from './access';
import { claimRequestId } from './idempotency';
import { loadVisibleForms } from './load';
import { checkIdCount } from './read';

/** Cancel the forms of a `stornieren` request; returns the ids as given. */
export async function cancelForms(
  db: Db,
  user: AuthUser,
  request: FormIdsRequest,
  now: Date,
): Promise<number[]> {
  const scope = await resolveScope(db, user, request.meta, 'meldeschein.storno_meldeschein');
  const ids = request.meldescheine;
  checkIdCount(ids);
  await db.transaction(async (tx) => {
    await loadVisibleForms(tx, scope, ids, { lock: true, guests: false });
    await claimRequestId(tx, scope.user, scope.meta);
    await tx
      .update(meldescheine)
      .set({ state: 'cancelled', modified: now })
      .where(and(inArray(meldescheine.id, [...new Set(ids)]), ne(meldescheine.state, 'cancelled')));
  });
  return ids;
}
