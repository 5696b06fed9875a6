import 'server-only';
// What a guest's token opens: nothing (tampered, unknown, rotated away), a refusal (expired,
// revoked) or the link. A refusal names no stay, object or landlord.
import { berlinToday } from '@/lib/wire/time';
import { linkByPublicId, type LinkRow } from './links';
import { linkState } from './rules';
import { readLinkToken } from './token';

export type GuestLinkView =
  { status: 'invalid' | 'expired' | 'revoked' } | { status: 'open' | 'closed'; link: LinkRow };

export async function resolveGuestLink(token: string, now = new Date()): Promise<GuestLinkView> {
  const claims = readLinkToken(token);
  if (!claims) return { status: 'invalid' };
  // The signed last day answers a stale link without a lookup (and after the purge).
  if (claims.until && berlinToday(now) > claims.until) return { status: 'expired' };
  const link = await linkByPublicId(claims.publicId);
  // The signed day is not compared with the link's departure: a calendar booking that moves takes
  // its invitation's dates along (calendars/stay-rows.ts), and the guest keeps the mailed link.
  // The 128-bit signed id names the link; its own expiry (linkState) decides from here.
  if (!link || link.kind !== claims.kind) return { status: 'invalid' };
  const state = linkState(link, now);
  if (state === 'open' || state === 'closed') return { status: state, link };
  return { status: state };
}
