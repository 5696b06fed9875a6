// JWT HS256 via jose (DECISIONS 2.4). Only HS256 with our issuer is accepted: `alg: none`,
// other algorithms, tampered signatures and other systems' tokens are all refused.
import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { env, secret } from '../../env';
import { ServiceError } from '../../wire/errors';

let key: KeyObject | undefined;
/** Imported once: jose would otherwise import raw key bytes again on every sign and verify. */
function signingKey(): KeyObject {
  key ??= createSecretKey(Buffer.from(secret('JWT_SECRET'), 'utf8'));
  return key;
}

/**
 * `iat_ms`: the issue time in milliseconds. `iat` has whole seconds, too coarse to tell a token
 * issued just before a password change from one issued just after it in the same second.
 */
const ISSUED_MS = 'iat_ms';

export async function issueToken(user: { id: number; username: string }): Promise<string> {
  const e = env();
  const now = Date.now();
  return new SignJWT({ username: user.username, [ISSUED_MS]: now })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(user.id))
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(`${e.JWT_TTL_SECONDS}s`)
    .setJti(randomUUID())
    .setIssuer(e.SYSTEM_ID)
    .sign(signingKey());
}

export interface TokenClaims {
  userId: number;
  username: string;
  /** When the token was issued, in ms (tokens without `iat_ms`: the start of their `iat` second). */
  issuedAtMs: number;
}

/**
 * Tokens whose signature and claims were verified, by their exact text. A client sends the same
 * token for hours, and HS256 through jose's WebCrypto costs about a tenth of a booking's CPU
 * (docs/performance.md). Only that check is remembered: expiry is checked on every use, and
 * revocation (password change, deactivation) belongs to the user record (loadAuthUser).
 */
const verified = new Map<string, { claims: TokenClaims; expiresMs: number }>();
const VERIFIED_MAX = 10_000;

export async function verifyToken(token: string, now = Date.now()): Promise<TokenClaims> {
  const known = verified.get(token);
  if (known) {
    if (now < known.expiresMs) return known.claims;
    verified.delete(token);
    throw expired();
  }
  const { claims, expiresMs } = await verifySignedToken(token);
  if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
  verified.set(token, { claims, expiresMs });
  return claims;
}

const expired = () =>
  new ServiceError('token_expired', 'The token has expired; request a new one at token/.');

async function verifySignedToken(token: string) {
  try {
    const { payload } = await jwtVerify(token, signingKey(), {
      algorithms: ['HS256'],
      issuer: env().SYSTEM_ID,
      requiredClaims: ['sub', 'exp', 'iat', 'jti'],
    });
    const userId = Number(payload.sub);
    const issuedMs = payload[ISSUED_MS] ?? payload.iat! * 1000;
    if (
      !Number.isSafeInteger(userId) ||
      typeof payload.username !== 'string' ||
      typeof issuedMs !== 'number'
    ) {
      throw new ServiceError('token_invalid', 'The token is not valid.');
    }
    return {
      claims: { userId, username: payload.username, issuedAtMs: issuedMs },
      expiresMs: payload.exp! * 1000,
    };
  } catch (err) {
    if (err instanceof ServiceError) throw err;
    if (err instanceof errors.JWTExpired) throw expired();
    throw new ServiceError('token_invalid', 'The token is not valid.');
  }
}

/** The token of a request: `Authorization: JWT <token>` or `?jwt=<token>` (spec 5.2). */
export function tokenFromRequest(
  request: { headers: { get(name: string): string | null } },
  url: URL,
): string {
  const header = request.headers.get('authorization');
  if (header) {
    const [scheme, value, ...rest] = header.trim().split(/\s+/);
    if (scheme === 'JWT' && value && rest.length === 0) return value;
    if (scheme?.toLowerCase() === 'bearer') {
      throw new ServiceError(
        'not_authenticated',
        'Send the token as "Authorization: JWT <token>" (not "Bearer").',
      );
    }
    throw new ServiceError('not_authenticated', 'The Authorization header must be "JWT <token>".');
  }
  const fromQuery = url.searchParams.get('jwt');
  if (fromQuery) return fromQuery;
  throw new ServiceError(
    'not_authenticated',
    'No token: send "Authorization: JWT <token>" or ?jwt=<token>. Get one at token/.',
  );
}
