// Staff accounts of the municipality (docs/decisions/030): apart from the landlords' `users`, with
// their own sign-in and second factor. Made by the command line (`npm run admin -- create-staff`)
// for the first account; every change is in the audit log.
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db';
import { gemeinden, staffAccounts } from '../../db/schema';
import { hashPassword } from '../../service/accounts/passwords';
import { recordAudit, type Actor } from '../audit/audit';
import { OFFICE_PERMISSIONS } from './permissions';

export const STAFF_PASSWORD_MIN = 12;

export const StaffInput = z.strictObject({
  username: z
    .string()
    .min(2)
    .max(100)
    .regex(/^[\w.@+-]+$/, 'letters, digits and . @ + - _ only'),
  display_name: z.string().max(200).default(''),
  email: z.email().nullable().default(null),
  permissions: z.array(z.enum(OFFICE_PERMISSIONS)).default([...OFFICE_PERMISSIONS]),
  /** The one municipality the account works for; null: all (the service's operator). */
  gemeinde: z.number().int().positive().max(2147483647).nullable().default(null),
});
export type StaffInput = z.input<typeof StaffInput>;

export type StaffRow = typeof staffAccounts.$inferSelect;

export class StaffInputError extends Error {}

export async function createStaff(
  db: Db,
  input: StaffInput,
  password: string,
  actor: Actor,
): Promise<number> {
  const s = StaffInput.parse(input);
  if (password.length < STAFF_PASSWORD_MIN) {
    throw new StaffInputError(`The password must have at least ${STAFF_PASSWORD_MIN} characters.`);
  }
  if (s.gemeinde !== null) {
    const [g] = await db
      .select({ id: gemeinden.id })
      .from(gemeinden)
      .where(eq(gemeinden.id, s.gemeinde));
    if (!g) throw new StaffInputError(`There is no municipality ${s.gemeinde}.`);
  }
  if (await findStaffByUsername(db, s.username)) {
    throw new StaffInputError(`A staff account "${s.username}" exists already.`);
  }
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(staffAccounts)
      .values({
        username: s.username,
        displayName: s.display_name || s.username,
        email: s.email,
        passwordHash,
        permissions: s.permissions,
        gemeindeId: s.gemeinde,
      })
      .returning({ id: staffAccounts.id });
    await recordAudit(tx, actor, 'staff.create', `staff:${row!.id}`, {
      username: s.username,
      permissions: s.permissions,
      gemeinde: s.gemeinde,
    });
    return row!.id;
  });
}

export async function findStaffByUsername(db: Db, login: string): Promise<StaffRow | undefined> {
  const [row] = await db
    .select()
    .from(staffAccounts)
    .where(eq(sql`lower(${staffAccounts.username})`, login.trim().toLowerCase()));
  return row;
}

export async function findStaffById(db: Db, id: number): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, id));
  return row;
}

/** Signing out ends every session of the account begun up to now (a copied cookie too). */
export async function endStaffSessions(db: Db, staffId: number, now: Date): Promise<void> {
  await db
    .update(staffAccounts)
    .set({ sessionsValidAfter: now })
    .where(eq(staffAccounts.id, staffId));
}
