import '#server-only'; // also in the Pages Router: see lib/server-only.js
// The check-in link's token: `<kind><publicId>[-<YYYYMMDD>].<signature>`. The public id is 128
// random bits (unguessable, never a database id); an invitation's token also names its last valid
// day, so a stale link is answered as expired even after the purge; the HMAC over all of it
// (SESSION_SECRET) makes a changed or invented token fail. Short enough for a small QR code.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { secret } from '@/lib/env';
import type { LinkKind } from './rules';

const PREFIX: Record<LinkKind, string> = { stay: 'e', object: 'o' };
const TOKEN = /^([eo])([A-Za-z0-9_-]{22})(?:-(\d{4})(\d{2})(\d{2}))?\.([A-Za-z0-9_-]{22})$/;

export interface LinkClaims {
  kind: LinkKind;
  publicId: string;
  /** An invitation's last valid day (its departure), `YYYY-MM-DD`. */
  until?: string;
}

export function newPublicId(): string {
  return randomBytes(16).toString('base64url');
}

function signature(c: LinkClaims, key: string): Buffer {
  return createHmac('sha256', key)
    .update(`meldeportal-checkin-link:${c.kind}:${c.publicId}:${c.until ?? ''}`)
    .digest()
    .subarray(0, 16);
}

export function linkToken(c: LinkClaims, key = secret('SESSION_SECRET')): string {
  const until = c.until ? `-${c.until.replaceAll('-', '')}` : '';
  return `${PREFIX[c.kind]}${c.publicId}${until}.${signature(c, key).toString('base64url')}`;
}

/** The claims of a token, or null when it was changed, made up or signed with another key. */
export function readLinkToken(token: string, key = secret('SESSION_SECRET')): LinkClaims | null {
  const m = TOKEN.exec(token);
  if (!m) return null;
  const claims: LinkClaims = {
    kind: m[1] === 'e' ? 'stay' : 'object',
    publicId: m[2]!,
    ...(m[3] ? { until: `${m[3]}-${m[4]}-${m[5]}` } : {}),
  };
  const given = Buffer.from(m[6]!, 'base64url');
  const expected = signature(claims, key);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  // Node's decoder ignores the unused low bits of the last character, so several spellings of one
  // signature would pass: only the canonical one is the link.
  if (given.toString('base64url') !== m[6]) return null;
  return claims;
}
