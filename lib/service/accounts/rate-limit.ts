// Failed sign-ins per key (DECISIONS 2.4, docs/decisions/010), counted in the database so that
// every instance on it shares one budget. An attempt is reserved before its password check by one
// upsert per call: 100 parallel guesses on a key get the counts 1..100 and only the first `max`
// are checked. A successful check gives its reservation back.
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { loginFailures } from '../../db/schema';
import { env } from '../../env';

/** A budget: its key and how many failures a window allows on it. */
export interface Budget {
  key: string;
  max: number;
}

export interface Reservation {
  keys: { key: string; windowStart: Date }[];
}

export type ReserveOutcome =
  { allowed: true; reservation: Reservation } | { allowed: false; retryAfterSeconds: number };

const windowMs = () => env().LOGIN_WINDOW_SECONDS * 1000;

/**
 * Count one attempt against every budget. A window starts at a key's first failure and lasts
 * LOGIN_WINDOW_SECONDS; an attempt beyond a budget's `max` in it is refused unchecked.
 */
export async function reserveAttempt(
  db: Db,
  budgets: Budget[],
  now: Date,
): Promise<ReserveOutcome> {
  const max = new Map<string, number>();
  for (const b of budgets) max.set(b.key, Math.min(b.max, max.get(b.key) ?? Infinity));
  // Sorted, so two parallel statements lock shared rows in one order (no deadlock on PostgreSQL).
  const unique = [...max.keys()].sort();
  const expired = sql`${loginFailures.windowStart} <= ${new Date(now.getTime() - windowMs()).toISOString()}::timestamptz`;
  const rows = await db
    .insert(loginFailures)
    .values(unique.map((key) => ({ key, failures: 1, windowStart: now })))
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        failures: sql`case when ${expired} then 1 else ${loginFailures.failures} + 1 end`,
        windowStart: sql`case when ${expired} then excluded.window_start else ${loginFailures.windowStart} end`,
      },
    })
    .returning();
  const reservation = { keys: rows.map((r) => ({ key: r.key, windowStart: r.windowStart })) };
  const over = rows.filter((r) => r.failures > max.get(r.key)!);
  if (over.length === 0) return { allowed: true, reservation };
  // A refused attempt checks nothing, so it counts against nothing.
  await releaseAttempt(db, reservation);
  const until = Math.max(...over.map((r) => r.windowStart.getTime() + windowMs()));
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((until - now.getTime()) / 1000)),
  };
}

/**
 * Give a reservation back (the check succeeded, or never ran). The rows are locked in key order
 * first, as the reservation's upsert takes them: an update alone takes them in the order of the
 * table's heap, which updates keep changing, and two parallel attempts then deadlocked on
 * PostgreSQL (seen with the three budgets of a second-factor attempt).
 */
export async function releaseAttempt(db: Db, reservation: Reservation): Promise<void> {
  if (reservation.keys.length === 0) return;
  const ours = or(
    ...reservation.keys.map((k) =>
      and(eq(loginFailures.key, k.key), eq(loginFailures.windowStart, k.windowStart)),
    ),
  );
  await db
    .update(loginFailures)
    .set({ failures: sql`greatest(${loginFailures.failures} - 1, 0)` })
    .where(
      inArray(
        loginFailures.key,
        db
          .select({ key: loginFailures.key })
          .from(loginFailures)
          .where(ours)
          .orderBy(loginFailures.key)
          .for('update'),
      ),
    );
}

/** Forget windows that have ended (run with the state jobs). */
export async function purgeLoginFailures(db: Db, now = new Date()): Promise<void> {
  await db
    .delete(loginFailures)
    .where(lt(loginFailures.windowStart, new Date(now.getTime() - windowMs())));
}
