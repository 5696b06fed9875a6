// `token/` as a domain function: the account's and the address's failed-sign-in budgets are
// reserved before the password is checked, the check itself runs in a bounded slot.
import { eq } from 'drizzle-orm';
import { addressBucket } from '../../client-address';
import type { Db } from '../../db';
import { users } from '../../db/schema';
import { env } from '../../env';
import { ServiceError } from '../../wire/errors';
import { CheckSlots } from './check-slots';
import { verifyPassword } from './passwords';
import { releaseAttempt, reserveAttempt } from './rate-limit';
import { issueToken } from './tokens';
import { findUserByLogin } from './users';

const slots = new CheckSlots({
  capacity: () => env().LOGIN_MAX_CONCURRENT,
  queueLength: () => env().LOGIN_MAX_CONCURRENT * 8,
  // As long as Retry-After asks a well-behaved client to wait anyway.
  holdMs: 1000,
  // Well below the 1,024 open files a process is commonly allowed (ulimit -n).
  maxHeld: 256,
});

export interface SignInAttempt {
  login: string;
  password: string;
  /** The client's address (pipeline: the peer, or the address a trusted proxy forwarded). */
  address: string;
  now: Date;
}

/** A token for the credentials, or `401`, `429` (budget spent) or `503` (too many checks at once). */
export async function signIn(db: Db, attempt: SignInAttempt): Promise<string> {
  const user = await slots.run(() => checkCredentials(db, attempt));
  await db.update(users).set({ lastLogin: attempt.now }).where(eq(users.id, user.id));
  return issueToken(user);
}

/** IPv4 clients are counted per address, IPv6 clients per /64 (lib/client-address.ts). */
export function addressKey(address: string): string {
  return `address:${addressBucket(address)}`;
}

async function checkCredentials(db: Db, { login, password, address, now }: SignInAttempt) {
  const user = await findUserByLogin(db, login);
  // An account's user name and e-mail address share one budget; an unknown name has its own.
  const subject = user ? `account:${user.id}` : `name:${login.trim().toLowerCase()}`;
  const outcome = await reserveAttempt(db, [subject, addressKey(address)], now);
  if (!outcome.allowed) {
    const wait = outcome.retryAfterSeconds;
    throw new ServiceError(
      'rate_limited',
      `Too many failed sign-in attempts; try again in ${wait} seconds.`,
      [],
      { 'retry-after': String(wait) },
    );
  }
  const ok = await verifyPassword(password, user?.passwordHash ?? null);
  if (!user || !ok || !user.isActive) {
    throw new ServiceError('not_authenticated', 'Username or password is wrong.');
  }
  await releaseAttempt(db, outcome.reservation);
  return user;
}
