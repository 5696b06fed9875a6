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
import {
  gemeindeConfig,
  recheckedGemeindeConfig,
  type GemeindeConfig,
  type ObjektInfo,
} from './config';
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

/** Whether the caller has an object in the municipality. */
const hasObjectIn = (user: AuthUser, gemeinde: GemeindeConfig | null): gemeinde is GemeindeConfig =>
  gemeinde !== null && user.beherbergerIds.some((b) => gemeinde.landlords.has(b));

/** The object `meta.objekt` when it is the caller's in that municipality. */
const callersObjektIn = (user: AuthUser, gemeinde: GemeindeConfig, objektId: number) => {
  const objekt = gemeinde.objekte.get(objektId);
  return objekt && user.beherbergerIds.includes(objekt.beherbergerId) ? objekt : undefined;
};

/**
 * `meta.gemeinde` when the caller has an object there (and `meta.objekt`, when given, is one of
 * them); 403 otherwise. Before refusing, a kept configuration is read again
 * (recheckedGemeindeConfig): a landlord or object the office just made on another instance books
 * at once, not after the cache's 30 s.
 */
async function callersGemeinde(
  db: Db,
  user: AuthUser,
  id: number,
  objektId?: number,
): Promise<GemeindeConfig> {
  if (id > MAX_ID || user.beherbergerIds.length === 0)
    throw notYours('gemeinde', `Municipality ${id}`);
  const fits = (g: GemeindeConfig | null): g is GemeindeConfig =>
    hasObjectIn(user, g) &&
    (objektId === undefined || callersObjektIn(user, g, objektId) !== undefined);
  const kept = await gemeindeConfig(db, id);
  if (fits(kept)) return kept;
  const fresh = kept ? await recheckedGemeindeConfig(db, id) : null;
  if (fits(fresh)) return fresh;
  // A municipality without any object of the caller is answered like one that does not exist.
  const gemeinde = fresh ?? kept;
  if (!hasObjectIn(user, gemeinde)) throw notYours('gemeinde', `Municipality ${id}`);
  return gemeinde;
}

/** `meta.objekt` (and `meta.vermieter`, when given) of the caller in that municipality; else 403. */
function callersObjekt(
  user: AuthUser,
  gemeinde: GemeindeConfig,
  meta: { objekt: number; vermieter?: number },
): ObjektInfo {
  const objekt = callersObjektIn(user, gemeinde, meta.objekt);
  if (!objekt) throw notYours('objekt', `Object ${meta.objekt} in municipality ${gemeinde.id}`);
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
  const gemeinde = await callersGemeinde(db, user, meta.gemeinde, meta.objekt);
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
  const gemeinde = await callersGemeinde(db, user, meta.gemeinde, meta.objekt);
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
