// Staff TOTP secrets are stored sealed (secret-box.ts), bound to their account. Secrets stored in
// plain text before sealing existed are read once more and rewritten sealed: all of them at start
// (bootstrap), and any one met at sign-in.
import { and, eq, isNotNull, not, like } from 'drizzle-orm';
import type { Db } from '../../db';
import { staffAccounts } from '../../db/schema';
import { isSealed, openSecret, sealSecret } from '../secret-box';

const context = (staffId: number) => `staff:${staffId}:totp`;

export function sealTotpSecret(staffId: number, secret: string): string {
  return sealSecret(secret, context(staffId));
}

/**
 * The account's TOTP secret in plain text, or null (none, or sealed under another key). A plain
 * one is sealed in the database on the way.
 */
export async function totpSecretOf(
  db: Db,
  staff: { id: number; totpSecret: string | null },
): Promise<string | null> {
  const stored = staff.totpSecret;
  if (!stored) return null;
  if (isSealed(stored)) return openSecret(stored, context(staff.id));
  await resealOne(db, staff.id, stored);
  return stored;
}

async function resealOne(db: Db, staffId: number, plain: string): Promise<void> {
  await db
    .update(staffAccounts)
    .set({ totpSecret: sealTotpSecret(staffId, plain) })
    .where(and(eq(staffAccounts.id, staffId), eq(staffAccounts.totpSecret, plain)));
}

/** Seals every secret still stored in plain text; returns how many. */
export async function sealPlainTotpSecrets(db: Db): Promise<number> {
  const rows = await db
    .select({ id: staffAccounts.id, secret: staffAccounts.totpSecret })
    .from(staffAccounts)
    .where(and(isNotNull(staffAccounts.totpSecret), not(like(staffAccounts.totpSecret, 'v1.%'))));
  for (const row of rows) await resealOne(db, row.id, row.secret!);
  return rows.length;
}
