import 'server-only';
// The check-in link's token: `<kind><publicId>.<signature>`. The public id is 128 random bits
// (unguessable, never a database id); the HMAC over kind and id (SESSION_SECRET) makes a changed
// or invented token fail before any database lookup. Short enough for a small QR code.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { secret } from '@/lib/env';
import type { LinkKind } from './rules';

const PREFIX: Record<LinkKind, string> = { stay: 'e', object: 'o' };
const TOKEN = /^([eo])([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/;

export function newPublicId(): string {
  return randomBytes(16).toString('base64url');
}

function signature(kind: LinkKind, publicId: string, key: string): Buffer {
  return createHmac('sha256', key)
    .update(`meldeportal-checkin-link:${kind}:${publicId}`)
    .digest()
    .subarray(0, 16);
}

export function linkToken(
  kind: LinkKind,
  publicId: string,
  key = secret('SESSION_SECRET'),
): string {
  return `${PREFIX[kind]}${publicId}.${signature(kind, publicId, key).toString('base64url')}`;
}

/** The link a token names, or null when it was changed, made up or signed with another key. */
export function readLinkToken(
  token: string,
  key = secret('SESSION_SECRET'),
): { kind: LinkKind; publicId: string } | null {
  const m = TOKEN.exec(token);
  if (!m) return null;
  const kind: LinkKind = m[1] === 'e' ? 'stay' : 'object';
  const publicId = m[2]!;
  const given = Buffer.from(m[3]!, 'base64url');
  const expected = signature(kind, publicId, key);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { kind, publicId };
}
