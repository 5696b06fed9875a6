import 'server-only';
// What a guest's token opens: nothing (tampered, unknown, rotated away), a refusal (expired,
// revoked) or the link. A refusal names no stay, object or landlord.
import { linkByPublicId, type LinkRow } from './links';
import { linkState } from './rules';
import { readLinkToken } from './token';

export type GuestLinkView =
  { status: 'invalid' | 'expired' | 'revoked' } | { status: 'open' | 'closed'; link: LinkRow };

export async function resolveGuestLink(token: string, now = new Date()): Promise<GuestLinkView> {
  const read = readLinkToken(token);
  if (!read) return { status: 'invalid' };
  const link = await linkByPublicId(read.publicId);
  if (!link || link.kind !== read.kind) return { status: 'invalid' };
  const state = linkState(link, now);
  if (state === 'open' || state === 'closed') return { status: state, link };
  return { status: state };
}
