// HTTP Basic sign-in of the AVS face (docs/avs.md): every request carries the password, so a
// checked pair is remembered for a while, as a verified token is: under a keyed hash, never in
// clear, with the time it was checked, and for the address it was checked from (a published demo
// password opens only from this machine; a pair checked here must not open it from elsewhere). A
// remembered pair stands for a token issued at that time: the account's revocation (password
// change, deactivation) refuses it like a token issued before, and it is checked in full again. A wrong password is never remembered, so every guess spends
// the same budgets as at `token/` (docs/decisions/010).
import { hash, randomBytes } from 'node:crypto';
import type { Db } from '../../db';
import { processWide } from '../../process-wide';
import { ServiceError } from '../../wire/errors';
import type { AuthUser } from '../context';
import { verifyCredentials } from './sign-in';
import { loadAuthUser } from './users';

/** How long a checked pair is remembered; after that the password is checked again. */
export const BASIC_TTL_MS = 10 * 60 * 1000;
const MAX_REMEMBERED = 10_000;

interface Remembered {
  userId: number;
  username: string;
  checkedMs: number;
}
const state = processWide('service.basic-credentials', () => ({
  key: randomBytes(32).toString('base64'),
  pairs: new Map<string, Remembered>(),
}));

export interface BasicCredentials {
  login: string;
  password: string;
}

const missing = () =>
  new ServiceError(
    'not_authenticated',
    'Send the account\u2019s user name and password by HTTP Basic.',
  );

/** The user name and password of an `Authorization: Basic …` header. */
export function basicCredentials(header: string | null): BasicCredentials {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!m) throw missing();
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) throw missing();
  return { login: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** Forget every remembered pair (tests; an operator's change is covered by revocation). */
export function forgetBasicCredentials(): void {
  state.get().pairs.clear();
}

/** The account of a Basic header; `401`, `429` or `503` as at `token/`. */
export async function basicAuthUser(
  db: Db,
  credentials: BasicCredentials,
  address: string,
  now: Date,
): Promise<AuthUser> {
  const { key, pairs } = state.get();
  // SHA-256 of the secret key and the pair, one call: an HMAC object per request cost 5-40 µs
  // (more in a loaded server), this under 1 µs. Only this process ever sees a digest, so the
  // key prefix keeps it from being computed elsewhere. The login's length and the NULs keep the
  // parts apart (a login or password may hold a NUL, an address never).
  const { login, password } = credentials;
  const digest = hash(
    'sha256',
    `${key}\0${login.length}\0${login}\0${password}\0${address}`,
    'base64url',
  );
  const hit = pairs.get(digest);
  if (hit && Date.now() - hit.checkedMs < BASIC_TTL_MS) {
    try {
      return await loadAuthUser(db, { ...hit, issuedAtMs: hit.checkedMs });
    } catch (err) {
      if (!(err instanceof ServiceError)) throw err;
      pairs.delete(digest);
    }
  }
  const user = await verifyCredentials(db, { ...credentials, address, now });
  const remembered = { userId: user.id, username: user.username, checkedMs: Date.now() };
  if (pairs.size >= MAX_REMEMBERED) pairs.delete(pairs.keys().next().value!);
  pairs.set(digest, remembered);
  return loadAuthUser(db, { ...remembered, issuedAtMs: remembered.checkedMs }, { fresh: true });
}
