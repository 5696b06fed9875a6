// Which municipalities a staff account works for (docs/decisions/030, staff per municipality): a
// bound account (`staff_accounts.gemeinde_id`) one, an unbound one (the service's operator) all.
// Every page, route and action of the office asks here before it lists, reads or changes
// anything of a municipality; a landlord, object, account, staff member or municipality outside
// the account's scope answers exactly as an unknown id does (the same 404 or "not found"), so a
// bound account learns nothing of the others.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db';
import {
  beherberger,
  gemeinden,
  objekte,
  staffAccounts,
  userBeherberger,
  users,
} from '../../db/schema';

/** The part of a staff account the scope needs (a session's `Staff` or a staff row). */
export interface Scoped {
  gemeindeId: number | null;
}

export interface GemeindeRef {
  id: number;
  alias: string;
}

const validId = (id: number) => Number.isInteger(id) && id > 0 && id < 2 ** 31;

/** The municipalities the account works for, by name: all of them, or its one. */
export async function staffGemeinden(db: Db, staff: Scoped): Promise<GemeindeRef[]> {
  return db
    .select({ id: gemeinden.id, alias: gemeinden.alias })
    .from(gemeinden)
    .where(staff.gemeindeId === null ? undefined : eq(gemeinden.id, staff.gemeindeId))
    .orderBy(asc(gemeinden.alias), asc(gemeinden.id));
}

/** Their ids, for queries that take a list (figures, billing). */
export async function staffGemeindeIds(db: Db, staff: Scoped): Promise<number[]> {
  return (await staffGemeinden(db, staff)).map((g) => g.id);
}

/** The account may work on this municipality (an unknown id never). */
export async function gemeindeInScope(db: Db, staff: Scoped, id: number): Promise<boolean> {
  if (!validId(id)) return false;
  if (staff.gemeindeId !== null && staff.gemeindeId !== id) return false;
  const [g] = await db.select({ id: gemeinden.id }).from(gemeinden).where(eq(gemeinden.id, id));
  return g !== undefined;
}

/**
 * The landlord exists and belongs to the account's municipalities. A landlord never changes its
 * municipality (the office's edit leaves it out), so the answer holds for the write after it.
 */
export async function landlordInScope(db: Db, staff: Scoped, id: number): Promise<boolean> {
  if (!validId(id)) return false;
  const [row] = await db
    .select({ gemeindeId: beherberger.gemeindeId })
    .from(beherberger)
    .where(eq(beherberger.id, id));
  return row !== undefined && (staff.gemeindeId === null || row.gemeindeId === staff.gemeindeId);
}

/** The object exists and its landlord belongs to the account's municipalities. */
export async function objektInScope(db: Db, staff: Scoped, id: number): Promise<boolean> {
  if (!validId(id)) return false;
  const [row] = await db
    .select({ gemeindeId: beherberger.gemeindeId })
    .from(objekte)
    .innerJoin(beherberger, eq(beherberger.id, objekte.beherbergerId))
    .where(eq(objekte.id, id));
  return row !== undefined && (staff.gemeindeId === null || row.gemeindeId === staff.gemeindeId);
}

/**
 * A landlord's account is in scope when it exists and, for a bound staff account, every landlord
 * it works for is of that municipality (an account shared with another municipality's landlord is
 * left to the operator: changing it would change what the other municipality's landlord sees).
 */
export async function userInScope(db: Db, staff: Scoped, id: number): Promise<boolean> {
  if (!validId(id)) return false;
  const rows = await db
    .select({ gemeindeId: beherberger.gemeindeId })
    .from(userBeherberger)
    .innerJoin(beherberger, eq(beherberger.id, userBeherberger.beherbergerId))
    .where(eq(userBeherberger.userId, id));
  if (staff.gemeindeId === null) {
    if (rows.length > 0) return true;
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
    return u !== undefined;
  }
  return rows.length > 0 && rows.every((r) => r.gemeindeId === staff.gemeindeId);
}

/**
 * A staff account another may see and manage: an unbound account every one, a bound account
 * only those bound to its own municipality (never the operator's unbound accounts).
 */
export async function staffInScope(db: Db, staff: Scoped, id: number): Promise<boolean> {
  if (!validId(id)) return false;
  const [row] = await db
    .select({ gemeindeId: staffAccounts.gemeindeId })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, id));
  return row !== undefined && (staff.gemeindeId === null || row.gemeindeId === staff.gemeindeId);
}

/** A where-condition on `staff_accounts`: the accounts the staff member may see. */
export function staffScopeCondition(staff: Scoped) {
  return staff.gemeindeId === null ? undefined : eq(staffAccounts.gemeindeId, staff.gemeindeId);
}

/** A where-condition on `beherberger`: the landlords the staff member may see. */
export function landlordScopeCondition(staff: Scoped) {
  return staff.gemeindeId === null ? undefined : eq(beherberger.gemeindeId, staff.gemeindeId);
}
