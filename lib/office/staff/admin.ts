// Staff management in the browser (docs/decisions/032), for accounts with office.manage_staff:
// create (the new member gets a set-password link by mail and enrols the second factor at the
// first sign-in), change rights or municipality, deactivate, reset the second factor. Each change one transaction
// with its audit entry. An account never takes its own management right away nor deactivates
// itself, and no change leaves the office without an active account that can manage staff.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db';
import { gemeinden, staffAccounts, staffRecoveryCodes } from '../../db/schema';
import { hashPassword } from '../../service/accounts/passwords';
import { recordAudit, type Actor } from '../audit/audit';
import { inviteInTransaction } from '../invitations/invitations';
import { FieldError, problemsOf } from '../landlords/edits';
import { revokeLinks } from '../invitations/password-links';
import { OFFICE_PERMISSIONS, type OfficePermission } from './permissions';
import { gemeindeInScope, staffScopeCondition, type Scoped } from './scope';

const MANAGE: OfficePermission = 'office.manage_staff';

export type StaffRefusal = 'not_found' | 'own_right' | 'self' | 'own_gemeinde' | 'last_manager';

export class StaffChangeError extends Error {
  constructor(readonly reason: StaffRefusal) {
    super(reason);
    this.name = 'StaffChangeError';
  }
}

export const NewStaff = z.strictObject({
  username: z
    .string()
    .trim()
    .min(2)
    .max(100)
    .regex(/^[\w.@+-]+$/),
  display_name: z.string().trim().max(200).default(''),
  email: z.email(),
  permissions: z.array(z.enum(OFFICE_PERMISSIONS)),
  /** The one municipality of the new account; null: all (only an unbound manager may). */
  gemeinde: z.number().int().positive().max(2147483647).nullable().default(null),
});
export type NewStaff = z.input<typeof NewStaff>;

export interface StaffListRow {
  id: number;
  username: string;
  displayName: string;
  email: string | null;
  permissions: string[];
  /** The account's municipality (id and name); null: all of them. */
  gemeindeId: number | null;
  gemeinde: string | null;
  isActive: boolean;
  enrolled: boolean;
  lastLogin: Date | null;
}

/** The staff accounts the manager may see: all, or those of its municipality (scope.ts). */
export async function listStaff(db: Db, scope: Scoped): Promise<StaffListRow[]> {
  const rows = await db
    .select({
      id: staffAccounts.id,
      username: staffAccounts.username,
      displayName: staffAccounts.displayName,
      email: staffAccounts.email,
      permissions: staffAccounts.permissions,
      gemeindeId: staffAccounts.gemeindeId,
      gemeinde: gemeinden.alias,
      isActive: staffAccounts.isActive,
      enrolled: sql<boolean>`${staffAccounts.totpSecret} is not null`,
      lastLogin: staffAccounts.lastLogin,
    })
    .from(staffAccounts)
    .leftJoin(gemeinden, eq(gemeinden.id, staffAccounts.gemeindeId))
    .where(staffScopeCondition(scope))
    .orderBy(asc(sql`lower(${staffAccounts.username})`));
  return rows.map((r) => ({ ...r, enrolled: Boolean(r.enrolled) }));
}

/**
 * A new staff account with a password nobody knows, and its set-password mail. A manager bound to
 * a municipality (`scope`) makes accounts of that municipality only: another (or none) is refused
 * as an invalid choice; an unbound manager chooses any municipality or none.
 */
export async function createStaffWithInvitation(
  db: Db,
  input: NewStaff | Record<string, unknown>,
  actor: Actor,
  scope: Scoped,
  lang: 'de' | 'en' = 'de',
): Promise<number> {
  const parsed = NewStaff.safeParse(input);
  if (!parsed.success) throw new FieldError(problemsOf(parsed.error));
  const s = parsed.data;
  if (scope.gemeindeId !== null && s.gemeinde !== scope.gemeindeId) {
    throw new FieldError({ gemeinde: 'invalid' });
  }
  if (s.gemeinde !== null && !(await gemeindeInScope(db, scope, s.gemeinde))) {
    throw new FieldError({ gemeinde: 'invalid' });
  }
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const now = new Date();
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: staffAccounts.id })
      .from(staffAccounts)
      .where(eq(sql`lower(${staffAccounts.username})`, s.username.toLowerCase()));
    if (taken) throw new FieldError({ username: 'taken' });
    const [row] = await tx
      .insert(staffAccounts)
      .values({
        username: s.username,
        displayName: s.display_name || s.username,
        email: s.email,
        passwordHash,
        permissions: [...new Set(s.permissions)].sort(),
        gemeindeId: s.gemeinde,
      })
      .returning({ id: staffAccounts.id });
    const id = row!.id;
    await recordAudit(tx, actor, 'staff.create', `staff:${id}`, {
      username: s.username,
      permissions: s.permissions,
      gemeinde: s.gemeinde,
    });
    await inviteInTransaction(tx, 'staff', id, actor, lang, now);
    return id;
  });
}

/** Locks the active managers' rows and answers their ids (the last-manager rule reads them). */
async function activeManagers(tx: Db): Promise<number[]> {
  const rows = await tx
    .select({ id: staffAccounts.id })
    .from(staffAccounts)
    .where(
      and(eq(staffAccounts.isActive, true), sql`${MANAGE} = any(${staffAccounts.permissions})`),
    )
    .orderBy(asc(staffAccounts.id))
    .for('update');
  return rows.map((r) => r.id);
}

async function lockStaff(tx: Db, id: number) {
  const [row] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, id)).for('update');
  if (!row) throw new StaffChangeError('not_found');
  return row;
}

export async function changeStaffPermissions(
  db: Db,
  id: number,
  permissions: readonly string[],
  actor: Actor,
): Promise<void> {
  const parsed = z.array(z.enum(OFFICE_PERMISSIONS)).safeParse(permissions);
  if (!parsed.success) throw new FieldError({ permissions: 'invalid' });
  const next = [...new Set(parsed.data)].sort();
  await db.transaction(async (tx) => {
    const managers = await activeManagers(tx);
    const before = await lockStaff(tx, id);
    const losesManage = before.permissions.includes(MANAGE) && !next.includes(MANAGE);
    if (losesManage && actor.staffId === id) throw new StaffChangeError('own_right');
    if (losesManage && before.isActive && managers.filter((m) => m !== id).length === 0) {
      throw new StaffChangeError('last_manager');
    }
    if (JSON.stringify([...before.permissions].sort()) === JSON.stringify(next)) return;
    await tx
      .update(staffAccounts)
      .set({ permissions: next, modified: new Date() })
      .where(eq(staffAccounts.id, id));
    await recordAudit(tx, actor, 'staff.update', `staff:${id}`, {
      permissions: next,
      before: before.permissions,
    });
  });
}

/**
 * Binds an account to one municipality, or frees it for all (null). Only an unbound manager moves
 * accounts (a bound one would move them out of its own sight) and never its own. The account's
 * next page already reads the new scope: it is not kept in the session.
 */
export async function changeStaffGemeinde(
  db: Db,
  id: number,
  gemeinde: number | null,
  actor: Actor,
  scope: Scoped,
): Promise<void> {
  if (scope.gemeindeId !== null) throw new FieldError({ gemeinde: 'invalid' });
  if (actor.staffId === id) throw new StaffChangeError('own_gemeinde');
  if (
    gemeinde !== null &&
    !(Number.isSafeInteger(gemeinde) && (await gemeindeInScope(db, scope, gemeinde)))
  ) {
    throw new FieldError({ gemeinde: 'invalid' });
  }
  await db.transaction(async (tx) => {
    const before = await lockStaff(tx, id);
    if (before.gemeindeId === gemeinde) return;
    await tx
      .update(staffAccounts)
      .set({ gemeindeId: gemeinde, modified: new Date() })
      .where(eq(staffAccounts.id, id));
    await recordAudit(tx, actor, 'staff.update', `staff:${id}`, {
      gemeinde,
      before: before.gemeindeId,
    });
  });
}

/** Deactivating ends the account's sessions and revokes its set-password links. */
export async function changeStaffActive(
  db: Db,
  id: number,
  active: boolean,
  actor: Actor,
): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    const managers = await activeManagers(tx);
    const before = await lockStaff(tx, id);
    if (before.isActive === active) return;
    if (!active && actor.staffId === id) throw new StaffChangeError('self');
    if (!active && managers.includes(id) && managers.length === 1) {
      throw new StaffChangeError('last_manager');
    }
    await tx
      .update(staffAccounts)
      .set(
        active
          ? { isActive: true, modified: now }
          : { isActive: false, sessionsValidAfter: now, modified: now },
      )
      .where(eq(staffAccounts.id, id));
    if (!active) await revokeLinks(tx, 'staff', id, now);
    await recordAudit(tx, actor, active ? 'staff.activate' : 'staff.deactivate', `staff:${id}`);
  });
}

/**
 * The second factor is forgotten (secret, last step, recovery codes) and the account's sessions
 * end: at the next sign-in with the password it enrols a new one.
 */
export async function resetSecondFactor(db: Db, id: number, actor: Actor): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    await lockStaff(tx, id);
    await tx
      .update(staffAccounts)
      .set({ totpSecret: null, totpLastStep: null, sessionsValidAfter: now, modified: now })
      .where(eq(staffAccounts.id, id));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, id));
    await recordAudit(tx, actor, 'staff.reset_second_factor', `staff:${id}`);
  });
}
