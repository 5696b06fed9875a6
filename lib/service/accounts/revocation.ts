// A password change or a deactivation revokes every token issued up to that moment (DECISIONS 2.4):
// `users.tokens_valid_after` is compared with each token's issue time (lib/service/accounts/users.ts),
// so running instances refuse old tokens without a token list: at once where the change is
// announced (lib/service/bookers.ts), else within their auth cache (AUTH_CACHE_MS). Re-activating
// an account does not bring its old tokens back.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { users } from '../../db/schema';
import { hashPassword } from './passwords';
import { announceBookersChange } from '../bookers';

const byUsername = (username: string) =>
  eq(sql`lower(${users.username})`, username.trim().toLowerCase());

export async function setPassword(db: Db, username: string, password: string): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  const now = new Date();
  const rows = await db
    .update(users)
    .set({ passwordHash, tokensValidAfter: now, modified: now })
    .where(byUsername(username))
    .returning({ id: users.id });
  await announceBookersChange(db, 'auth');
  return rows.length > 0;
}

/** Deactivate (revoking every token) or re-activate an account; false when there is none. */
export async function setUserActive(db: Db, username: string, active: boolean): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .update(users)
    .set(
      active
        ? { isActive: true, modified: now }
        : { isActive: false, tokensValidAfter: now, modified: now },
    )
    .where(byUsername(username))
    .returning({ id: users.id });
  await announceBookersChange(db, 'auth');
  return rows.length > 0;
}
