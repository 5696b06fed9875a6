import { eq } from 'drizzle-orm';
import { env } from '../../env';
import { users } from '../../db/schema';
import { ServiceError } from '../../wire/errors';
import { TokenRefreshRequest, TokenRequest } from '../../wire/token';
import { verifyPassword } from '../accounts/passwords';
import { FailureLimiter } from '../accounts/rate-limit';
import { issueToken } from '../accounts/tokens';
import { findUserByLogin } from '../accounts/users';
import { route } from '../context';

function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

export const loginLimiter = new FailureLimiter(
  () => env().LOGIN_MAX_FAILURES,
  () => env().LOGIN_WINDOW_SECONDS * 1000,
);

/** `POST token/` (spec 4.1): credentials for a JWT. */
export const createToken = route({
  method: 'POST',
  auth: false,
  acceptsFormData: true,
  body: TokenRequest,
  async handle(ctx, body) {
    const keys = [`user:${body.username.toLowerCase()}`];
    // The portal signs every landlord in from this host: counting its address would let ten
    // typos by anyone lock everyone out. Callers on loopback are limited per user name only.
    if (!isLoopback(ctx.clientAddress)) keys.push(`addr:${ctx.clientAddress}`);
    const wait = loginLimiter.retryAfter(keys);
    if (wait > 0) {
      throw new ServiceError(
        'rate_limited',
        `Too many failed sign-in attempts; try again in ${wait} seconds.`,
        [],
        { 'retry-after': String(wait) },
      );
    }
    const user = await findUserByLogin(ctx.db, body.username);
    const ok = await verifyPassword(body.password, user?.passwordHash ?? null);
    if (!user || !ok || !user.isActive) {
      loginLimiter.fail(keys);
      throw new ServiceError('not_authenticated', 'Username or password is wrong.');
    }
    loginLimiter.reset(keys[0]!);
    await ctx.db.update(users).set({ lastLogin: ctx.now }).where(eq(users.id, user.id));
    return { token: await issueToken(user) };
  },
});

/** `POST token/refresh/` (extension): a valid token for a fresh one. */
export const refreshToken = route({
  method: 'POST',
  auth: true,
  body: TokenRefreshRequest,
  async handle(ctx) {
    return { token: await issueToken(ctx.user!) };
  },
});
