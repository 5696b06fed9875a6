import '#server-only'; // also in the Pages Router: see lib/server-only.js
// The card page's own signed link (issue 20), for the mail sent on booking: `/karte/<party>.<mac>`.
// It opens the party's cards without the check-in cookie: holding the mail is the proof. The MAC
// (SESSION_SECRET, its own context) makes an invented or changed party id fail before any lookup.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { secret } from '@/lib/env';

const TOKEN = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{22})$/;

function mac(partyId: string): Buffer {
  return createHmac('sha256', secret('SESSION_SECRET'))
    .update(`meldeportal-guest-card:${partyId}`)
    .digest()
    .subarray(0, 16);
}

export function cardLinkToken(partyId: string): string {
  return `${partyId}.${mac(partyId).toString('base64url')}`;
}

/** The party id a token was signed for, or null. */
export function readCardLinkToken(token: string): string | null {
  const m = TOKEN.exec(token);
  if (!m) return null;
  const given = Buffer.from(m[2]!, 'base64url');
  if (given.toString('base64url') !== m[2]) return null;
  const expected = mac(m[1]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? m[1]! : null;
}

export const cardLinkPath = (partyId: string) => `/karte/${cardLinkToken(partyId)}`;
