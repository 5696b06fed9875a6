import '#server-only'; // also in the Pages Router: see lib/server-only.js
// The guest's side of the card route (docs/decisions/029): what the check-in and card pages offer
// for a party, the Checkout Session started for it, and the recovery when the guest comes back
// from Stripe's page. The party comes from the guest's own proof (the sealed check-in cookie or
// the mail's signed link: lib/portal/guest-card/access.ts), the amount from the portal's index of
// the form (the Kurtaxe as the service computed it): nothing the browser sends decides either.
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { portalForms, portalPayments } from '@/lib/db/schema';
import { describeError } from '@/lib/log';
import { addDays, berlinInstant, berlinToday } from '@/lib/wire/time';
import { arrivalState } from '../arrival/record';
import type { GuestCardRow } from '../guest-card/store';
import type { GuestLang } from '../i18n/guest/languages';
import { ownedBy } from '../owned';
import type { Owner } from '../session/session';
import { accountOfForm } from './accounts';
import { settleSession, type PaymentRow } from './settle';
import { paymentsConfig } from './stripe';

export interface Party extends Owner {
  formId: number;
}

/** What the guest's pages show about paying (plain data for a page's props). */
export type PaymentOffer =
  /** The card route is off: not configured, or the landlord's account not ready. */
  | { state: 'off' }
  | { state: 'not-yet'; arrival: string }
  | { state: 'past' }
  | { state: 'zero' }
  | {
      state: 'due';
      amountCents: number;
      failed: boolean;
      /** Whether the payment confirms a registration (false: German guests only, no BMG form). */
      confirms: boolean;
    }
  | {
      state: 'paid';
      amountCents: number;
      paidAt: string;
      /** `confirmed`: the registration too; `paid`: no confirmation needed; else not confirmed. */
      confirmation: 'confirmed' | 'paid' | 'not-confirmed';
      reference: string | null;
    }
  | { state: 'refunded'; amountCents: number };

type DueOffer = Extract<PaymentOffer, { state: 'due' }>;

/** The party of a guest's cards (all of a party's cards share one form). */
export function partyOf(cards: GuestCardRow[]): Party | null {
  const live = cards.filter((c) => !c.cancelledAt);
  const first = live[0];
  if (!first) return null;
  return { serviceUrl: first.serviceUrl, username: first.username, formId: first.formId };
}

async function formOf(party: Party) {
  const db = await getDb();
  const [row] = await db
    .select({
      state: portalForms.state,
      arrivalDate: portalForms.arrivalDate,
      kurtaxeCents: portalForms.kurtaxeCents,
      meldescheinnummer: portalForms.meldescheinnummer,
    })
    .from(portalForms)
    .where(ownedBy(portalForms, party, eq(portalForms.formId, party.formId)));
  return row;
}

async function latestPayment(party: Party): Promise<PaymentRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(portalPayments)
    .where(ownedBy(portalPayments, party, eq(portalPayments.formId, party.formId)))
    .orderBy(desc(portalPayments.createdAt))
    .limit(1);
  return row;
}

const CONFIRMED = new Set(['confirmed', 'already']);

/** The offer for a party now; null where nothing is to be said (no form, a cancelled stay). */
export async function paymentOffer(party: Party, now = new Date()): Promise<PaymentOffer | null> {
  const form = await formOf(party);
  if (!form || form.state === 'cancelled') return null;
  const last = await latestPayment(party);
  if (last?.state === 'paid') {
    return {
      state: 'paid',
      amountCents: last.amountCents,
      paidAt: (last.paidAt ?? last.updatedAt).toISOString(),
      confirmation: CONFIRMED.has(last.confirmation ?? '')
        ? 'confirmed'
        : last.confirmation === 'not-required'
          ? 'paid'
          : 'not-confirmed',
      reference: last.reference,
    };
  }
  if (last?.state === 'refunded') return { state: 'refunded', amountCents: last.amountCents };
  const offer = await openOffer(party, form, last, now);
  const record = await arrivalState(await getDb(), party);
  const confirms = !record || record.required;
  if (offer.state === 'due') return { ...offer, confirms };
  // A party that needs no confirmation (German guests only) is not told to sign on paper.
  return confirms ? offer : null;
}

async function openOffer(
  party: Party,
  form: { arrivalDate: string; kurtaxeCents: number },
  last: PaymentRow | undefined,
  now: Date,
): Promise<Exclude<PaymentOffer, { state: 'due' }> | Omit<DueOffer, 'confirms'>> {
  if (!paymentsConfig() || !(await accountOfForm(party))?.chargesEnabled) return { state: 'off' };
  const today = berlinToday(now);
  if (form.arrivalDate > today) return { state: 'not-yet', arrival: form.arrivalDate };
  if (form.arrivalDate < today) return { state: 'past' };
  if (form.kurtaxeCents <= 0) return { state: 'zero' };
  return { state: 'due', amountCents: form.kurtaxeCents, failed: !!last?.failureCode };
}

/** Where Stripe sends the guest back: the page the guest paid from. */
export interface ReturnUrls {
  /** Absolute URL of the guest's card page (a query is added). */
  page: string;
}

export type StartResult = { url: string } | { refused: Exclude<PaymentOffer['state'], 'due'> };

/**
 * A Checkout Session for the party's Kurtaxe on the landlord's connected account (a direct
 * charge: the money is the landlord's), 3-D Secure always requested, payable until the end of the
 * arrival day. An open session of the same amount is offered again rather than a second one.
 */
export async function startCardPayment(
  party: Party,
  back: ReturnUrls,
  lang: GuestLang,
  now = new Date(),
): Promise<StartResult> {
  const offer = await paymentOffer(party, now);
  if (!offer) return { refused: 'off' };
  if (offer.state !== 'due') return { refused: offer.state };
  const config = paymentsConfig()!;
  const account = (await accountOfForm(party))!;
  const db = await getDb();
  const last = await latestPayment(party);
  if (last?.state === 'open' && last.amountCents === offer.amountCents) {
    try {
      const s = await config.stripe.checkout.sessions.retrieve(
        last.sessionId,
        {},
        { stripeAccount: last.accountId },
      );
      if (s.status === 'open' && s.url) return { url: s.url };
    } catch (err) {
      console.error('payments: reading an open session failed', describeError(err));
    }
  }
  const form = (await formOf(party))!;
  const id = randomUUID();
  const endOfDay = berlinInstant(addDays(berlinToday(now), 1)).getTime();
  // Stripe takes 30 minutes to 24 hours.
  const expiresAt = Math.floor(Math.max(endOfDay, now.getTime() + 31 * 60_000) / 1000);
  const session = await config.stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'eur',
            unit_amount: offer.amountCents,
            product_data: { name: `Kurtaxe ${form.meldescheinnummer}` },
          },
        },
      ],
      // Card only: another method (a bank debit, a wallet without 3-D Secure) could not confirm.
      allowed_payment_method_types: ['card'],
      // 3-D Secure on every payment, whatever Stripe's risk rules would exempt (BMG § 29(5)).
      payment_method_options: { card: { request_three_d_secure: 'any' } },
      payment_intent_data: { metadata: { payment_id: id } },
      client_reference_id: id,
      metadata: { payment_id: id, form_id: String(party.formId) },
      locale: lang,
      expires_at: expiresAt,
      success_url: `${back.page}?zahlung=zurueck&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${back.page}?zahlung=abgebrochen`,
    },
    { stripeAccount: account.accountId, idempotencyKey: `meldeportal-checkout:${id}` },
  );
  await db.insert(portalPayments).values({
    id,
    ...party,
    accountId: account.accountId,
    sessionId: session.id,
    amountCents: offer.amountCents,
    currency: 'eur',
  });
  return { url: session.url! };
}

/**
 * The guest is back from Stripe with a session id: if it is this party's own and not settled
 * yet, Stripe is asked now (the webhook may be late or lost). Never throws: the page shows what
 * is known.
 */
export async function recoverOnReturn(party: Party, sessionId: string): Promise<void> {
  const config = paymentsConfig();
  if (!config || !/^cs_[\w-]{1,200}$/.test(sessionId)) return;
  const db = await getDb();
  const [row] = await db
    .select()
    .from(portalPayments)
    .where(
      and(
        ownedBy(portalPayments, party, eq(portalPayments.formId, party.formId)),
        eq(portalPayments.sessionId, sessionId),
      ),
    );
  if (!row || row.state !== 'open') return;
  try {
    await settleSession(db, config, row);
  } catch (err) {
    console.error('payments: recovering a returned session failed', describeError(err));
  }
}
