import '#server-only'; // also in the Pages Router: see lib/server-only.js
// What a guest's token opens: nothing (tampered, unknown, rotated away), a refusal (expired,
// revoked) or the link. A refusal names no stay, object or landlord. And the guest's language,
// kept on the invitation's planned stay for the mails still to come.
import { berlinToday } from '@/lib/wire/time';
import type { GuestLang } from '../i18n/guest/languages';
import { updateContact } from '../stays/planned';
import { linkByPublicId, type LinkRow } from './links';
import { linkState } from './rules';
import { readLinkToken } from './token';

export type GuestLinkView =
  { status: 'invalid' | 'expired' | 'revoked' } | { status: 'open' | 'closed'; link: LinkRow };

export async function resolveGuestLink(token: string, now = new Date()): Promise<GuestLinkView> {
  const claims = readLinkToken(token);
  if (!claims) return { status: 'invalid' };
  // Past the signed last day the link is looked up all the same: a calendar booking that moves
  // later takes its invitation's dates along (calendars/stay-rows.ts), and the guest keeps the
  // mailed link. Once purged, such a token is answered as expired, not as unknown.
  const stale = !!claims.until && berlinToday(now) > claims.until;
  const link = await linkByPublicId(claims.publicId);
  // The 128-bit signed id names the link; its own expiry (linkState) decides from here.
  if (!link || link.kind !== claims.kind) return { status: stale ? 'expired' : 'invalid' };
  const state = linkState(link, now);
  if (state === 'open' || state === 'closed') return { status: state, link };
  return { status: state };
}

/**
 * The language the guest chose on an invitation's pages (the switch, a sent party): the planned
 * stay's mails from now on (a reminder, the guest card, the arrival morning) speak it. A code's
 * link has no planned stay, a refused one is not followed.
 */
export async function rememberGuestLanguage(token: string, lang: GuestLang): Promise<void> {
  const view = await resolveGuestLink(token);
  const stayId = 'link' in view ? view.link.plannedStayId : null;
  if (!('link' in view) || !stayId) return;
  const owner = { serviceUrl: view.link.serviceUrl, username: view.link.username };
  await updateContact(owner, stayId, { guestLang: lang });
}
