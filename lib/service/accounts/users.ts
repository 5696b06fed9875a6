import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { userBeherberger, users } from '../../db/schema';
import { processWide } from '../../process-wide';
import { ServiceError } from '../../wire/errors';
import type { AuthUser } from '../context';
import type { TokenClaims } from './tokens';

export type UserRow = typeof users.$inferSelect;

/** A user by username or e-mail address, case-insensitive (spec 4.1). */
export async function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  const needle = login.trim().toLowerCase();
  const rows = await db
    .select()
    .from(users)
    .where(or(eq(sql`lower(${users.username})`, needle), eq(sql`lower(${users.email})`, needle)))
    .limit(2);
  // An e-mail shared by two accounts is ambiguous: only an exact username match logs in then.
  if (rows.length > 1) return rows.find((u) => u.username.toLowerCase() === needle);
  return rows[0];
}

// Every authenticated call needs the user; on a booking that lookup was one of only three database
// round trips. A user found active is remembered for AUTH_CACHE_MS, so a deactivated account's or
// a revoked token keeps working for at most that long (a refused lookup is never remembered).
export const AUTH_CACHE_MS = 5_000;

interface CachedUser {
  user: AuthUser;
  /** Tokens issued up to this moment (ms) are revoked: a password change or deactivation. */
  validAfterMs: number | null;
}
/** Per process, not per module copy: the office's clear must reach the service (process-wide.ts). */
const authCache = processWide(
  'service.auth-users',
  () => new WeakMap<Db, Map<number, { at: number; entry: CachedUser }>>(),
);

/** Forget remembered users at once, in every module copy (tests, in-process admin changes). */
export function clearAuthUserCache(): void {
  authCache.reset();
}

/**
 * The user behind a verified token. The token of an inactive or deleted user, and one issued before
 * the user's last password change or deactivation, stops working. `fresh` skips the cache.
 */
export async function loadAuthUser(
  db: Db,
  claims: TokenClaims,
  opts: { fresh?: boolean } = {},
): Promise<AuthUser> {
  let cache = authCache.get().get(db);
  if (!cache) {
    cache = new Map();
    authCache.get().set(db, cache);
  }
  const hit = cache.get(claims.userId);
  let entry: CachedUser;
  if (!opts.fresh && hit && Date.now() - hit.at < AUTH_CACHE_MS) entry = hit.entry;
  else {
    entry = await queryAuthUser(db, claims.userId);
    cache.set(claims.userId, { at: Date.now(), entry });
  }
  const revoked = entry.validAfterMs !== null && claims.issuedAtMs <= entry.validAfterMs;
  if (entry.user.username !== claims.username || revoked) {
    throw new ServiceError('token_invalid', 'The token is not valid.');
  }
  return entry.user;
}

async function queryAuthUser(db: Db, userId: number): Promise<CachedUser> {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      alias: users.alias,
      isActive: users.isActive,
      tokensValidAfter: users.tokensValidAfter,
      permissions: users.permissions,
      beherbergerIds: sql<
        number[]
      >`coalesce(array_agg(${userBeherberger.beherbergerId}) filter (where ${userBeherberger.beherbergerId} is not null), '{}')`,
    })
    .from(users)
    .leftJoin(userBeherberger, eq(userBeherberger.userId, users.id))
    .where(eq(users.id, userId))
    .groupBy(users.id);
  const row = rows[0];
  if (!row || !row.isActive) throw new ServiceError('token_invalid', 'The token is not valid.');
  return {
    user: {
      id: row.id,
      username: row.username,
      alias: row.alias,
      permissions: new Set(row.permissions),
      beherbergerIds: row.beherbergerIds.map(Number),
    },
    validAfterMs: row.tokensValidAfter?.getTime() ?? null,
  };
}
