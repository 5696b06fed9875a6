// `token/` as a domain function: the failed-sign-in budgets are reserved before the password is
// checked, the check itself runs in a bounded slot (docs/decisions/010).
import { BlockList, isIP } from 'node:net';
import { eq } from 'drizzle-orm';
import { addressBucket } from '../../client-address';
import type { Db } from '../../db';
import { users } from '../../db/schema';
import { env } from '../../env';
import { ServiceError } from '../../wire/errors';
import { inPasswordSlot } from './check-slots';
import { verifyPassword } from './passwords';
import { isPublishedDemoLogin } from '../provisioning/demo-accounts';
import { releaseAttempt, reserveAttempt, type Budget } from './rate-limit';
import { issueToken } from './tokens';
import { findUserByLogin } from './users';

export interface SignInAttempt {
  login: string;
  password: string;
  /** The client's address (pipeline: the peer, or the address a trusted proxy forwarded). */
  address: string;
  now: Date;
}

/** A token for the credentials, or `401`, `429` (budget spent) or `503` (too many checks at once). */
export async function signIn(db: Db, attempt: SignInAttempt): Promise<string> {
  return issueToken(await verifyCredentials(db, attempt));
}

/**
 * The account the credentials open, under the same budgets, bounded checks and rules as `token/`
 * (the AVS face's HTTP Basic sign-in uses it too); `401`, `429` or `503` otherwise.
 */
export async function verifyCredentials(db: Db, attempt: SignInAttempt) {
  const user = await inPasswordSlot(() => checkCredentials(db, attempt));
  await db.update(users).set({ lastLogin: attempt.now }).where(eq(users.id, user.id));
  return user;
}

/**
 * A published demo password opens its account only from this machine, unless the operator asked
 * for the demo data (SEED_DEMO=1): an embedded database loads it on its own at the first start,
 * also on a server others can reach, and the passwords stand in the README (docs/decisions/012).
 */
function demoLoginAllowed(username: string, password: string, address: string): boolean {
  if (!isPublishedDemoLogin(username, password)) return true;
  return env().SEED_DEMO === '1' || isLoopback(address);
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

function isLoopback(address: string): boolean {
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const a = v4 ?? address;
  const family = isIP(a);
  return family !== 0 && LOOPBACK.check(a, family === 6 ? 'ipv6' : 'ipv4');
}

/** IPv4 clients are counted per address, IPv6 clients per /64 (lib/client-address.ts). */
export function addressKey(address: string): string {
  return `address:${addressBucket(address)}`;
}

/**
 * The budgets an attempt spends. Per account and address the ceiling is low: a guesser at one
 * address is stopped after a few tries, and a stranger's guessing leaves the landlord's own
 * address untouched. Per account a much higher ceiling still bounds guessing spread over many
 * addresses (OWASP's advice); per address one bounds a guesser trying many accounts.
 */
export function signInBudgets(subject: string, address: string): Budget[] {
  const e = env();
  const from = addressKey(address);
  return [
    { key: `${subject}|${from}`, max: e.LOGIN_MAX_FAILURES },
    { key: subject, max: e.LOGIN_MAX_ACCOUNT_FAILURES },
    { key: from, max: e.LOGIN_MAX_ADDRESS_FAILURES },
  ];
}

async function checkCredentials(db: Db, { login, password, address, now }: SignInAttempt) {
  const user = await findUserByLogin(db, login);
  // An account's user name and e-mail address share one budget; an unknown name has its own.
  const subject = user ? `account:${user.id}` : `name:${login.trim().toLowerCase()}`;
  const outcome = await reserveAttempt(db, signInBudgets(subject, address), now);
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
  if (!demoLoginAllowed(user.username, password, address)) {
    throw new ServiceError(
      'not_authenticated',
      'Demo accounts accept sign-in only from this machine (SEED_DEMO=1 opens them to others).',
    );
  }
  await releaseAttempt(db, outcome.reservation);
  return user;
}
