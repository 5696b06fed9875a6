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
import { genericClass, genericObject, objectId } from './object';

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

/**
 * Brings saved objects up to date (a cancelled card becomes INACTIVE). An object nobody saved is
 * 404 and is left alone; failures are logged, never thrown: the landlord's edit stands.
 */
export async function patchObjects(cfg: GoogleConfig, cards: GooglePassInput[]): Promise<number> {
  let patched = 0;
  try {
    if (!cards.length) return 0;
    const token = await accessToken(cfg);
    for (const card of cards) {
      const id = objectId(cfg.issuerId, card.serial);
      const res = await fetch(`${cfg.apiUrl}/genericObject/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(genericObject(cfg.issuerId, card.serial, card.karte, card.cancelled)),
        signal: AbortSignal.timeout(10_000),
      });
      if (res.ok) patched++;
      else if (res.status !== 404) console.warn(`wallet: Google Wallet answered ${res.status}`);
    }
  } catch (err) {
    console.warn('wallet: Google Wallet update failed', describeError(err));
  }
  return patched;
}
