// Who may do what with which form (DECISIONS 2.4). `meta` must name an object of one of the
// caller's landlords and that object's municipality, else 403. A form is visible when its landlord
// is one of the caller's and its municipality is `meta.gemeinde`; anything else is treated exactly
// like a form that does not exist (404), so ids reveal nothing about other landlords' forms.
import type { Db } from '../../db';
import type { Permission } from '../../wire/config';
import { detail, ServiceError } from '../../wire/errors';
import { MAX_ID } from '../../wire/meldeschein';
import type { ListMeta } from '../../wire/meldeschein-list';
import type { RequestMeta } from '../../wire/meta';
import type { AuthUser } from '../context';
import { gemeindeConfig, type GemeindeConfig, type ObjektInfo } from './config';
import { isStorableText } from '../../wire/text';

/** The caller, the municipality and the object a call acts in, all checked. */
export interface FormScope {
  user: AuthUser;
  meta: RequestMeta;
  gemeinde: GemeindeConfig;
  objekt: ObjektInfo;
}

/** `meta.requestId` is stored (idempotency) and echoed: it must be text a database can hold. */
export function checkRequestId(meta: { requestId?: string }): void {
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

const notYours = (field: 'gemeinde' | 'objekt' | 'vermieter', what: string) =>
  new ServiceError('meta_forbidden', `${what} is not available to this account.`, [
    detail(`meta.${field}`, 'not_yours', 'not one of yours'),
  ]);

/** `meta.gemeinde` when the caller has an object there; 403 otherwise. */
async function callersGemeinde(db: Db, user: AuthUser, id: number): Promise<GemeindeConfig> {
  const mine = new Set(user.beherbergerIds);
  const gemeinde = id <= MAX_ID && mine.size ? await gemeindeConfig(db, id) : null;
  // A municipality without any object of the caller is answered like one that does not exist.
  const anyObject = gemeinde !== null && [...mine].some((b) => gemeinde.landlords.has(b));
  if (!gemeinde || !anyObject) throw notYours('gemeinde', `Municipality ${id}`);
  return gemeinde;
}

/** `meta.objekt` (and `meta.vermieter`, when given) of the caller in that municipality; else 403. */
function callersObjekt(
  user: AuthUser,
  gemeinde: GemeindeConfig,
  meta: { objekt: number; vermieter?: number },
): ObjektInfo {
  const objekt = gemeinde.objekte.get(meta.objekt);
  if (!objekt || !user.beherbergerIds.includes(objekt.beherbergerId)) {
    throw notYours('objekt', `Object ${meta.objekt} in municipality ${gemeinde.id}`);
  }
  if (meta.vermieter !== undefined && meta.vermieter !== objekt.beherbergerId) {
    throw new ServiceError(
      'meta_forbidden',
      `meta.vermieter ${meta.vermieter} is not the landlord of object ${meta.objekt}.`,
      [detail('meta.vermieter', 'not_the_landlord', 'not the landlord of meta.objekt')],
    );
  }
  return objekt;
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
  const gemeinde = await callersGemeinde(db, user, meta.gemeinde);
  return { user, meta, gemeinde, objekt: callersObjekt(user, gemeinde, meta) };
}

/** Whose forms in which municipality a call may see (DECISIONS 2.4). */
export type Visible = Pick<FormScope, 'user' | 'gemeinde'>;

/** For `list/` (extension): like resolveScope, with `meta.objekt` optional (checked when given). */
export async function resolveVisible(
  db: Db,
  user: AuthUser,
  meta: ListMeta,
  permission: Permission,
): Promise<Visible> {
  checkRequestId(meta);
  requirePermission(user, permission);
  const gemeinde = await callersGemeinde(db, user, meta.gemeinde);
  if (meta.objekt !== undefined) {
    callersObjekt(user, gemeinde, { objekt: meta.objekt, vermieter: meta.vermieter });
  } else if (meta.vermieter !== undefined && !user.beherbergerIds.includes(meta.vermieter)) {
    throw notYours('vermieter', `Landlord ${meta.vermieter}`);
  }
  return { user, gemeinde };
}

/** The visibility rule as plain values, for the queries that load forms. */
export function visibility(scope: Visible): { gemeindeId: number; beherbergerIds: number[] } {
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
