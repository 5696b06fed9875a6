import 'server-only';
// The guest's "confirm and pay" link (a plain GET, as the guest pages run no script and a form's
// post could not be redirected to Stripe's page under `form-action 'self'`): the party from the
// guest's own proof, a Checkout Session for the named signer's share of the Kurtaxe, and 303 to
// Stripe's hosted page; or back to the card page saying why not. The link names the signer
// (`?gast=`, checked against the party's signers); nothing in it decides the amount or the party.
import { publicBaseUrl } from '@/lib/env';
import { describeError } from '@/lib/log';
import type { GuestCardRow } from '../guest-card/store';
import type { GuestLang } from '../i18n/guest/languages';
import { partyOf, startCardPayment } from './guest';

const PRIVATE = { 'cache-control': 'private, no-store' };

const seeOther = (location: string) =>
  new Response(null, { status: 303, headers: { location, ...PRIVATE } });

/** The signer a pay link names (`?gast=<the service's guest id>`), if any. */
export function signerParam(url: string): number | null {
  const raw = new URL(url, 'http://guest.invalid').searchParams.get('gast');
  return raw && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
}

/** Whether the pay link carries the guest's consent to the electronic route (§ 29(5) BMG). */
export function consentParam(url: string): boolean {
  return new URL(url, 'http://guest.invalid').searchParams.get('einwilligung') === 'ja';
}

/** `pagePath`: the guest's card page, where Stripe sends the guest back. */
export async function payAndRedirect(
  cards: GuestCardRow[],
  pagePath: string,
  lang: GuestLang,
  guestId: number | null = null,
  consent = false,
): Promise<Response> {
  const party = partyOf(cards);
  if (!party) return seeOther(pagePath);
  const page = `${new URL(publicBaseUrl()).origin}${pagePath}`;
  try {
    const started = await startCardPayment({ ...party, guestId, consent }, { page }, lang);
    if ('url' in started) return seeOther(started.url);
    return seeOther(`${pagePath}?zahlung=${started.refused}`);
  } catch (err) {
    console.error('payments: starting a checkout failed', describeError(err));
    return seeOther(`${pagePath}?zahlung=fehler`);
  }
}
