// The card route of the arrival day (issue 31, docs/decisions/029) against the local Stripe
// stand-in (tests/helpers/stripe-stand-in.ts) through the official library: webhooks signed by
// Stripe's scheme and verified by the library's constructEvent at the app's own route handler,
// forged and replayed ones refused, duplicate and out-of-order events settled once, two
// instances on PostgreSQL receiving the same event at once, a lost webhook recovered on the
// guest's return and by the periodic check, the amount fixed by the server, not before the
// arrival day, and one refund of a cancelled stay with its status at Stripe (pending, succeeded,
// failed) kept and shown.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POST as webhookRoute } from '@/app/stripe/webhook/route';
import { PayOffer } from '@/components/guest-card/pay-offer';
import { CardPayment } from '@/components/stay/card-payment';
import { openDb, setDbHandle, type Db, type DbHandle } from '@/lib/db';
import {
  portalArrivalSigners,
  portalArrivals,
  portalForms,
  portalPaymentAccounts,
  portalPaymentEvents,
  portalPayments,
  storageScrubDue,
} from '@/lib/db/schema';
import { reloadEnv } from '@/lib/env';
import { confirmOnPaper, setRelations } from '@/lib/portal/arrival/confirm';
import { FIELDS } from '@/lib/portal/arrival/party';
import { arrivalState, saveArrivals } from '@/lib/portal/arrival/record';
import type { GuestCardRow } from '@/lib/portal/guest-card/store';
import { onboardingUrl, refreshAccount } from '@/lib/portal/payments/accounts';
import {
  checkoutExpiry,
  partyOffer,
  paymentOffer,
  recoverOnReturn,
  startCardPayment,
} from '@/lib/portal/payments/guest';
import { checkOpenPayments, erasePayments } from '@/lib/portal/payments/job';
import { paidFigures, refundPayment } from '@/lib/portal/payments/landlord';
import { payAndRedirect } from '@/lib/portal/payments/start-route';
import { paymentsConfig } from '@/lib/portal/payments/stripe';
import { handleWebhook } from '@/lib/portal/payments/webhook';
import { sweepPortalRetention } from '@/lib/portal/retention';
import { addDays, berlinInstant, berlinToday } from '@/lib/wire/time';
import { openTestDb, type TestDb } from '../helpers/db';
import { startServer } from '../helpers/http';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in';

const t = {} as { db: Db; url?: string };
let disposeDb: () => Promise<void>;
const owner = { serviceUrl: 'http://service.test/api/', username: 'vermieter' };
const stranger = { serviceUrl: 'http://service.test/api/', username: 'someone-else' };
/** The landlord (the service's Beherberger) of the owner's forms, unless a test names another. */
const landlord1 = { serviceUrl: owner.serviceUrl, beherbergerId: 1 };
let stand: StripeStandIn;
let app: Server;
let formId = 1000;
const saved: Record<string, string | undefined> = {};

/** The app's webhook route handler on a real HTTP server (the raw body as it arrives). */
async function startApp(): Promise<string> {
  app = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers))
        if (typeof v === 'string') headers.set(k, v);
      const request = new Request(`http://app.test${req.url}`, {
        method: 'POST',
        headers,
        body: Buffer.concat(chunks),
      });
      void webhookRoute(request).then(async (r) => {
        res.writeHead(r.status, { 'content-type': 'application/json' });
        res.end(Buffer.from(await r.arrayBuffer()));
      });
    });
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(app.address() as AddressInfo).port}/stripe/webhook`;
}

beforeAll(async () => {
  const opened = await openTestDb();
  disposeDb = opened.dispose;
  t.db = opened.handle.db;
  t.url = opened.url;
  setDbHandle(opened.handle);
  stand = await startStripeStandIn();
  stand.webhookUrl = await startApp();
  for (const [k, v] of Object.entries({
    STRIPE_SECRET_KEY: stand.secretKey,
    STRIPE_WEBHOOK_SECRET: stand.webhookSecret,
    STRIPE_API_URL: stand.url,
  })) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
  reloadEnv();
  // The landlord connects an account and finishes Stripe's onboarding.
  const url = await onboardingUrl(owner, 1, 'http://portal.test');
  expect(url).toMatch(/\/connect\/onboarding\/acct_/);
  expect((await refreshAccount(landlord1))?.chargesEnabled).toBe(false);
  const [account] = await t.db.select().from(portalPaymentAccounts);
  stand.completeOnboarding(account!.accountId);
  expect((await refreshAccount(landlord1))?.chargesEnabled).toBe(true);
});

afterAll(async () => {
  await disposeDb();
  await stand.close();
  await new Promise((r) => app.close(r));
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  reloadEnv();
});

beforeEach(async () => {
  stand.delivery = 'send';
  stand.refundStatus = 'succeeded';
  for (const table of [
    portalPayments,
    portalPaymentEvents,
    portalForms,
    portalArrivalSigners,
    portalArrivals,
  ]) {
    await t.db.delete(table);
  }
});

/**
 * A booked form in the portal's index and its arrival record (lib/portal/arrival), arriving
 * `arrival` (today by default), of one adult of `nationality` (Dutch by default).
 */
interface Person {
  first: string;
  nationality: string;
  birth?: string;
  /** The service's Kurtaxe of this guest, in cents. */
  kurtaxe?: number;
}

async function bookedForm(
  opts: {
    arrival?: string;
    kurtaxeCents?: number;
    who?: typeof owner;
    nationality?: string;
    landlord?: number;
    /** Several guests (each an individual); by default one adult. */
    persons?: Person[];
  } = {},
) {
  const id = ++formId;
  const who = opts.who ?? owner;
  const arrival = opts.arrival ?? berlinToday();
  const departure = addDays(arrival, 3);
  const meldescheinnummer = `2026-${String(id).padStart(6, '0')}`;
  await t.db.insert(portalForms).values({
    ...who,
    formId: id,
    gemeindeId: 1,
    objektId: 1,
    meldescheinnummer,
    state: 'draft',
    arrivalDate: arrival,
    departureDate: departure,
    nights: 3,
    guests: 1,
    kurtaxeCents: opts.kurtaxeCents ?? 1260,
  });
  await saveArrivals(t.db, who, 1, [
    {
      id,
      state: 'draft',
      meldescheinnummer,
      objekt_id: 1,
      beherberger_id: opts.landlord ?? 1,
      objekt: {
        alias: 'Möwennest',
        strasse: 'Strandweg 3',
        plz: '18999',
        ort: 'Seeblick',
        beherberger_alias: 'Demo',
      },
      travel_span: { arrival_date: `${arrival}T00:00:00`, departure_date: `${departure}T00:00:00` },
      personen: (opts.persons ?? [{ first: 'Pieter', nationality: opts.nationality ?? 'NL' }]).map(
        (p, i) => ({
          id: id * 10 + i,
          gast_type: 'erwachsener',
          anzahl: 1,
          arrival_date: arrival,
          departure_date: departure,
          ...(p.kurtaxe !== undefined ? { kurtaxe_calc: p.kurtaxe / 100 } : {}),
          [FIELDS.familyName]: 'Jansen',
          [FIELDS.firstNames]: p.first,
          [FIELDS.birthDate]: p.birth ?? '1984-03-09',
          [FIELDS.nationality]: p.nationality,
          [FIELDS.street]: 'Keizersgracht 12',
          [FIELDS.postcode]: '1015 CS',
          [FIELDS.town]: 'Amsterdam',
          [FIELDS.country]: 'NL',
          [FIELDS.documentNumber]: `NX1234${i}P7`,
        }),
      ),
    },
  ]);
  return { ...who, formId: id };
}

/** Two unrelated Dutch adults, each with half of the party's EUR 15.00: two signers. */
async function annaAndBram() {
  const party = await bookedForm({
    kurtaxeCents: 1500,
    persons: [
      { first: 'Anna', nationality: 'NL', kurtaxe: 750 },
      { first: 'Bram', nationality: 'NL', kurtaxe: 750 },
    ],
  });
  return { party, anna: party.formId * 10, bram: party.formId * 10 + 1 };
}

/** The guest starts paying: the session id of Stripe's hosted page. */
async function startPaying(
  party: { serviceUrl: string; username: string; formId: number },
  guestId?: number,
) {
  const started = await startCardPayment(
    { ...party, guestId, consent: true },
    { page: 'http://portal.test/karte/x' },
    'de',
  );
  if (!('url' in started)) throw new Error(`refused: ${started.refused}`);
  return started.url.split('/').at(-1)!;
}

async function paymentOf(sessionId: string) {
  const [row] = await t.db
    .select()
    .from(portalPayments)
    .where(eq(portalPayments.sessionId, sessionId));
  return row!;
}

/** A guest card row of `party`, as the guest card page reads it. */
const cardOf = (party: { serviceUrl: string; username: string; formId: number }) =>
  ({
    id: randomUUID(),
    ...party,
    personId: null,
    partyId: randomUUID(),
    checkinId: null,
    karte: null,
    departureDate: addDays(berlinToday(), 3),
    lang: 'de',
    authToken: 'x',
    version: 1,
    updatedAt: new Date(),
    cancelledAt: null,
  }) satisfies GuestCardRow;

describe('a guest pays on the arrival day', () => {
  it('is confirmed by the signed webhook: paid, 3-D Secure authenticated, the reference kept', async () => {
    const party = await bookedForm();
    expect(await paymentOffer(party)).toEqual({
      state: 'due',
      amountCents: 1260,
      failed: false,
      confirms: true,
    });
    const sid = await startPaying(party);
    const session = stand.sessions.get(sid)!;
    // A direct charge on the landlord's account, 3-D Secure always requested, card only.
    expect(session.amount_total).toBe(1260);
    expect(session.payment_method_options).toEqual({ card: { request_three_d_secure: 'any' } });
    await stand.pay(sid, 'authenticated');
    expect(stand.deliveries.filter((d) => d.status === 200).length).toBeGreaterThanOrEqual(2);
    const row = await paymentOf(sid);
    expect(row).toMatchObject({ state: 'paid', threeDSecure: 'authenticated' });
    expect(row.confirmation).toBe('confirmed');
    const pi = await stand.stripe.paymentIntents.retrieve(
      row.paymentIntentId!,
      { expand: ['latest_charge'] },
      { stripeAccount: row.accountId },
    );
    const charge = pi.latest_charge as {
      payment_method_details: { card: { network_transaction_id: string } };
    };
    expect(row.reference).toBe(charge.payment_method_details.card.network_transaction_id);
    // The record names the route, the provider and the reference.
    const record = await arrivalState(t.db, party);
    expect(record).toMatchObject({ route: 'card', confirmed: true });
    expect(record!.signers[0]).toMatchObject({
      route: 'card',
      paymentProvider: 'Stripe',
      paymentReference: row.reference,
      paymentId: row.paymentIntentId,
    });
    const offer = await paymentOffer(party);
    expect(offer).toMatchObject({ state: 'paid', confirmation: 'confirmed', amountCents: 1260 });
    // Paid: the link starts no second payment.
    expect(await startCardPayment(party, { page: 'http://portal.test/k' }, 'de')).toEqual({
      refused: 'paid',
    });
  });

  it('is not confirmed by a payment without 3-D Secure authentication', async () => {
    const party = await bookedForm();
    const sid = await startPaying(party);
    await stand.pay(sid, 'exempted');
    expect(await paymentOf(sid)).toMatchObject({ state: 'paid', confirmation: 'no-sca' });
    expect(await paymentOffer(party)).toMatchObject({
      state: 'paid',
      confirmation: 'not-confirmed',
    });
  });

  it('leaves a declined challenge open, with the failure shown and another try possible', async () => {
    const party = await bookedForm();
    const sid = await startPaying(party);
    await stand.pay(sid, 'failed');
    expect(await paymentOf(sid)).toMatchObject({
      state: 'open',
      failureCode: 'payment_intent_authentication_failure',
      confirmation: null,
    });
    expect(await paymentOffer(party)).toEqual({
      state: 'due',
      amountCents: 1260,
      failed: true,
      confirms: true,
    });
    // The same open session is offered again.
    expect(await startPaying(party)).toBe(sid);
  });
});

describe('wallets (decision 029: off for the confirming payment)', () => {
  it('the confirming session offers card entry only: no Apple Pay, no Google Pay, no Link', async () => {
    const party = await bookedForm();
    const sid = await startPaying(party);
    const cfgId = (stand.sessions.get(sid)!.payment_method_configuration_details as { id: string })
      .id;
    const cfg = stand.configurations.get(cfgId)!;
    // Made on the landlord's own account, card on, the wallets off.
    const [account] = await t.db.select().from(portalPaymentAccounts);
    expect(account!.cardOnlyConfig).toBe(cfgId);
    const pref = (m: string) =>
      (cfg[m] as { display_preference: { preference: string } }).display_preference.preference;
    expect([pref('card'), pref('apple_pay'), pref('google_pay'), pref('link')]).toEqual([
      'on',
      'off',
      'off',
      'off',
    ]);
    expect(stand.walletsOf(sid)).toEqual([]);
    await expect(stand.pay(sid, 'apple_pay')).rejects.toThrow(/not offered/);
    await expect(stand.pay(sid, 'google_pay')).rejects.toThrow(/not offered/);
    // The next confirming session on the same account uses the same configuration.
    const made = stand.configurations.size;
    const other = await startPaying(await bookedForm());
    expect(stand.sessions.get(other)!.payment_method_configuration_details).toEqual({
      id: cfgId,
      parent: null,
    });
    expect(stand.configurations.size).toBe(made);
  });

  it('a wallet payment that gets through anyway is kept as the Kurtaxe but does not confirm', async () => {
    const party = await bookedForm();
    const sid = await startPaying(party);
    // As if the configuration had been turned back on at Stripe.
    stand.sessions.get(sid)!.payment_method_configuration_details = null;
    await stand.pay(sid, 'apple_pay');
    expect(await paymentOf(sid)).toMatchObject({ state: 'paid', confirmation: 'no-sca' });
    expect((await arrivalState(t.db, party))!.confirmed).toBe(false);
  });

  it('a party without a BMG form (German guests only) may pay its Kurtaxe with a wallet', async () => {
    const party = await bookedForm({ nationality: 'DE' });
    const sid = await startPaying(party);
    expect(stand.sessions.get(sid)!.payment_method_configuration_details).toBeNull();
    await stand.pay(sid, 'google_pay');
    expect(await paymentOffer(party)).toMatchObject({ state: 'paid', confirmation: 'paid' });
  });
});

describe("a signer's share changes while a session is open", () => {
  it('the older session is expired at Stripe and a session of the new share made', async () => {
    const { party, anna, bram } = await annaAndBram();
    const old = await startPaying(party, anna);
    expect(stand.sessions.get(old)).toMatchObject({ amount_total: 750, status: 'open' });
    // Bram turns out to be Anna's partner: he is counted on her form, her share is the whole.
    expect(await setRelations(t.db, party, { [String(bram)]: { as: 'partner', of: anna } })).toBe(
      'changed',
    );
    const fresh = await startPaying(party, anna);
    expect(fresh).not.toBe(old);
    expect(stand.sessions.get(fresh)).toMatchObject({ amount_total: 1500, status: 'open' });
    // The old page can no longer take the old amount.
    expect(stand.sessions.get(old)).toMatchObject({ status: 'expired' });
    await expect(stand.pay(old, 'authenticated')).rejects.toThrow(/not open/);
    expect(await paymentOf(old)).toMatchObject({ state: 'expired' });
  });

  it('the periodic check expires a session that is no longer its payer’s share, and only that', async () => {
    const { party, anna, bram } = await annaAndBram();
    const alone = await bookedForm();
    const kept = await startPaying(alone);
    const [annas, brams] = [await startPaying(party, anna), await startPaying(party, bram)];
    expect(await checkOpenPayments(t.db)).toBe(0);
    // Bram is Anna's partner after all: her share is the whole, and he signs nothing.
    await setRelations(t.db, party, { [String(bram)]: { as: 'partner', of: anna } });
    expect(await checkOpenPayments(t.db)).toBe(2);
    for (const sid of [annas, brams]) {
      expect(stand.sessions.get(sid)).toMatchObject({ status: 'expired' });
      expect(await paymentOf(sid)).toMatchObject({ state: 'expired' });
    }
    expect(stand.sessions.get(kept)).toMatchObject({ status: 'open' });
    expect(await paymentOf(kept)).toMatchObject({ state: 'open' });
    // Anna pays her new share in a session of its own.
    expect(stand.sessions.get(await startPaying(party, anna))).toMatchObject({
      amount_total: 1500,
    });
  });

  it('a session paid meanwhile is settled, not expired, and no second one is made', async () => {
    const { party, anna, bram } = await annaAndBram();
    const old = await startPaying(party, anna);
    stand.delivery = 'hold';
    await stand.pay(old, 'authenticated');
    await setRelations(t.db, party, { [String(bram)]: { as: 'partner', of: anna } });
    const sessions = stand.sessions.size;
    expect(
      await startCardPayment(
        { ...party, guestId: anna, consent: true },
        { page: 'http://portal.test/k' },
        'de',
      ),
    ).toEqual({ refused: 'paid' });
    expect(stand.sessions.size).toBe(sessions);
    expect(await paymentOf(old)).toMatchObject({ state: 'paid', confirmation: 'confirmed' });
  });
});

describe('the record decides', () => {
  it("never overwrites another route's confirmation", async () => {
    const party = await bookedForm();
    // The webhook of a payment started before the landlord marked the paper signed.
    const sid = await startPaying(party);
    expect(await confirmOnPaper(t.db, party, party.formId * 10)).toBe('confirmed');
    await stand.pay(sid, 'authenticated');
    expect(await paymentOf(sid)).toMatchObject({ state: 'paid', confirmation: 'already' });
    expect(await arrivalState(t.db, party)).toMatchObject({ route: 'paper' });
    // A signer who signed on paper is offered no payment.
    const other = await bookedForm();
    await confirmOnPaper(t.db, other, other.formId * 10);
    expect(await paymentOffer(other)).toEqual({ state: 'signed' });
    expect(await startCardPayment(other, { page: 'http://p/k' }, 'de')).toEqual({
      refused: 'signed',
    });
  });

  it('a German-only party pays its Kurtaxe; nothing to confirm', async () => {
    // Before the arrival day it is not told to sign a paper form it does not need.
    const early = await bookedForm({ nationality: 'DE', arrival: addDays(berlinToday(), 2) });
    expect(await paymentOffer(early)).toBeNull();
    const party = await bookedForm({ nationality: 'DE' });
    // On the day it is offered the Kurtaxe alone, in words that ask no confirmation.
    const offer = await paymentOffer(party);
    expect(offer).toEqual({ state: 'due', amountCents: 1260, failed: false, confirms: false });
    const section = {
      offer: { confirms: false as const, offer: offer! },
      payHref: '/karte/x/zahlen',
      notice: null,
    };
    const html = renderToStaticMarkup(createElement(PayOffer, { section, lang: 'de' }));
    expect(html).toContain('Kurtaxe zahlen (12,60');
    expect(html).not.toMatch(/Anmeldung bestätigen|Meldeschein bei/);
    const sid = await startPaying(party);
    await stand.pay(sid, 'authenticated');
    expect(await paymentOf(sid)).toMatchObject({ state: 'paid', confirmation: 'not-required' });
    expect(await paymentOffer(party)).toMatchObject({ state: 'paid', confirmation: 'paid' });
  });
});

describe('each signer confirms their own form (issue 35)', () => {
  const html = async (party: { serviceUrl: string; username: string; formId: number }) => {
    const offer = await partyOffer(party);
    return renderToStaticMarkup(
      createElement(PayOffer, {
        section: { offer: offer!, payHref: '/karte/x/zahlen', notice: null },
        lang: 'de',
      }),
    );
  };

  it('two unrelated Dutch adults: one card confirms its payer only; each pays their own share', async () => {
    const { party, anna, bram } = await annaAndBram();
    const offers = await partyOffer(party);
    expect(offers).toMatchObject({
      confirms: true,
      signers: [
        { guestId: anna, persons: 1, offer: { state: 'due', amountCents: 750 } },
        { guestId: bram, persons: 1, offer: { state: 'due', amountCents: 750 } },
      ],
    });
    // Without naming the signer, a party of two signers is not charged.
    expect(await startCardPayment(party, { page: 'http://p/k' }, 'de')).toEqual({
      refused: 'signer',
    });
    const sid = await startPaying(party, anna);
    expect(stand.sessions.get(sid)).toMatchObject({ amount_total: 750 });
    await stand.pay(sid, 'authenticated');
    expect(await paymentOf(sid)).toMatchObject({ guestId: anna, confirmation: 'confirmed' });
    const record = await arrivalState(t.db, party);
    expect(record!.signers.map((s) => [s.guestId, s.route])).toEqual([
      [anna, 'card'],
      [bram, null],
    ]);
    expect(record!.confirmed).toBe(false);
    // Bram's page: his own form is open, and nothing reads "Ihre Anmeldung ist bestätigt".
    const page = await html(party);
    expect(page).not.toContain('Ihre Anmeldung ist bestätigt');
    expect(page).toContain('Die Anmeldung von Anna Jansen ist bestätigt.');
    expect(page).toContain('Als Bram Jansen bestätigen und 7,50');
    expect(await paymentOffer({ ...party, guestId: bram })).toMatchObject({ state: 'due' });
    const second = await startPaying(party, bram);
    expect(second).not.toBe(sid);
    await stand.pay(second, 'authenticated');
    const both = await arrivalState(t.db, party);
    expect(both!.confirmed).toBe(true);
    const paid = await t.db.select().from(portalPayments);
    // The party's payments add up to its Kurtaxe; nobody paid twice.
    expect(
      paid.filter((p) => p.formId === party.formId).reduce((n, p) => n + p.amountCents, 0),
    ).toBe(1500);
  });

  it('after one adult signs on paper, the other adult’s page does not say confirmed', async () => {
    const { party } = await annaAndBram();
    await confirmOnPaper(t.db, party, party.formId * 10);
    const page = await html(party);
    expect(page).not.toContain('Ihre Anmeldung ist bestätigt');
    expect(page).toContain(
      'Die Anmeldung von Anna Jansen ist mit dem unterschriebenen Meldeschein',
    );
    expect(page).toMatch(/data-payment-state="due"[^>]*aria-labelledby/);
  });

  it("a German adult's Kurtaxe goes with the first signer's share; a share below 0.50 EUR takes paper", async () => {
    const party = await bookedForm({
      kurtaxeCents: 2100,
      persons: [
        { first: 'Anna', nationality: 'NL', kurtaxe: 700 },
        { first: 'Erik', nationality: 'DE', kurtaxe: 700 },
        { first: 'Bram', nationality: 'BE', kurtaxe: 700 },
      ],
    });
    expect(await partyOffer(party)).toMatchObject({
      signers: [
        { guestId: party.formId * 10, offer: { amountCents: 1400 } },
        { guestId: party.formId * 10 + 2, offer: { amountCents: 700 } },
      ],
    });
    const tiny = await bookedForm({
      kurtaxeCents: 80,
      persons: [
        { first: 'Anna', nationality: 'NL', kurtaxe: 40 },
        { first: 'Bram', nationality: 'NL', kurtaxe: 40 },
      ],
    });
    const offers = await partyOffer(tiny);
    expect(offers).toMatchObject({
      signers: [{ offer: { state: 'small', amountCents: 40 } }, { offer: { state: 'small' } }],
    });
    expect(await startPaying(tiny, tiny.formId * 10).catch((e: Error) => e.message)).toBe(
      'refused: small',
    );
  });

  it('a foreign child of German parents: the child’s own form, confirmed for the child by a parent', async () => {
    const party = await bookedForm({
      kurtaxeCents: 1000,
      persons: [
        { first: 'Mutter', nationality: 'DE', kurtaxe: 500 },
        { first: 'Lou', nationality: 'FR', birth: '2018-04-01', kurtaxe: 500 },
      ],
    });
    const lou = party.formId * 10 + 1;
    // The child signs (through a parent); the German mother is on no form, her Kurtaxe goes along.
    expect(await partyOffer(party)).toMatchObject({
      confirms: true,
      signers: [{ guestId: lou, minor: true, offer: { state: 'due', amountCents: 1000 } }],
    });
    const page = await html(party);
    expect(page).toContain(
      'Lou Jansen ist minderjährig: Ein Elternteil oder die gesetzliche Vertretung bestätigt die Anmeldung für das Kind',
    );
    expect(page).toContain('Für Lou Jansen bestätigen und 10,00');
    expect(page).not.toContain('bestätigen Sie Ihre Anmeldedaten');
  });

  it('after a refund (a cancelled stay) the guest’s page says so', async () => {
    const party = await bookedForm({ kurtaxeCents: 990 });
    await stand.pay(await startPaying(party), 'authenticated');
    await t.db
      .update(portalForms)
      .set({ state: 'cancelled' })
      .where(eq(portalForms.formId, party.formId));
    // The charge.refunded webhook is held (it would land in the next test).
    stand.delivery = 'hold';
    expect(await refundPayment(owner, party.formId)).toBe('refunded');
    await t.db
      .update(portalForms)
      .set({ state: 'draft' })
      .where(eq(portalForms.formId, party.formId));
    expect(await paymentOffer(party)).toEqual({
      state: 'refunded',
      amountCents: 990,
      confirmed: true,
      pending: false,
    });
    expect(await html(party)).toContain('Die Kurtaxe von 9,90');
  });

  it('while Stripe still works on the refund, the guest’s page says it was made, not that it arrived', async () => {
    const party = await bookedForm({ kurtaxeCents: 1230 });
    await stand.pay(await startPaying(party), 'authenticated');
    await t.db
      .update(portalForms)
      .set({ state: 'cancelled' })
      .where(eq(portalForms.formId, party.formId));
    stand.delivery = 'hold';
    stand.refundStatus = 'pending';
    expect(await refundPayment(owner, party.formId)).toBe('pending');
    expect(await paymentOffer(party)).toMatchObject({ state: 'refunded', pending: true });
    const asked = await html(party);
    expect(asked).toContain('Die Erstattung der Kurtaxe von 12,30');
    expect(asked).toContain('ist veranlasst');
    expect(asked).not.toContain('wurde Ihnen erstattet');
    const [row] = await t.db
      .select()
      .from(portalPayments)
      .where(eq(portalPayments.formId, party.formId));
    await stand.settleRefund(row!.refundId!, 'succeeded');
    expect(await checkOpenPayments(t.db)).toBe(1);
    expect(await paymentOffer(party)).toMatchObject({ state: 'refunded', pending: false });
    const done = await html(party);
    expect(done).toContain('Die Kurtaxe von 12,30');
    expect(done).toContain('wurde Ihnen erstattet');
  });
});

describe('consent to the electronic route (§ 29(5) BMG)', () => {
  it('is asked before the payment and kept with the confirmation', async () => {
    const party = await bookedForm();
    // The pay section says what the guest consents to, and who processes the payment.
    const offer = await partyOffer(party);
    const page = renderToStaticMarkup(
      createElement(PayOffer, {
        section: { offer: offer!, payHref: '/karte/x/zahlen', notice: null },
        lang: 'de',
      }),
    );
    expect(page).toContain('Ihre Einwilligung (§ 29 Abs. 5 BMG)');
    expect(page).toContain('Zahlungsdienstleister Stripe');
    expect(page).toContain(`href="/karte/x/zahlen?gast=${party.formId * 10}&amp;einwilligung=ja"`);
    // A link without the consent starts no payment.
    const before = stand.sessions.size;
    expect(await startCardPayment(party, { page: 'http://p/k' }, 'de')).toEqual({
      refused: 'consent',
    });
    const res = await payAndRedirect([cardOf(party)], '/karte/tok', 'de', party.formId * 10, false);
    expect(res.headers.get('location')).toBe('/karte/tok?zahlung=consent');
    expect(stand.sessions.size).toBe(before);
    // With it: the time of consent is kept with the payment and with the signer's confirmation.
    const sid = await startPaying(party, party.formId * 10);
    const row = await paymentOf(sid);
    expect(row.consentAt).toBeInstanceOf(Date);
    await stand.pay(sid, 'authenticated');
    const record = await arrivalState(t.db, party);
    expect(record!.signers[0]!.consentAt?.getTime()).toBe(row.consentAt!.getTime());
  });
});

describe('webhooks', () => {
  it('refuses a forged, a tampered and a replayed webhook, and changes nothing', async () => {
    const party = await bookedForm();
    const sid = await startPaying(party);
    stand.delivery = 'hold';
    const [completed] = await stand.pay(sid, 'authenticated');
    expect(await stand.send(completed!, { secret: 'whsec_forged' })).toBe(400);
    // Signed correctly, then changed on the way.
    const payload = JSON.stringify(completed);
    const header = stand.sign(payload);
    const tampered = payload.replace('"complete"', '"open"');
    const config = paymentsConfig()!;
    expect(await handleWebhook(t.db, config, Buffer.from(tampered), header)).toEqual({
      status: 400,
      reason: 'signature',
    });
    expect(await handleWebhook(t.db, config, Buffer.from(payload), null)).toMatchObject({
      status: 400,
    });
    // The real signature of ten minutes ago: a replay.
    const old = Math.floor(Date.now() / 1000) - 600;
    expect(await stand.send(completed!, { timestamp: old })).toBe(400);
    expect(await paymentOf(sid)).toMatchObject({ state: 'open', confirmation: null });
    expect(await t.db.select().from(portalPaymentEvents)).toEqual([]);
    // The genuine one, on time.
    expect(await stand.send(completed!)).toBe(200);
    expect(await paymentOf(sid)).toMatchObject({ state: 'paid', confirmation: 'confirmed' });
  });

  it('settles once for a duplicate and for events out of order', async () => {
    const party = await bookedForm();
    const sid = await startPaying(party);
    stand.delivery = 'hold';
    const [completed, succeeded] = await stand.pay(sid, 'authenticated');
    const config = paymentsConfig()!;
    const deliver = (e: typeof completed) => {
      const payload = JSON.stringify(e);
      return handleWebhook(t.db, config, Buffer.from(payload), stand.sign(payload));
    };
    // The intent's event first (it names our payment in its metadata), then the session's.
    expect(await deliver(succeeded)).toEqual({ status: 200, result: 'paid' });
    const first = await paymentOf(sid);
    expect(await deliver(completed)).toEqual({ status: 200, result: 'unchanged' });
    expect(await deliver(completed)).toEqual({ status: 200, result: 'duplicate' });
    expect(await deliver(succeeded)).toEqual({ status: 200, result: 'duplicate' });
    const after = await paymentOf(sid);
    expect(after.updatedAt).toEqual(first.updatedAt);
    expect(after.confirmation).toBe('confirmed');
    expect((await t.db.select().from(portalPaymentEvents)).map((e) => e.type).sort()).toEqual([
      'checkout.session.completed',
      'payment_intent.succeeded',
    ]);
  });

  it("ignores an event for another account's session", async () => {
    const party = await bookedForm();
    const sid = await startPaying(party);
    stand.delivery = 'hold';
    const [completed] = await stand.pay(sid, 'authenticated');
    const forged = { ...completed!, id: `evt_${randomUUID()}`, account: 'acct_other' };
    expect(await stand.send(forged)).toBe(200);
    expect(await paymentOf(sid)).toMatchObject({ state: 'open' });
  });
});

describe('two instances receive the same webhook at once', () => {
  let second: DbHandle | undefined;
  let db2: Db;
  beforeAll(async () => {
    // On PostgreSQL a second pool is a second instance; on PGlite the same database.
    second = t.url ? await openDb({ url: t.url }) : undefined;
    db2 = second?.db ?? t.db;
  });
  afterAll(async () => {
    await second?.close();
  });

  it('one payment settled, one confirmation', async () => {
    const party = await bookedForm();
    const sid = await startPaying(party);
    stand.delivery = 'hold';
    const [completed, succeeded] = await stand.pay(sid, 'authenticated');
    const config = paymentsConfig()!;
    const body = (e: typeof completed) => {
      const payload = JSON.stringify(e);
      return [Buffer.from(payload), stand.sign(payload)] as const;
    };
    const [b1, s1] = body(completed);
    const [b2, s2] = body(succeeded);
    const results = await Promise.all([
      handleWebhook(t.db, config, b1, s1),
      handleWebhook(db2, config, b1, s1),
      handleWebhook(t.db, config, b2, s2),
      handleWebhook(db2, config, b2, s2),
    ]);
    const outcomes = results.map((r) => ('result' in r ? r.result : r.status)).sort();
    expect(outcomes).toEqual(['duplicate', 'duplicate', 'paid', 'unchanged']);
    const rows = await t.db
      .select()
      .from(portalPayments)
      .where(eq(portalPayments.formId, party.formId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'paid', confirmation: 'confirmed' });
    const record = await arrivalState(t.db, party);
    expect(record!.signers.filter((s) => s.route === 'card')).toHaveLength(1);
  });
});

describe('a lost webhook', () => {
  it('is recovered when the guest comes back from Stripe', async () => {
    const party = await bookedForm();
    const sid = await startPaying(party);
    stand.delivery = 'hold';
    await stand.pay(sid, 'authenticated');
    expect(await paymentOf(sid)).toMatchObject({ state: 'open' });
    // Another party's session id recovers nothing for this one.
    await recoverOnReturn({ ...party, formId: party.formId + 1 }, sid);
    expect(await paymentOf(sid)).toMatchObject({ state: 'open' });
    await recoverOnReturn(party, sid);
    expect(await paymentOf(sid)).toMatchObject({ state: 'paid', confirmation: 'confirmed' });
  });

  it('a guest whose webhook is late and who opens the pay link again is not charged twice', async () => {
    const party = await bookedForm();
    const sid = await startPaying(party);
    stand.delivery = 'hold';
    await stand.pay(sid, 'authenticated');
    expect(await paymentOf(sid)).toMatchObject({ state: 'open' });
    const sessions = stand.sessions.size;
    // The guest opens the link again before any webhook came: the paid session is settled first,
    // no second session is made, and the payment confirms.
    expect(
      await startCardPayment({ ...party, consent: true }, { page: 'http://portal.test/k' }, 'de'),
    ).toEqual({ refused: 'paid' });
    expect(stand.sessions.size).toBe(sessions);
    expect(await paymentOf(sid)).toMatchObject({ state: 'paid', confirmation: 'confirmed' });
  });

  it('an open, unpaid session is offered again, not a second one', async () => {
    const party = await bookedForm();
    const sid = await startPaying(party);
    const sessions = stand.sessions.size;
    expect(await startPaying(party)).toBe(sid);
    expect(stand.sessions.size).toBe(sessions);
  });

  it('is recovered by the periodic check', async () => {
    const party = await bookedForm();
    const sid = await startPaying(party);
    stand.delivery = 'hold';
    await stand.pay(sid, 'authenticated');
    expect(await checkOpenPayments(t.db)).toBe(1);
    expect(await paymentOf(sid)).toMatchObject({ state: 'paid', confirmation: 'confirmed' });
    expect(await checkOpenPayments(t.db)).toBe(0);
  });
});

describe('what the guest cannot choose', () => {
  it('pays the Kurtaxe of the index, whatever the link or page say', async () => {
    const party = await bookedForm({ kurtaxeCents: 2340 });
    // The guest's link: a query naming another amount or party reaches nothing that reads it.
    const res = await payAndRedirect(
      [cardOf(party)],
      '/karte/tok?amount=1&formId=1',
      'en',
      null,
      true,
    );
    expect(res.status).toBe(303);
    const sid = res.headers.get('location')!.split('/').at(-1)!;
    expect(stand.sessions.get(sid)).toMatchObject({ amount_total: 2340, locale: 'en' });
    expect(String(stand.sessions.get(sid)!.success_url)).toContain(
      'session_id={CHECKOUT_SESSION_ID}',
    );
  });

  it('does not confirm a payment of another amount than the server fixed', async () => {
    const party = await bookedForm({ kurtaxeCents: 1800 });
    const sid = await startPaying(party);
    stand.sessions.get(sid)!.amount_total = 100;
    await stand.pay(sid, 'authenticated');
    expect(await paymentOf(sid)).toMatchObject({ state: 'paid', confirmation: 'amount-mismatch' });
  });

  it('offers nothing before the arrival day, after it, or at zero Kurtaxe', async () => {
    const tomorrow = addDays(berlinToday(), 1);
    const early = await bookedForm({ arrival: tomorrow });
    expect(await paymentOffer(early)).toEqual({ state: 'not-yet', arrival: tomorrow });
    const res = await payAndRedirect([cardOf(early)], '/karte/tok', 'de');
    expect(res.headers.get('location')).toBe('/karte/tok?zahlung=not-yet');
    const late = await bookedForm({ arrival: addDays(berlinToday(), -1) });
    expect(await startCardPayment(late, { page: 'http://p/k' }, 'de')).toEqual({ refused: 'past' });
    const free = await bookedForm({ kurtaxeCents: 0 });
    expect(await startCardPayment(free, { page: 'http://p/k' }, 'de')).toEqual({ refused: 'zero' });
    // Another landlord without a ready account: the route is off.
    const elsewhere = await bookedForm({ who: stranger, landlord: 9 });
    expect(await paymentOffer(elsewhere)).toEqual({ state: 'off' });
    expect(
      [...stand.sessions.values()].filter(
        (s) => s.metadata && (s.metadata as { form_id?: string }).form_id === String(early.formId),
      ),
    ).toEqual([]);
  });
});

describe('the session’s lifetime', () => {
  it('ends with the arrival day, never more than 24 hours after it began (the clocks go back)', async () => {
    const hours = (at: Date) => (checkoutExpiry(at) * 1000 - at.getTime()) / 3_600_000;
    // The night the clocks go back the Berlin day has 25 hours: 24.8 h were asked before.
    const night = berlinInstant('2026-10-25', '00:10:00');
    expect(hours(night)).toBeLessThanOrEqual(24);
    expect(hours(night)).toBeGreaterThan(23.8);
    // An ordinary morning: the end of the day; late in the evening: Stripe's 30 minutes at least.
    const morning = berlinInstant('2026-07-14', '09:00:00');
    expect(checkoutExpiry(morning) * 1000).toBe(berlinInstant('2026-07-15', '00:00:00').getTime());
    expect(hours(berlinInstant('2026-07-14', '23:50:00'))).toBeGreaterThanOrEqual(0.5);
    // The session made that night asks Stripe for no more than 24 hours.
    const party = await bookedForm({ arrival: '2026-10-25' });
    const started = await startCardPayment(
      { ...party, consent: true },
      { page: 'http://portal.test/k' },
      'de',
      night,
    );
    if (!('url' in started)) throw new Error(`refused: ${started.refused}`);
    const session = stand.sessions.get(started.url.split('/').at(-1)!)!;
    expect(Number(session.expires_at) - night.getTime() / 1000).toBeLessThanOrEqual(24 * 3600);
  });
});

describe('whose account', () => {
  it('an agency login: each landlord’s guests pay on that landlord’s own account, never on another’s', async () => {
    // The login books for landlord 2 as well, who has no Stripe account yet.
    const other = await bookedForm({ landlord: 2 });
    expect(await paymentOffer(other)).toEqual({ state: 'off' });
    expect(await startCardPayment(other, { page: 'http://portal.test/k' }, 'de')).toEqual({
      refused: 'off',
    });
    // Landlord 2's own account: the guest's payment is a charge on it.
    await onboardingUrl(owner, 2, 'http://portal.test');
    const [second] = await t.db
      .select()
      .from(portalPaymentAccounts)
      .where(eq(portalPaymentAccounts.beherbergerId, 2));
    stand.completeOnboarding(second!.accountId);
    await refreshAccount({ serviceUrl: owner.serviceUrl, beherbergerId: 2 });
    const sid = await startPaying(other);
    const first = await t.db
      .select()
      .from(portalPaymentAccounts)
      .where(eq(portalPaymentAccounts.beherbergerId, 1));
    expect((await paymentOf(sid)).accountId).toBe(second!.accountId);
    expect(second!.accountId).not.toBe(first[0]!.accountId);
    // Landlord 1's guests still pay on landlord 1's account; another login of landlord 2 (its
    // second user) finds the same account, no second one.
    const own = await startPaying(await bookedForm());
    expect((await paymentOf(own)).accountId).toBe(first[0]!.accountId);
    await onboardingUrl({ ...owner, username: 'landlord-2-office' }, 2, 'http://portal.test');
    expect(await t.db.select().from(portalPaymentAccounts)).toHaveLength(2);
  });
});

describe('refund of a cancelled stay', () => {
  it('refunds once, only when cancelled, and only the own stay', async () => {
    const party = await bookedForm({ kurtaxeCents: 990 });
    const sid = await startPaying(party);
    await stand.pay(sid, 'authenticated');
    expect(await refundPayment(owner, party.formId)).toBe('not-cancelled');
    await t.db
      .update(portalForms)
      .set({ state: 'cancelled' })
      .where(eq(portalForms.formId, party.formId));
    expect(await refundPayment(stranger, party.formId)).toBe('not-found');
    const before = stand.refunds.size;
    const results = await Promise.all([
      refundPayment(owner, party.formId),
      refundPayment(owner, party.formId),
    ]);
    expect(results.filter((r) => r === 'refunded').length).toBeGreaterThanOrEqual(1);
    expect(stand.refunds.size).toBe(before + 1);
    expect(await paymentOf(sid)).toMatchObject({ state: 'refunded' });
    expect(await refundPayment(owner, party.formId)).toBe('not-found');
    expect(stand.refunds.size).toBe(before + 1);
    // The charge.refunded webhook that follows changes nothing more.
    expect(await paymentOf(sid)).toMatchObject({ state: 'refunded' });
  });
});

describe("a refund's status at Stripe (issue 38)", () => {
  beforeEach(() => {
    stand.refundStatus = 'succeeded';
  });

  /** A paid payment of a stay cancelled since. */
  async function paidAndCancelled(kurtaxeCents = 1500) {
    const party = await bookedForm({ kurtaxeCents });
    const sid = await startPaying(party);
    await stand.pay(sid, 'authenticated');
    await t.db
      .update(portalForms)
      .set({ state: 'cancelled' })
      .where(eq(portalForms.formId, party.formId));
    return { party, sid };
  }

  const shown = (row: Awaited<ReturnType<typeof paymentOf>>) =>
    renderToStaticMarkup(
      createElement(CardPayment, {
        payments: [{ ...row, state: row.state === 'refunded' ? 'refunded' : 'paid' }],
        formId: row.formId,
        cancelled: true,
        refund: async () => {},
        outcome: undefined,
        pendingLabel: '…',
        lang: 'de',
      }),
    );

  it('a refund Stripe reports succeeded is refunded', async () => {
    const { party, sid } = await paidAndCancelled();
    expect(await refundPayment(owner, party.formId)).toBe('refunded');
    const row = await paymentOf(sid);
    expect(row).toMatchObject({ state: 'refunded', refundStatus: 'succeeded' });
    expect(shown(row)).toContain('Erstattet am');
  });

  it('a pending refund says so until the bank is done; the webhook brings its end', async () => {
    const { party, sid } = await paidAndCancelled();
    stand.refundStatus = 'pending';
    expect(await refundPayment(owner, party.formId)).toBe('pending');
    const row = await paymentOf(sid);
    expect(row).toMatchObject({ state: 'refunded', refundStatus: 'pending' });
    expect(shown(row)).toContain('bei Stripe noch in Bearbeitung');
    expect(shown(row)).not.toContain('Erstattet am');
    await stand.settleRefund(row.refundId!, 'succeeded');
    expect(await paymentOf(sid)).toMatchObject({ state: 'refunded', refundStatus: 'succeeded' });
  });

  it('a refund that fails at Stripe leaves the payment paid, shown as failed, and can be retried', async () => {
    const { party, sid } = await paidAndCancelled(1500);
    stand.refundStatus = 'pending';
    expect(await refundPayment(owner, party.formId)).toBe('pending');
    const first = (await paymentOf(sid)).refundId!;
    await stand.settleRefund(first, 'failed');
    const failed = await paymentOf(sid);
    expect(failed).toMatchObject({ state: 'paid', refundStatus: 'failed', refundId: first });
    expect(shown(failed)).toContain('laut Stripe fehlgeschlagen');
    expect(shown(failed)).toContain('Kurtaxe erstatten');
    // The webhook again (Stripe delivers at least once) changes nothing.
    const event = stand.events.filter((e) => e.type === 'charge.refund.updated').at(-1)!;
    await stand.send(event);
    expect(await paymentOf(sid)).toMatchObject({ state: 'paid', refundStatus: 'failed' });
    // A new try is a new refund (not Stripe's replay of the failed one).
    stand.refundStatus = 'succeeded';
    const before = stand.refunds.size;
    expect(await refundPayment(owner, party.formId)).toBe('refunded');
    expect(stand.refunds.size).toBe(before + 1);
    const again = await paymentOf(sid);
    expect(again).toMatchObject({ state: 'refunded', refundStatus: 'succeeded' });
    expect(again.refundId).not.toBe(first);
    // The failed one's news, late, does not undo it.
    await stand.send(event);
    expect(await paymentOf(sid)).toMatchObject({ state: 'refunded', refundStatus: 'succeeded' });
  });

  it('a refund Stripe declines at once is not marked refunded', async () => {
    const { party, sid } = await paidAndCancelled();
    stand.refundStatus = 'failed';
    expect(await refundPayment(owner, party.formId)).toBe('declined');
    expect(await paymentOf(sid)).toMatchObject({ state: 'paid', refundStatus: 'failed' });
  });

  it('the periodic check records the end of a pending refund whose webhook was lost', async () => {
    const { party, sid } = await paidAndCancelled();
    stand.refundStatus = 'pending';
    expect(await refundPayment(owner, party.formId)).toBe('pending');
    stand.delivery = 'hold';
    await stand.settleRefund((await paymentOf(sid)).refundId!, 'succeeded');
    expect(await paymentOf(sid)).toMatchObject({ refundStatus: 'pending' });
    expect(await checkOpenPayments(t.db)).toBe(1);
    expect(await paymentOf(sid)).toMatchObject({ state: 'refunded', refundStatus: 'succeeded' });
  });
});

describe('the statement', () => {
  it('shows the Kurtaxe paid online and open', async () => {
    const a = await bookedForm({ kurtaxeCents: 1000 });
    await bookedForm({ kurtaxeCents: 500 });
    await stand.pay(await startPaying(a), 'authenticated');
    const today = berlinToday();
    const figures = await paidFigures(owner, today, addDays(today, 1));
    expect(figures).toEqual({ paidCents: 1000, openCents: 500 });
  });
});

describe('retention', () => {
  it("erases the payments of stays departed past retention, with the record's clock", async () => {
    const old = await bookedForm({ arrival: addDays(berlinToday(), -400) });
    const recent = await bookedForm();
    const row = (party: typeof old) => ({
      id: randomUUID(),
      ...party,
      departureDate: party === old ? addDays(berlinToday(), -397) : addDays(berlinToday(), 3),
      accountId: 'acct_x',
      sessionId: `cs_test_${randomUUID()}`,
      amountCents: 500,
      state: 'paid' as const,
      reference: '123456789012345',
    });
    await t.db.insert(portalPayments).values([row(old), row(recent)]);
    expect(await erasePayments(t.db)).toBe(1);
    const left = await t.db.select().from(portalPayments);
    expect(left.map((p) => p.formId)).toEqual([recent.formId]);
  });

  it('erases the references a year after departure when the form and its record are gone, and rewrites their table', async () => {
    const party = await bookedForm();
    const sid = await startPaying(party);
    await stand.pay(sid, 'authenticated');
    const paid = await paymentOf(sid);
    expect(paid).toMatchObject({ state: 'paid', cardLast4: expect.any(String) });
    expect(paid.reference).toBeTruthy();
    // The service no longer shows the form: its index row and its record go, the payment stays.
    await t.db.delete(portalForms).where(eq(portalForms.formId, party.formId));
    await t.db.delete(portalArrivals).where(eq(portalArrivals.formId, party.formId));
    const fileOf = async () =>
      (
        (await t.db.execute(
          sql`select pg_relation_filenode('portal_payments')::text as f`,
        )) as unknown as { rows: { f: string }[] }
      ).rows[0]!.f;
    const before = await fileOf();
    await t.db.delete(storageScrubDue);
    // A year after the departure, still kept; a day later, erased.
    const dayAfter = (n: number) => berlinInstant(addDays(paid.departureDate, n), '12:00:00');
    expect((await sweepPortalRetention(t.db, dayAfter(365), 365)).payments).toBe(0);
    const swept = await sweepPortalRetention(t.db, dayAfter(366), 365);
    expect(swept.payments).toBe(1);
    expect(await t.db.select().from(portalPayments)).toEqual([]);
    // The erased references leave the table's files: rewritten at once on the embedded
    // database, marked for the night's rewrite on PostgreSQL (decision 025).
    if (t.url) {
      const due = await t.db.select().from(storageScrubDue);
      expect(due.map((d) => d.tableName)).toContain('portal_payments');
    } else {
      expect(await fileOf()).not.toBe(before);
    }
  });
});

describe('the production front door', () => {
  it("passes Stripe's POST to /stripe/webhook on to Next", async () => {
    const server = await startServer({ db: t.db } as TestDb);
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
        body: '{}',
      });
      expect(res.status).toBe(200);
      expect(server.nextSaw).toEqual(['/stripe/webhook']);
    } finally {
      await server.close();
    }
  });
});
