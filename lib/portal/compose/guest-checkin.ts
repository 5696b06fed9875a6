import '#server-only'; // also in the Pages Router: see lib/server-only.js
// The guest's check-in page on the server (decision 022): what a GET shows (a refusal, the
// "closed" and "taken" messages, or the form with the party this phone sent) and how a POST is
// answered: the form's buttons applied, the party validated with the municipality's schema, the
// summary shown, then saved within the link's guest and rate limits and remembered in the guest's
// sealed cookie. The page frames it (pages/checkin/[token]/index.tsx); the logic is all here and
// in party.ts, submissions.ts and guest-form/.
import { cardsByCheckinLink, cardView, hasCardPage } from '../guest-card/access';
import { paymentSection, type PaymentSection } from '../payments/section';
import { readPostedForm } from '../guest-form/form-data';
import { fmt } from '../i18n';
import type { GuestLang } from '../i18n/guest/languages';
import { guestPages } from '../i18n/guest/pages';
import { advancePlannedStay, updateContact } from '../stays/planned';
import { getDb } from '@/lib/db';
import { berlinToday } from '@/lib/wire/time';
import { checkinPath } from '../checkin/paths';
import { ownSubmission, rememberSubmission, type GuestCookies } from '../checkin/guest-session';
import { resolveGuestLink } from '../checkin/guest-view';
import {
  applyPartyIntent,
  emptyParty,
  normaliseParty,
  partyFromSubmission,
  toCheckinGuests,
  validateParty,
} from '../checkin/party';
import { maxGuests, type LinkKind } from '../checkin/rules';
import { addressFields } from '../guest-form/intents';
import type { CheckinSnapshot } from '../checkin/snapshot';
import type { CheckinStep } from '../checkin/state';
import { guestSubmission, hasSubmission, saveSubmission } from '../checkin/submissions';

/** Everything the form needs, plain data (a page's props). */
export interface GuestFormView {
  snapshot: CheckinSnapshot;
  kind: LinkKind;
  arrival: string | null;
  departure: string | null;
  maxGuests: number;
  addressFields: string[];
  /** The guest sent this party before and corrects it. */
  correcting: boolean;
  /** Today in Berlin (YYYY-MM-DD), for the summary's warnings. */
  today: string;
  step: CheckinStep;
}

export type GuestPageView =
  | { kind: 'refused'; reason: 'invalid' | 'expired' | 'revoked' }
  /** Booked or past: nothing to change; the guest's card where this phone has one. */
  | { kind: 'closed'; cardPage: boolean; payment: PaymentSection | null }
  /** An invitation another phone already answered. */
  | { kind: 'taken' }
  | { kind: 'form'; form: GuestFormView };

/**
 * The page for a token: `step` is a post's answer (the form as the guest sent it, with errors or
 * the summary); without it the form starts from this phone's earlier submission or empty.
 */
export async function guestPage(
  token: string,
  from: GuestCookies,
  step?: CheckinStep,
  now = new Date(),
): Promise<GuestPageView> {
  const view = await resolveGuestLink(token, now);
  if (!('link' in view)) return { kind: 'refused', reason: view.status };
  if (view.status === 'closed') {
    const cards = await cardsByCheckinLink(token, from);
    return {
      kind: 'closed',
      cardPage: cardView(cards).state === 'ready',
      // On the arrival day: confirm by paying the Kurtaxe (docs/decisions/029).
      payment: await paymentSection(cards, `${checkinPath(token)}/zahlen`, {}),
    };
  }
  const { link } = view;
  const own = await guestSubmission(link.id, await ownSubmission(link.id, from));
  if (!own && link.kind === 'stay' && (await hasSubmission(link.id))) return { kind: 'taken' };
  return {
    kind: 'form',
    form: {
      snapshot: link.snapshot,
      kind: link.kind,
      arrival: link.arrivalDate,
      departure: link.departureDate,
      maxGuests: maxGuests(link),
      addressFields: addressFields(link.snapshot),
      correcting: !!own,
      today: berlinToday(now),
      step: step ?? {
        status: 'idle',
        values: own ? partyFromSubmission(own, link.snapshot) : emptyParty(link),
      },
    },
  };
}

/** What a post leads to: another step of the form, or a page to go to (303). */
export type CheckinAnswer = { step: CheckinStep } | { redirect: string };

export interface CheckinPost {
  token: string;
  /** The posted form (application/x-www-form-urlencoded). */
  body: URLSearchParams;
  lang: GuestLang;
  /** The guest's cookie: read for an earlier submission, written after saving. */
  from: GuestCookies;
  /** For the per-address rate limit (client-address.ts). */
  clientAddress: string;
}

/** One post of the check-in form: a button applied, the summary, or the party saved. */
export async function answerCheckinPost(p: CheckinPost, now = new Date()): Promise<CheckinAnswer> {
  const view = await resolveGuestLink(p.token, now);
  // The page explains a refused link (in the guest's language, without naming the stay).
  if (view.status !== 'open') return { redirect: checkinPath(p.token) };
  const { link } = view;
  const m = guestPages(p.lang);
  const c = m.checkin;
  const max = maxGuests(link);
  // One more than allowed is read, so that "too many" is reported rather than silently cut.
  const posted = readPostedForm(p.body, max + 1);
  const values = normaliseParty(posted.values, link);
  if (posted.intent !== 'review' && posted.intent !== 'send') {
    return {
      step: {
        status: 'idle',
        values: applyPartyIntent(values, posted.intent, link),
        intent: posted.intent,
      },
    };
  }
  const fieldErrors = validateParty(values, link, m, c, now);
  if (Object.keys(fieldErrors).length) {
    return {
      step: {
        status: 'invalid',
        message: fieldErrors.root ?? c.errors.summary,
        fieldErrors,
        values,
      },
    };
  }
  if (posted.intent === 'review') return { step: { status: 'review', values } };

  const saved = await saveSubmission(
    {
      link,
      ownId: await ownSubmission(link.id, p.from),
      arrival: values.arrival,
      departure: values.departure,
      guests: toCheckinGuests(values, link.snapshot.gemeinde),
      lang: p.lang,
      clientAddress: p.clientAddress,
    },
    now,
  );
  if (!saved.ok) {
    return { step: { status: 'error', message: fmt(c.errors[saved.reason], { n: max }), values } };
  }
  await rememberSubmission(link.id, saved.id, p.from);
  if (link.plannedStayId) {
    const owner = { serviceUrl: link.serviceUrl, username: link.username };
    const stayId = link.plannedStayId;
    await (
      await getDb()
    ).transaction(async (tx) => {
      await advancePlannedStay(owner, stayId, 'checked_in', undefined, tx);
      // The party's language is the stay's mails' from now on (reminder, card, arrival morning).
      await updateContact(owner, stayId, { guestLang: p.lang }, tx);
    });
  }
  return { redirect: `${checkinPath(p.token)}/danke` };
}

/** The thank-you page: a refusal, or the confirmation (with the way back while the link is open). */
export type ThanksView =
  | { kind: 'refused'; reason: 'invalid' | 'expired' | 'revoked' }
  | { kind: 'thanks'; open: boolean; cardPage: boolean };

export async function thanksPage(token: string, from: GuestCookies): Promise<ThanksView> {
  const view = await resolveGuestLink(token);
  if (!('link' in view)) return { kind: 'refused', reason: view.status };
  return {
    kind: 'thanks',
    open: view.status === 'open',
    cardPage: await hasCardPage(token, from),
  };
}
