import 'server-only';
// The guest's card follows the form (issue 20): booked from a check-in, the card is printed once
// (`get-pdf/?include=karten`, stored for landlord and guest alike) and handed to the guest; an
// edit prints it again and updates the wallet passes; a cancellation voids them. Wallet failures
// are logged and never undo the landlord's action.
import { describeError } from '@/lib/log';
import type { CallMeta, MeldescheinClient, PortalForm } from '../api/client';
import { guestLangOf, portalLangOf } from '../i18n/guest/languages';
import { storePdf } from '../stays/pdf-store';
import type { Owner } from '../session/session';
import { pushTokensOf } from '../wallet/apple/registrations';
import { pushPassUpdates } from '../wallet/apple/push';
import { appleConfig, googleConfig } from '../wallet/config';
import { patchObjects } from '../wallet/google/api';
import { cancelCards, hasLiveCards, issueCards, updateCards, type GuestCardRow } from './store';

/** Pushes changed passes to the devices holding them and patches saved Google objects. */
export async function notifyWallets(cards: GuestCardRow[]): Promise<void> {
  const withData = cards.filter((c) => c.karte);
  if (!withData.length) return;
  const apple = appleConfig();
  if (apple) {
    const tokens = await pushTokensOf(
      apple.passTypeId,
      withData.map((c) => c.id),
    );
    await pushPassUpdates(apple, tokens);
  }
  const google = googleConfig();
  if (google) {
    await patchObjects(
      google,
      withData.map((c) => ({ serial: c.id, karte: c.karte!, cancelled: c.cancelledAt !== null })),
    );
  }
}

const departureOf = (form: PortalForm) => form.travel_span.departure_date.slice(0, 10);

/**
 * A check-in was booked: print the card with its data, keep the PDF and hand the cards to the
 * guest's phone (the check-in's id). A failed print leaves the card page waiting for the PDF the
 * landlord fetches later; the booking stands.
 */
export async function handOverCards(
  api: MeldescheinClient,
  owner: Owner,
  meta: CallMeta,
  form: PortalForm,
  checkin: { id: string; lang: string },
): Promise<GuestCardRow[]> {
  let karten;
  try {
    const [card] = await api.guestCards(meta, [form.id], { karten: true });
    if (card) {
      await storePdf(owner, form, card.pdf, false);
      karten = card.karten;
    }
  } catch (err) {
    console.warn('guest card: print after booking failed', describeError(err));
  }
  return issueCards(owner, {
    formId: form.id,
    checkinId: checkin.id,
    departureDate: departureOf(form),
    // The passes speak German or English (wallet/pass-content.ts): English for every other guest.
    lang: portalLangOf(guestLangOf(checkin.lang)),
    karten,
  });
}

/** The landlord changed a form whose card a guest holds: print it again and update the passes. */
export async function refreshCards(
  api: MeldescheinClient,
  owner: Owner,
  meta: CallMeta,
  form: PortalForm,
): Promise<void> {
  if (!(await hasLiveCards(owner, form.id))) return;
  try {
    const [card] = await api.guestCards(meta, [form.id], { karten: true });
    if (!card) return;
    await storePdf(owner, form, card.pdf, true);
    if (card.karten) await notifyWallets(await updateCards(owner, form.id, card.karten));
  } catch (err) {
    console.warn('guest card: update after edit failed', describeError(err));
  }
}

/** The form was cancelled: the guest's passes are voided. */
export async function voidCards(owner: Owner, formId: number): Promise<void> {
  try {
    await notifyWallets(await cancelCards(owner, formId));
  } catch (err) {
    console.warn('guest card: voiding after cancel failed', describeError(err));
  }
}
