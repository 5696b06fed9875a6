import '#server-only'; // also in the Pages Router: see lib/server-only.js
// What the guest's pages show of the card route (plain props): the party's offers (each signer's
// own form and share, or the party's Kurtaxe where no BMG form applies), a notice for the guest
// who came back from Stripe (the component words it in the guest's language). A return with a
// session id asks Stripe at once (the webhook may be late or lost: guest.ts recoverOnReturn).
import type { GuestCardRow } from '../guest-card/store';
import { partyOf, partyOffer, recoverOnReturn, type PartyOffer } from './guest';

export interface PaymentSection {
  offer: PartyOffer;
  /** The route that starts the payment (a plain link; a signer's adds `?gast=<id>`). */
  payHref: string;
  notice: 'failed' | 'pending' | 'error' | 'consent' | null;
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * The section for a party's cards; `query`: the page's query (`zahlung`, `session_id` after
 * Stripe's page). Null where there is nothing to say (no party, a cancelled stay).
 */
export async function paymentSection(
  cards: GuestCardRow[],
  payHref: string,
  query: Record<string, string | string[] | undefined>,
): Promise<PaymentSection | null> {
  // A cancelled stay's guests are still told what became of their payments (a refund).
  const party = partyOf(cards) ?? partyOf(cards, true);
  if (!party) return null;
  const back = one(query.zahlung);
  const sessionId = one(query.session_id);
  if (back === 'zurueck' && sessionId) await recoverOnReturn(party, sessionId);
  const offer = await partyOffer(party);
  if (!offer) return null;
  const due = (offer.confirms ? offer.signers.map((s) => s.offer) : [offer.offer]).filter(
    (o) => o.state === 'due',
  );
  const notice = !due.length
    ? null
    : back === 'fehler'
      ? 'error'
      : back === 'consent'
        ? 'consent'
        : back === 'abgebrochen' || due.some((o) => o.failed)
          ? 'failed'
          : back === 'zurueck'
            ? 'pending'
            : null;
  return { offer, payHref, notice };
}
