import '#server-only';
// Signing out ends the session on the server: next-auth's session is a sealed cookie, so a copy
// taken before "Abmelden" would work until it expires. Each session carries a random id (`sid`,
// set at sign-in); signing out records it here and the session layer refuses it from then on.
import { eq, lt } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { portalRevokedSessions } from '@/lib/db/schema';

export async function isRevoked(sessionId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: portalRevokedSessions.sessionId })
    .from(portalRevokedSessions)
    .where(eq(portalRevokedSessions.sessionId, sessionId));
  return row !== undefined;
}

/**
 * Refuses the session from now on. `expiresAt` is when every copy of its cookie expires anyway;
 * rows past that are dropped here, so the table holds only sessions that could still be used.
 */
export async function revokeSession(sessionId: string, expiresAt: Date): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.delete(portalRevokedSessions).where(lt(portalRevokedSessions.expiresAt, new Date()));
    await tx.insert(portalRevokedSessions).values({ sessionId, expiresAt }).onConflictDoNothing();
  });
}
