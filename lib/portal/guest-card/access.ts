import '#server-only'; // also in the Pages Router: see lib/server-only.js
// Who may see a party's guest cards (issue 20): the phone that sent the party (its sealed check-in
// cookie names the check-in, under the link the URL names) or the holder of the mail's signed
// link; until 7 days after departure. A link alone shows nothing: no names, not even whether a
// card exists.
import { berlinToday, addDays } from '@/lib/wire/time';
import { ownSubmission, type GuestCookies } from '../checkin/guest-session';
import { linkByPublicId } from '../checkin/links';
import { readLinkToken } from '../checkin/token';
import { readCardLinkToken } from './link';
import { CARD_DAYS_AFTER_DEPARTURE } from './purge';
import { cardsOfCheckin, cardsOfParty, type GuestCardRow } from './store';

export type CardView =
  { state: 'none' | 'ended' | 'cancelled' } | { state: 'ready'; cards: GuestCardRow[] };

/** The cards the sealed cookie opens under a check-in link token. */
export async function cardsByCheckinLink(
  token: string,
  from: GuestCookies,
): Promise<GuestCardRow[]> {
  const claims = readLinkToken(token);
  if (!claims) return [];
  const link = await linkByPublicId(claims.publicId);
  if (!link || link.kind !== claims.kind) return [];
  const checkinId = await ownSubmission(link.id, from);
  if (!checkinId) return [];
  // The cookie's entry must belong to this link's owner: an id alone opens nothing elsewhere.
  return (await cardsOfCheckin(checkinId)).filter(
    (c) => c.serviceUrl === link.serviceUrl && c.username === link.username,
  );
}

/** The cards the mail's signed link opens. */
export async function cardsByMailLink(token: string): Promise<GuestCardRow[]> {
  const partyId = readCardLinkToken(token);
  return partyId ? cardsOfParty(partyId) : [];
}

export function cardView(cards: GuestCardRow[], now = new Date()): CardView {
  if (!cards.length) return { state: 'none' };
  const lastDay = cards
    .map((c) => c.departureDate)
    .sort()
    .at(-1)!;
  if (berlinToday(now) > addDays(lastDay, CARD_DAYS_AFTER_DEPARTURE)) return { state: 'ended' };
  const live = cards.filter((c) => !c.cancelledAt);
  if (!live.length) return { state: 'cancelled' };
  return { state: 'ready', cards: live };
}

/** Whether this phone has a card to open under the check-in link (for the link to the page). */
export async function hasCardPage(token: string, from: GuestCookies): Promise<boolean> {
  return cardView(await cardsByCheckinLink(token, from)).state === 'ready';
}
