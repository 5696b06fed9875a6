// Signed card ids for the guest card's QR code. A controller scans the card, the verification
// page at /kurkarte/<token> checks the signature before it looks anything up, so guessing or
// editing ids (enumerating other guests' stays) gets nowhere.
import { createHmac, timingSafeEqual } from 'node:crypto';

import { secret } from '../../env';

export interface CardId {
  /** Id of the registration form (meldeschein). */
  formId: number;
  /** Id of the guest (person) on that form. */
  personId: number;
}

// 16 bytes of HMAC-SHA256: 128 bits, forgery stays out of reach while the QR stays small.
const MAC_BYTES = 16;
const MAC_CHARS = 22; // base64url of 16 bytes, no padding
// Domain separation: the same secret can never yield a valid card id for another purpose.
const CONTEXT = 'meldeportal/kurkarte/v1';
const ID_PART = /^[1-9a-z][0-9a-z]{0,10}$/;
const TOKEN = /^([0-9a-z]{1,11})\.([0-9a-z]{1,11})\.([A-Za-z0-9_-]{22})$/;

function mac(data: CardId, key: string): Buffer {
  return createHmac('sha256', key)
    .update(`${CONTEXT}:${data.formId}:${data.personId}`)
    .digest()
    .subarray(0, MAC_BYTES);
}

function isId(n: number): boolean {
  return Number.isSafeInteger(n) && n > 0;
}

/**
 * A compact URL-safe token: `<formId base36>.<personId base36>.<mac base64url>`, about 30
 * characters. The ids are not secret (they sit on the landlord's own forms); only the MAC is.
 */
export function signCardId(data: CardId, key: string): string {
  if (!isId(data.formId) || !isId(data.personId)) {
    throw new RangeError('card ids must be positive safe integers');
  }
  if (key.length === 0) throw new RangeError('card secret must not be empty');
  const tag = mac(data, key).toString('base64url');
  return `${data.formId.toString(36)}.${data.personId.toString(36)}.${tag}`;
}

/** The ids a token was signed for, or null for anything forged, altered or malformed. */
export function verifyCardId(token: unknown, key: string): CardId | null {
  if (typeof token !== 'string' || token.length > 64 || key.length === 0) return null;
  const m = TOKEN.exec(token);
  if (!m) return null;
  const [, formPart = '', personPart = '', tag = ''] = m;
  // One canonical spelling per id (no leading zeros), so a token cannot be varied and stay valid.
  if (!ID_PART.test(formPart) || !ID_PART.test(personPart) || tag.length !== MAC_CHARS) return null;
  const data: CardId = { formId: parseInt(formPart, 36), personId: parseInt(personPart, 36) };
  if (!isId(data.formId) || !isId(data.personId)) return null;
  const given = Buffer.from(tag, 'base64url');
  // base64url decoding ignores stray low bits of the last character; re-encoding catches that.
  if (given.length !== MAC_BYTES || given.toString('base64url') !== tag) return null;
  return timingSafeEqual(given, mac(data, key)) ? data : null;
}

/** Path of the public verification page; append it to the portal's public base URL. */
export function cardPath(token: string): string {
  return `/kurkarte/${token}`;
}

/** The QR payload: `<publicBaseUrl>/kurkarte/<token>`, tolerant of a trailing slash on the base. */
export function cardUrl(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}${cardPath(token)}`;
}

/** signCardId with the configured CARD_SECRET. */
export function signCardIdWithEnv(data: CardId): string {
  return signCardId(data, secret('CARD_SECRET'));
}

/** verifyCardId with the configured CARD_SECRET. */
export function verifyCardIdWithEnv(token: unknown): CardId | null {
  return verifyCardId(token, secret('CARD_SECRET'));
}
