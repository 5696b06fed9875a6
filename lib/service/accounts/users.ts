import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { userBeherberger, users } from '../../db/schema';
import { ServiceError } from '../../wire/errors';
import type { AuthUser } from '../context';

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

/** The user behind a verified token; an inactive or deleted user's token stops working. */
export async function loadAuthUser(db: Db, userId: number, username: string): Promise<AuthUser> {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      alias: users.alias,
      isActive: users.isActive,
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
  if (!row || !row.isActive || row.username !== username) {
    throw new ServiceError('token_invalid', 'The token is not valid.');
  }
  return {
    id: row.id,
    username: row.username,
    alias: row.alias,
    permissions: new Set(row.permissions),
    beherbergerIds: row.beherbergerIds.map(Number),
  };
}
