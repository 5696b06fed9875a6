// The frame of every configuration change (docs/decisions/033): one transaction with its audit
// entry, then the booking cache forgotten here and, on PostgreSQL, on every instance at once
// (lib/service/bookers.ts; the portal's configuration call sees the raised config_version at once).
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { saisonzeiten } from '../../db/schema';
import { announceBookersChange } from '../../service/bookers';
import { recordAudit, type Actor, type AuditAction } from '../audit/audit';
import { ConfigRefused } from './guard';

/**
 * One change of a municipality's configuration: its transaction, its audit entry (for that
 * municipality, also when the change deleted its subject), then the booking cache forgotten
 * everywhere.
 */
export async function change<T>(
  db: Db,
  gemeindeId: number,
  actor: Actor,
  action: AuditAction,
  write: (tx: Db) => Promise<{ result: T; subject: string; details: Record<string, unknown> }>,
): Promise<T> {
  const out = await db.transaction(async (tx) => {
    const { result, subject, details } = await write(tx);
    await recordAudit(tx, actor, action, subject, details, gemeindeId);
    return result;
  });
  await announceBookersChange(db, 'config');
  return out;
}

export const found = <T>(row: T | undefined, what: string): T => {
  if (row === undefined) throw new ConfigRefused('not_found', { what });
  return row;
};

export async function lockSeason(tx: Db, gemeindeId: number, seasonId: number) {
  const [row] = await tx
    .select()
    .from(saisonzeiten)
    .where(and(eq(saisonzeiten.id, seasonId), eq(saisonzeiten.gemeindeId, gemeindeId)))
    .for('update');
  return row;
}
