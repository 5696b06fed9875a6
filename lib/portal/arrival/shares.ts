// Each signer's share of the party's Kurtaxe (docs/decisions/029): a card payment confirms its
// payer's form only, so each foreign signer pays the Kurtaxe of the persons on their own form
// (and of German guests travelling with them, who are on no form); the shares add up to the
// party's Kurtaxe, and nobody pays twice. Pure and client-safe.
import type { Signer } from '@/lib/wire/arrival-duty';
import type { PartyGuest } from './party';

/** Stripe's minimum amount of a payment in EUR: a share below it takes the paper route. */
export const CARD_MINIMUM_CENTS = 50;

/**
 * The party's Kurtaxe `totalCents` split between its signers, by the service's Kurtaxe of the
 * guests each signer's share holds (`Signer.pays`). Where the form's amount differs from the sum
 * of its guests' (a municipality's manual amount) or a record holds no guest amounts, the total is
 * split in proportion (to the guests' amounts, else to persons), the cents left by rounding going
 * to the largest remainders, the first signer first. Always adds up to `totalCents`.
 */
export function signerShares(
  signers: Pick<Signer, 'guestId' | 'pays'>[],
  guests: Pick<PartyGuest, 'id' | 'anzahl' | 'kurtaxeCents'>[],
  totalCents: number,
): Map<number, number> {
  const out = new Map<number, number>();
  if (!signers.length) return out;
  const total = Math.max(0, Math.round(totalCents));
  const byId = new Map(guests.map((g) => [g.id, g]));
  const known = guests.every((g) => typeof g.kurtaxeCents === 'number');
  const weightOf = (id: number) => {
    const g = byId.get(id);
    if (!g) return 0;
    return known ? g.kurtaxeCents! : Math.max(1, g.anzahl);
  };
  const weights = signers.map((s) => s.pays.reduce((n, id) => n + weightOf(id), 0));
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) {
    signers.forEach((s, i) => out.set(s.guestId, i === 0 ? total : 0));
    return out;
  }
  if (known && sum === total) {
    signers.forEach((s, i) => out.set(s.guestId, weights[i]!));
    return out;
  }
  const exact = weights.map((w) => (w * total) / sum);
  const floors = exact.map(Math.floor);
  let left = total - floors.reduce((a, b) => a + b, 0);
  const order = exact
    .map((e, i) => ({ i, rest: e - floors[i]! }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i] = floors[i]! + 1;
    left -= 1;
  }
  signers.forEach((s, i) => out.set(s.guestId, floors[i]!));
  return out;
}
