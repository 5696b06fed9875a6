// Who may do what with which form (DECISIONS 2.4). `meta` must name an object of one of the
// caller's landlords and that object's municipality, else 403. A form is visible when its landlord
// is one of the caller's and its municipality is `meta.gemeinde`; anything else is treated exactly
// like a form that does not exist (404), so ids reveal nothing about other landlords' forms.
import type { Db } from '../../db';
import type { Permission } from '../../wire/config';
import { detail, ServiceError } from '../../wire/errors';
import { MAX_ID } from '../../wire/meldeschein';
import type { RequestMeta } from '../../wire/meta';
import type { AuthUser } from '../context';
import { gemeindeConfig, type GemeindeConfig, type ObjektInfo } from './config';
import { isStorableText } from './fields';

/** The caller, the municipality and the object a call acts in, all checked. */
export interface FormScope {
  user: AuthUser;
  meta: RequestMeta;
  gemeinde: GemeindeConfig;
  objekt: ObjektInfo;
}

/** `meta.requestId` is stored (idempotency) and echoed: it must be text a database can hold. */
export function checkRequestId(meta: RequestMeta): void {
  if (meta.requestId !== undefined && !isStorableText(meta.requestId)) {
    throw new ServiceError('validation_error', 'meta.requestId contains control characters.', [
      detail('meta.requestId', 'invalid_text', 'contains control characters or broken Unicode'),
    ]);
  }
}

export function requirePermission(user: AuthUser, permission: Permission): void {
  if (!user.permissions.has(permission)) {
    throw new ServiceError(
      'permission_denied',
      `This account lacks the permission ${permission} needed for this call.`,
    );
  }
}

/** Permission, then `meta` (DECISIONS 2.3: both 403, before any id is looked at). */
export async function resolveScope(
  db: Db,
  user: AuthUser,
  meta: RequestMeta,
  permission: Permission,
): Promise<FormScope> {
  checkRequestId(meta);
  requirePermission(user, permission);
  const notYours = (field: 'gemeinde' | 'objekt', what: string) =>
    new ServiceError('meta_forbidden', `${what} is not available to this account.`, [
      detail(`meta.${field}`, 'not_yours', 'not one of yours'),
    ]);
  const mine = new Set(user.beherbergerIds);
  const gemeinde =
    meta.gemeinde <= MAX_ID && mine.size ? await gemeindeConfig(db, meta.gemeinde) : null;
  // A municipality without any object of the caller is answered like one that does not exist.
  const anyObject = gemeinde !== null && [...mine].some((b) => gemeinde.landlords.has(b));
  if (!gemeinde || !anyObject) throw notYours('gemeinde', `Municipality ${meta.gemeinde}`);
  const objekt = gemeinde.objekte.get(meta.objekt);
  if (!objekt || !mine.has(objekt.beherbergerId)) {
    throw notYours('objekt', `Object ${meta.objekt} in municipality ${meta.gemeinde}`);
  }
  if (meta.vermieter !== undefined && meta.vermieter !== objekt.beherbergerId) {
    throw new ServiceError(
      'meta_forbidden',
      `meta.vermieter ${meta.vermieter} is not the landlord of object ${meta.objekt}.`,
      [detail('meta.vermieter', 'not_the_landlord', 'not the landlord of meta.objekt')],
    );
  }
  return { user, meta, gemeinde, objekt };
}

/** The visibility rule as plain values, for the queries that load forms. */
export function visibility(scope: FormScope): { gemeindeId: number; beherbergerIds: number[] } {
  return { gemeindeId: scope.gemeinde.id, beherbergerIds: [...scope.user.beherbergerIds] };
}

/** 404 naming the ids that are unknown or not visible (never saying which of the two). */
export function notFound(ids: number[]): ServiceError {
  const list = [...new Set(ids)];
  return new ServiceError(
    'not_found',
    `No registration form with id ${list.join(', ')} is available to this account.`,
    list.map((id) => detail('meldescheine', 'not_found', `form ${id} not found`, { id })),
  );
}
