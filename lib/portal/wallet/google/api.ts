import '#server-only'; // also in the Pages Router: see lib/server-only.js
// Google Wallet for the guest card (issue 20): the "Save to Google Wallet" link (a JWT signed
// RS256 with the service account's key, typ savetowallet, carrying the class and the object), and
// updates of saved objects through the REST API (PATCH) with an OAuth token from the same service
// account (JWT bearer grant). Token and API URLs come from configuration, so tests stand in.
import { SignJWT } from 'jose';
import { describeError } from '@/lib/log';
import type { KarteInfo } from '@/lib/wire/kurkarte';
import type { GoogleConfig } from '../config';
import { signingKey as importedKey } from '../keys';
import { genericClass, genericObject } from './object';

const SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';
const SAVE_URL = 'https://pay.google.com/gp/v/save/';

const signingKey = (cfg: GoogleConfig) => importedKey(cfg.privateKey, 'RS256');

export interface GooglePassInput {
  serial: string;
  karte: KarteInfo;
  cancelled: boolean;
}

/**
 * The save link of one card; `origin` is the page that shows the button. Made when the guest
 * follows the card page's button (lib/portal/guest-card/files.ts), after checking the card is not
 * cancelled: Google's save JWT has no documented expiry, so a link made once would create an
 * active pass for as long as anyone keeps it (docs/decisions/017).
 */
export async function saveLink(
  cfg: GoogleConfig,
  origin: string,
  card: GooglePassInput,
): Promise<string> {
  const jwt = await new SignJWT({
    origins: [origin],
    typ: 'savetowallet',
    payload: {
      genericClasses: [genericClass(cfg.issuerId)],
      genericObjects: [genericObject(cfg.issuerId, card.serial, card.karte, card.cancelled)],
    },
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(cfg.clientEmail)
    .setAudience('google')
    .setIssuedAt()
    .sign(await signingKey(cfg));
  return `${SAVE_URL}${jwt}`;
}

let cachedToken: { key: string; token: string; until: number } | undefined;

/** An access token for the Wallet API (kept until a minute before it expires). */
async function accessToken(cfg: GoogleConfig): Promise<string> {
  const key = `${cfg.tokenUrl}|${cfg.clientEmail}`;
  if (cachedToken && cachedToken.key === key && cachedToken.until > Date.now())
    return cachedToken.token;
  const assertion = await new SignJWT({ scope: SCOPE })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(cfg.clientEmail)
    .setAudience(cfg.tokenUrl)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(await signingKey(cfg));
  const res = await fetch(cfg.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion,
    }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`OAuth token endpoint answered ${res.status}`);
  const body = (await res.json()) as { access_token?: unknown; expires_in?: unknown };
  if (typeof body.access_token !== 'string') throw new Error('OAuth answer without access_token');
  const ttl = typeof body.expires_in === 'number' ? body.expires_in : 3600;
  cachedToken = { key, token: body.access_token, until: Date.now() + (ttl - 60) * 1000 };
  return body.access_token;
}

/** One call to the Wallet API with the service account's token; the answer's status. */
async function walletCall(
  cfg: GoogleConfig,
  token: string,
  method: 'PATCH' | 'POST',
  path: string,
  body: unknown,
): Promise<number> {
  const res = await fetch(`${cfg.apiUrl}/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  await res.body?.cancel();
  return res.status;
}

/**
 * A cancelled card nobody saved yet is created INACTIVE: a save page the guest opened before the
 * cancellation and confirms after it then finds the object and adds it as it is (Google does not
 * update an existing object from a save JWT), instead of creating an ACTIVE one. The class is made
 * first where no card of the issuer was ever saved; a save in between (409) is patched instead.
 */
async function insertInactive(
  cfg: GoogleConfig,
  token: string,
  object: ReturnType<typeof genericObject>,
): Promise<number> {
  let status = await walletCall(cfg, token, 'POST', 'genericObject', object);
  if (status === 404) {
    const made = await walletCall(cfg, token, 'POST', 'genericClass', genericClass(cfg.issuerId));
    if (made >= 300 && made !== 409) return made;
    status = await walletCall(cfg, token, 'POST', 'genericObject', object);
  }
  if (status === 409) {
    status = await walletCall(
      cfg,
      token,
      'PATCH',
      `genericObject/${encodeURIComponent(object.id)}`,
      object,
    );
  }
  return status;
}

/**
 * Brings saved objects up to date (a cancelled card becomes INACTIVE). An active card nobody saved
 * is 404 and is left alone; a cancelled one is created INACTIVE (insertInactive). Failures are
 * logged, never thrown: the landlord's edit stands.
 */
export async function patchObjects(cfg: GoogleConfig, cards: GooglePassInput[]): Promise<number> {
  let patched = 0;
  try {
    if (!cards.length) return 0;
    const token = await accessToken(cfg);
    for (const card of cards) {
      const object = genericObject(cfg.issuerId, card.serial, card.karte, card.cancelled);
      const path = `genericObject/${encodeURIComponent(object.id)}`;
      let status = await walletCall(cfg, token, 'PATCH', path, object);
      if (status === 404 && card.cancelled) status = await insertInactive(cfg, token, object);
      if (status < 300) patched++;
      else if (status !== 404) console.warn(`wallet: Google Wallet answered ${status}`);
    }
  } catch (err) {
    console.warn('wallet: Google Wallet update failed', describeError(err));
  }
  return patched;
}
