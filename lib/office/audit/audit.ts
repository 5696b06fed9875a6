// The audit log of staff changes (docs/decisions/030): written in the transaction of the change it
// records, so a change without its entry (or an entry without its change) cannot happen. Details
// carry ids and changed field names or values of landlords, objects and accounts; never guest data
// (the office does not change forms).
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { staffAudit } from '../../db/schema';

/** Who acts: a signed-in staff account, or the command line. */
export interface Actor {
  staffId: number | null;
  name: string;
}

export const CLI_ACTOR: Actor = { staffId: null, name: 'cli' };

export type AuditAction =
  | 'staff.create'
  | 'staff.enrol_second_factor'
  | 'staff.recovery_code_used'
  | 'staff.update'
  | 'staff.deactivate'
  | 'staff.activate'
  | 'staff.reset_second_factor'
  | 'staff.invite'
  | 'staff.password_set_by_link'
  | 'beherberger.create'
  | 'beherberger.update'
  | 'beherberger.deactivate'
  | 'beherberger.activate'
  | 'objekt.create'
  | 'objekt.update'
  | 'objekt.deactivate'
  | 'objekt.activate'
  | 'user.create'
  | 'user.deactivate'
  | 'user.activate'
  | 'user.update'
  | 'user.invite'
  | 'user.password_set_by_link'
  | 'tarifzone.create'
  | 'tarifzone.update'
  | 'tarifzone.delete'
  | 'saison.create'
  | 'saison.update'
  | 'saison.delete'
  | 'tarif.create'
  | 'tarif.update'
  | 'tarif.delete'
  | 'rate.set'
  | 'rate.delete'
  | 'field.create'
  | 'field.update'
  | 'field.delete'
  | 'inspection.export'
  | 'billing.mark_billed';

/**
 * Writes an entry in the change's transaction, with the municipality it concerns: `gemeinde` when
 * the caller names it (a billing's, a deleted zone's), else the subject's as the tables say at this
 * moment (the database's `staff_audit_gemeinde`, migration 0029): a landlord's, its objects' and
 * accounts', a staff account's, a configuration row's. It stays with the entry when the subject or
 * the actor later moves to another municipality.
 */
export async function recordAudit(
  tx: Db,
  actor: Actor,
  action: AuditAction,
  subject: string,
  details: Record<string, unknown> = {},
  gemeinde?: number | null,
): Promise<void> {
  await tx.insert(staffAudit).values({
    staffId: actor.staffId,
    actor: actor.name,
    action,
    subject,
    details,
    gemeindeId: gemeinde === undefined ? sql`staff_audit_gemeinde(${subject})` : gemeinde,
  });
}

export type AuditEntry = typeof staffAudit.$inferSelect;

/**
 * Newest first, one page at a time. A staff account bound to a municipality sees the entries that
 * concern it, whoever wrote them; entries of no single municipality (an unbound staff account, a
 * landlord's account working in several) are seen by unbound accounts only.
 */
export async function listAudit(
  db: Db,
  { limit, offset, scope }: { limit: number; offset: number; scope: { gemeindeId: number | null } },
): Promise<{ entries: AuditEntry[]; total: number }> {
  const where = scope.gemeindeId === null ? undefined : eq(staffAudit.gemeindeId, scope.gemeindeId);
  const [entries, [totals]] = await Promise.all([
    db
      .select()
      .from(staffAudit)
      .where(where)
      .orderBy(desc(staffAudit.at), desc(staffAudit.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(staffAudit).where(where),
  ]);
  return { entries, total: totals?.total ?? 0 };
}
