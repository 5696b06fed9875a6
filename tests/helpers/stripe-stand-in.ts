// A local stand-in of Stripe's API for the tests (vitest and the e2e run's global setup): the
// endpoints the portal uses, in Stripe's documented shapes, reached through the official `stripe`
// library (its host/port/protocol options). It keeps Connect accounts with their hosted
// onboarding, Checkout Sessions made on a connected account (`Stripe-Account`), their payment
// intents and charges, refunds (with Idempotency-Key replay; made `succeeded`, or `pending` and
// settled later to `succeeded` or `failed` with `charge.refund.updated`), payment method
// configurations on a connected account (Apple Pay and Google Pay on unless one turns them off),
// expiring an open session, a hosted checkout page with a 3-D Secure challenge that succeeds or
// fails and the wallets the session's configuration offers, and signs its webhooks with the webhook secret by
// Stripe's own scheme (`stripe.webhooks.generateTestHeaderString`). Nothing is mocked on our side.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Json = Record<string, unknown>;

export interface StandInEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  account: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: Json };
}

export interface Delivery {
  eventId: string;
  type: string;
  status: number | null;
}

export type ThreeDsOutcome = 'authenticated' | 'failed' | 'exempted';
/** A wallet inside Checkout: the device authenticates; Stripe reports no 3-D Secure result. */
export type Wallet = 'apple_pay' | 'google_pay';
const WALLETS: Wallet[] = ['apple_pay', 'google_pay'];

export interface StripeStandIn {
  /** The API's base, `http://127.0.0.1:<port>` (STRIPE_API_URL). */
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Where webhooks go; null: none are sent (they stay in `events`). */
  webhookUrl: string | null;
  /** `hold`: events are made but not sent (a lost webhook); `send` them later by hand. */
  delivery: 'send' | 'hold';
  events: StandInEvent[];
  deliveries: Delivery[];
  accounts: Map<string, Json>;
  sessions: Map<string, Json>;
  refunds: Map<string, Json>;
  /** The status a new refund gets (Stripe's card refunds are mostly `succeeded` at once). */
  refundStatus: 'succeeded' | 'pending' | 'failed';
  /** The bank's later word on a pending refund: its status, and `charge.refund.updated`. */
  settleRefund(refundId: string, status: 'succeeded' | 'failed'): Promise<StandInEvent>;
  /** A library instance pointed at the stand-in (as the app's own). */
  stripe: Stripe;
  /**
   * The customer on the hosted page: pays a session with the 3-D Secure outcome given, or with a
   * wallet (refused, as the page offers none, where the session's configuration turns it off).
   */
  pay(sessionId: string, outcome: ThreeDsOutcome | Wallet): Promise<StandInEvent[]>;
  /** The wallets the session's hosted page offers (its payment method configuration decides). */
  walletsOf(sessionId: string): Wallet[];
  /** Payment method configurations made on connected accounts. */
  configurations: Map<string, Json>;
  /** Finishes a connected account's onboarding (what the hosted onboarding's button does). */
  completeOnboarding(accountId: string): void;
  /** Signs and sends an event (again), optionally with another signing time or secret. */
  send(event: StandInEvent, opts?: { timestamp?: number; secret?: string }): Promise<number>;
  /** The header Stripe would send for `payload`. */
  sign(payload: string, opts?: { timestamp?: number; secret?: string }): string;
  close(): Promise<void>;
}

const API_VERSION = Stripe.API_VERSION;
const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Stripe's form encoding (`a[b][0][c]=x`) back into objects and arrays. */
export function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[i + 1]!);
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

function expandList(q: Json): string[] {
  const e = q.expand;
  return Array.isArray(e) ? e.map(String) : [];
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main>${body}</main></body></html>`;
}

export async function startStripeStandIn(
  opts: {
    port?: number;
    webhookUrl?: string | null;
    secretKey?: string;
    webhookSecret?: string;
  } = {},
): Promise<StripeStandIn> {
  const secretKey = opts.secretKey ?? `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = opts.webhookSecret ?? `whsec_${randomBytes(16).toString('base64url')}`;
  const accounts = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const intents = new Map<string, Json>();
  const charges = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  const configurations = new Map<string, Json>();
  /** Idempotency-Key -> the answer first given (Stripe replays it for 24 h). */
  const replays = new Map<string, Json>();
  /** Which connected account owns an object (direct charges live on it). */
  const ownerOf = new Map<string, string>();
  /** A session's payment_intent_data (not part of the session object Stripe returns). */
  const intentData = new Map<string, Json>();

  let base = '';
  const signer = new Stripe(secretKey);

  const stand: StripeStandIn = {
    url: '',
    secretKey,
    webhookSecret,
    webhookUrl: opts.webhookUrl ?? null,
    delivery: 'send',
    events: [],
    deliveries: [],
    accounts,
    sessions,
    refunds,
    refundStatus: 'succeeded',
    settleRefund,
    stripe: signer,
    pay,
    walletsOf,
    configurations,
    completeOnboarding,
    send,
    sign,
    close: async () => {},
  };

  function sign(payload: string, o: { timestamp?: number; secret?: string } = {}): string {
    return signer.webhooks.generateTestHeaderString({
      payload,
      secret: o.secret ?? webhookSecret,
      timestamp: o.timestamp ?? now(),
    });
  }

  async function send(
    event: StandInEvent,
    o: { timestamp?: number; secret?: string } = {},
  ): Promise<number> {
    if (!stand.webhookUrl) return 0;
    const payload = JSON.stringify(event, null, 2);
    let status: number | null = null;
    try {
      const res = await fetch(stand.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': sign(payload, o),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
      });
      status = res.status;
      await res.arrayBuffer();
    } catch {
      status = null;
    }
    stand.deliveries.push({ eventId: event.id, type: event.type, status });
    return status ?? 0;
  }

  async function settleRefund(refundId: string, status: 'succeeded' | 'failed') {
    const refund = refunds.get(refundId);
    if (!refund || refund.status !== 'pending') throw new Error(`no pending refund ${refundId}`);
    refund.status = status;
    if (status === 'failed') {
      // The money comes back to the landlord's balance: the charge is no longer refunded.
      refund.failure_reason = 'expired_or_canceled_card';
      const ch = charges.get(String(refund.charge))!;
      ch.amount_refunded = Number(ch.amount_refunded) - Number(refund.amount);
      ch.refunded = false;
    }
    return emit('charge.refund.updated', ownerOf.get(refundId)!, refund);
  }

  async function emit(type: string, account: string, object: Json): Promise<StandInEvent> {
    const event: StandInEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: now(),
      type,
      account,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    };
    stand.events.push(event);
    if (stand.delivery === 'send') await send(event);
    return event;
  }

  function account(id: string, type: string, body: Json): Json {
    return {
      id,
      object: 'account',
      type,
      country: String(body.country ?? 'DE'),
      email: body.email ?? null,
      default_currency: 'eur',
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      created: now(),
      capabilities: { card_payments: 'inactive', transfers: 'inactive' },
      business_profile: { name: null, url: null, mcc: null },
      metadata: (body.metadata as Json) ?? {},
      requirements: {
        currently_due: ['external_account', 'tos_acceptance.date'],
        disabled_reason: 'requirements.past_due',
      },
    };
  }

  function completeOnboarding(accountId: string): void {
    const a = accounts.get(accountId);
    if (!a) throw new Error(`no account ${accountId}`);
    Object.assign(a, {
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      capabilities: { card_payments: 'active', transfers: 'active' },
      requirements: { currently_due: [], disabled_reason: null },
    });
  }

  function walletsOf(sessionId: string): Wallet[] {
    const details = sessions.get(sessionId)?.payment_method_configuration_details as Json | null;
    const cfg = details ? configurations.get(String(details.id)) : undefined;
    // Without a configuration the account's defaults apply: Checkout offers the wallets with card.
    return WALLETS.filter((w) => {
      const pref = ((cfg?.[w] as Json | undefined)?.display_preference as Json | undefined)?.value;
      return pref !== 'off';
    });
  }

  /** The customer pays on the hosted page; the session, intent and charge as Stripe leaves them. */
  async function pay(sessionId: string, how: ThreeDsOutcome | Wallet): Promise<StandInEvent[]> {
    const s = sessions.get(sessionId);
    if (!s || s.status !== 'open') throw new Error(`session ${sessionId} is not open`);
    const wallet = (WALLETS as string[]).includes(how) ? (how as Wallet) : null;
    if (wallet && !walletsOf(sessionId).includes(wallet)) {
      throw new Error(`${wallet} is not offered on session ${sessionId}`);
    }
    // A wallet authenticates on the device: Stripe reports the wallet and no 3-D Secure result.
    const outcome: ThreeDsOutcome = wallet ? 'exempted' : (how as ThreeDsOutcome);
    const acct = ownerOf.get(sessionId)!;
    const amount = Number(s.amount_total);
    const requested = (s.payment_method_options as Json | null)?.card as Json | undefined;
    let pi = s.payment_intent ? intents.get(String(s.payment_intent)) : undefined;
    if (!pi) {
      pi = {
        id: newId('pi'),
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency: s.currency,
        status: 'requires_payment_method',
        created: now(),
        latest_charge: null,
        last_payment_error: null,
        // Checkout copies payment_intent_data.metadata to the intent (never the session's own).
        metadata: intentData.get(sessionId)?.metadata ?? {},
        payment_method_options: {
          card: { request_three_d_secure: requested?.request_three_d_secure ?? 'automatic' },
        },
        livemode: false,
      };
      intents.set(String(pi.id), pi);
      ownerOf.set(String(pi.id), acct);
      s.payment_intent = pi.id;
    }
    const events: StandInEvent[] = [];
    if (outcome === 'failed') {
      // Authentication failed: no charge; the intent waits for another payment method.
      pi.last_payment_error = {
        type: 'card_error',
        code: 'payment_intent_authentication_failure',
        message: 'The provided PaymentMethod has failed authentication.',
      };
      pi.status = 'requires_payment_method';
      events.push(await emit('payment_intent.payment_failed', acct, pi));
      return events;
    }
    const charge: Json = {
      id: newId('ch'),
      object: 'charge',
      amount,
      amount_captured: amount,
      amount_refunded: 0,
      currency: s.currency,
      created: now(),
      paid: true,
      captured: true,
      refunded: false,
      status: 'succeeded',
      payment_intent: pi.id,
      livemode: false,
      payment_method_details: {
        type: 'card',
        card: {
          brand: 'visa',
          country: 'NL',
          exp_month: 12,
          exp_year: new Date().getFullYear() + 3,
          fingerprint: 'Xt5EWLLDS7FJjR1c',
          funding: 'credit',
          last4: '3184',
          network: 'visa',
          network_transaction_id: String(Math.floor(Math.random() * 1e15)).padStart(15, '0'),
          three_d_secure:
            outcome === 'authenticated'
              ? {
                  authentication_flow: 'challenge',
                  electronic_commerce_indicator: '05',
                  exemption_indicator: null,
                  result: 'authenticated',
                  result_reason: null,
                  transaction_id: crypto.randomUUID(),
                  version: '2.2.0',
                }
              : null,
          wallet: wallet ? { type: wallet, dynamic_last4: '0482', [wallet]: {} } : null,
        },
      },
    };
    charges.set(String(charge.id), charge);
    ownerOf.set(String(charge.id), acct);
    Object.assign(pi, {
      status: 'succeeded',
      amount_received: amount,
      latest_charge: charge.id,
      last_payment_error: null,
    });
    Object.assign(s, { status: 'complete', payment_status: 'paid' });
    events.push(await emit('checkout.session.completed', acct, s));
    events.push(await emit('payment_intent.succeeded', acct, pi));
    return events;
  }

  function expanded(obj: Json, expand: string[]): Json {
    const out = structuredClone(obj);
    for (const path of expand) {
      const [head, ...rest] = path.split('.');
      if (!head) continue;
      const id = out[head];
      if (typeof id !== 'string') continue;
      const target = intents.get(id) ?? charges.get(id);
      if (target) out[head] = expanded(target, rest.length ? [rest.join('.')] : []);
    }
    return out;
  }

  function error(res: http.ServerResponse, status: number, message: string, extra: Json = {}) {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
    res.end(JSON.stringify({ error: { type: 'invalid_request_error', message, ...extra } }));
  }

  function json(res: http.ServerResponse, body: Json) {
    res.writeHead(200, { 'content-type': 'application/json', 'request-id': newId('req') });
    res.end(JSON.stringify(body));
  }

  function redirect(res: http.ServerResponse, to: string) {
    res.writeHead(303, { location: to });
    res.end();
  }

  function html(res: http.ServerResponse, body: string, status = 200) {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body);
  }

  /** On the connected account the header names: another account's object is not found. */
  function onAccount(id: string, acct: string | undefined): boolean {
    return !!acct && ownerOf.get(id) === acct;
  }

  async function api(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      error(res, 401, 'Invalid API Key provided.', { type: 'invalid_request_error' });
      return;
    }
    const url = new URL(req.url ?? '/', base);
    const params =
      req.method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(body);
    const acct = req.headers['stripe-account'] as string | undefined;
    const key = req.headers['idempotency-key'] as string | undefined;
    const replayKey = key && `${acct ?? ''}:${req.method} ${url.pathname}:${key}`;
    if (replayKey && replays.has(replayKey)) return json(res, replays.get(replayKey)!);
    const answer = (obj: Json) => {
      if (replayKey && req.method === 'POST') replays.set(replayKey, structuredClone(obj));
      json(res, obj);
    };
    const [, , kind, id] = url.pathname.split('/');
    const route = `${req.method} /${kind}${id ? '/:id' : ''}`;

    if (url.pathname === '/v1/accounts' && req.method === 'POST') {
      const a = account(newId('acct'), String(params.type ?? 'standard'), params);
      accounts.set(String(a.id), a);
      return answer(a);
    }
    if (url.pathname.startsWith('/v1/accounts/') && req.method === 'GET') {
      const a = accounts.get(url.pathname.split('/')[3]!);
      return a ? json(res, a) : error(res, 404, 'No such account', { code: 'resource_missing' });
    }
    if (url.pathname === '/v1/account_links' && req.method === 'POST') {
      const acctId = String(params.account ?? '');
      if (!accounts.has(acctId)) return error(res, 400, `No such account: '${acctId}'`);
      const q = new URLSearchParams({
        return_url: String(params.return_url ?? ''),
        refresh_url: String(params.refresh_url ?? ''),
      });
      return answer({
        object: 'account_link',
        created: now(),
        expires_at: now() + 300,
        url: `${base}/connect/onboarding/${acctId}?${q}`,
      });
    }
    if (url.pathname === '/v1/payment_method_configurations' && req.method === 'POST') {
      if (!acct || !accounts.has(acct)) return error(res, 400, 'A connected account is required.');
      const pmc: Json = {
        id: newId('pmc'),
        object: 'payment_method_configuration',
        active: true,
        is_default: false,
        livemode: false,
        name: params.name ?? null,
        parent: null,
      };
      for (const method of ['card', 'link', ...WALLETS]) {
        const asked = (params[method] as Json | undefined)?.display_preference as Json | undefined;
        const preference = String(asked?.preference ?? 'none');
        pmc[method] = {
          available: true,
          display_preference: {
            overridable: null,
            preference,
            value: preference === 'off' ? 'off' : 'on',
          },
        };
      }
      configurations.set(String(pmc.id), pmc);
      ownerOf.set(String(pmc.id), acct);
      return answer(pmc);
    }
    if (url.pathname.startsWith('/v1/payment_method_configurations/') && req.method === 'GET') {
      const cid = url.pathname.split('/')[3]!;
      const pmc = configurations.get(cid);
      if (!pmc || !onAccount(cid, acct)) {
        return error(res, 404, `No such payment_method_configuration: '${cid}'`);
      }
      return json(res, pmc);
    }
    if (req.method === 'POST' && /^\/v1\/checkout\/sessions\/[^/]+\/expire$/.test(url.pathname)) {
      const sid = url.pathname.split('/')[4]!;
      const s = sessions.get(sid);
      if (!s || !onAccount(sid, acct)) return error(res, 404, `No such checkout.session: '${sid}'`);
      if (s.status !== 'open') {
        return error(res, 400, 'Only Checkout Sessions with a status of `open` can be expired.');
      }
      Object.assign(s, { status: 'expired', url: null });
      answer(s);
      await emit('checkout.session.expired', acct!, s);
      return;
    }
    if (url.pathname === '/v1/checkout/sessions' && req.method === 'POST') {
      if (!acct || !accounts.has(acct)) return error(res, 400, 'A connected account is required.');
      if (!accounts.get(acct)!.charges_enabled) {
        return error(res, 400, 'Your account cannot currently make live charges.', {
          code: 'account_invalid',
        });
      }
      const items = (params.line_items as Json[] | undefined) ?? [];
      const amount = items.reduce((sum, item) => {
        const pd = item.price_data as Json | undefined;
        return sum + Number(pd?.unit_amount ?? 0) * Number(item.quantity ?? 1);
      }, 0);
      const currency = String((items[0]?.price_data as Json | undefined)?.currency ?? 'eur');
      if (params.mode !== 'payment' || !amount) return error(res, 400, 'Invalid line_items.');
      const cfgId = params.payment_method_configuration as string | undefined;
      if (cfgId !== undefined && !onAccount(cfgId, acct)) {
        return error(res, 400, `No such payment_method_configuration: '${cfgId}'`);
      }
      const sid = `cs_test_${randomBytes(24).toString('base64url')}`;
      const s: Json = {
        id: sid,
        object: 'checkout.session',
        mode: 'payment',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amount,
        amount_subtotal: amount,
        currency,
        created: now(),
        expires_at: Number(params.expires_at ?? now() + 24 * 3600),
        client_reference_id: params.client_reference_id ?? null,
        customer_email: params.customer_email ?? null,
        locale: params.locale ?? null,
        metadata: (params.metadata as Json) ?? {},
        payment_intent: null,
        payment_method_options: params.payment_method_options ?? null,
        payment_method_configuration_details: cfgId ? { id: cfgId, parent: null } : null,
        success_url: params.success_url ?? null,
        cancel_url: params.cancel_url ?? null,
        url: `${base}/c/pay/${sid}`,
        livemode: false,
      };
      sessions.set(sid, s);
      ownerOf.set(sid, acct);
      intentData.set(sid, (params.payment_intent_data as Json | undefined) ?? {});
      return answer(s);
    }
    if (route === 'GET /checkout/:id' && url.pathname.startsWith('/v1/checkout/sessions/')) {
      const sid = url.pathname.split('/')[4]!;
      const s = sessions.get(sid);
      if (!s || !onAccount(sid, acct)) return error(res, 404, `No such checkout.session: '${sid}'`);
      return json(res, expanded(s, expandList(params)));
    }
    if (url.pathname.startsWith('/v1/payment_intents/') && req.method === 'GET') {
      const pid = url.pathname.split('/')[3]!;
      const pi = intents.get(pid);
      if (!pi || !onAccount(pid, acct)) return error(res, 404, `No such payment_intent: '${pid}'`);
      return json(res, expanded(pi, expandList(params)));
    }
    if (url.pathname.startsWith('/v1/charges/') && req.method === 'GET') {
      const cid = url.pathname.split('/')[3]!;
      const ch = charges.get(cid);
      if (!ch || !onAccount(cid, acct)) return error(res, 404, `No such charge: '${cid}'`);
      return json(res, ch);
    }
    if (url.pathname === '/v1/refunds' && req.method === 'POST') {
      const pid = String(params.payment_intent ?? '');
      const pi = intents.get(pid);
      if (!pi || !onAccount(pid, acct)) return error(res, 404, `No such payment_intent: '${pid}'`);
      const ch = charges.get(String(pi.latest_charge));
      if (!ch) return error(res, 400, 'This PaymentIntent has no charge to refund.');
      const left = Number(ch.amount) - Number(ch.amount_refunded);
      const amount = params.amount ? Number(params.amount) : left;
      if (amount <= 0 || amount > left) {
        return error(res, 400, `Charge ${String(ch.id)} has already been refunded.`, {
          code: 'charge_already_refunded',
        });
      }
      const refund: Json = {
        id: newId('re'),
        object: 'refund',
        amount,
        currency: ch.currency,
        charge: ch.id,
        payment_intent: pid,
        created: now(),
        reason: params.reason ?? null,
        status: stand.refundStatus,
        failure_reason: stand.refundStatus === 'failed' ? 'declined' : null,
        metadata: (params.metadata as Json) ?? {},
      };
      refunds.set(String(refund.id), refund);
      ownerOf.set(String(refund.id), acct!);
      answer(refund);
      if (refund.status === 'failed') return;
      ch.amount_refunded = Number(ch.amount_refunded) + amount;
      ch.refunded = ch.amount_refunded === ch.amount;
      await emit('charge.refunded', acct!, ch);
      return;
    }
    if (url.pathname.startsWith('/v1/refunds/') && req.method === 'GET') {
      const rid = url.pathname.split('/')[3]!;
      const r = refunds.get(rid);
      if (!r || !onAccount(rid, acct)) return error(res, 404, `No such refund: '${rid}'`);
      return json(res, r);
    }
    error(res, 404, `Unrecognized request URL (${req.method}: ${url.pathname}).`);
  }

  /** The hosted pages: onboarding, checkout, the 3-D Secure challenge. */
  async function hosted(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
    const url = new URL(req.url ?? '/', base);
    const parts = url.pathname.split('/');
    if (parts[1] === 'connect' && parts[2] === 'onboarding') {
      const a = accounts.get(parts[3] ?? '');
      if (!a) return html(res, page('Not found', '<h1>Not found</h1>'), 404);
      const returnUrl = url.searchParams.get('return_url') ?? '';
      if (req.method === 'POST') {
        completeOnboarding(String(a.id));
        return redirect(res, returnUrl);
      }
      return html(
        res,
        page(
          'Stripe Connect onboarding',
          `<h1>Stripe (test stand-in): set up payments</h1><p>Account ${escapeHtml(String(a.id))}</p>
<form method="post"><button type="submit">Complete onboarding</button></form>`,
        ),
      );
    }
    if (parts[1] === 'c' && parts[2] === 'pay') {
      const sid = parts[3] ?? '';
      const s = sessions.get(sid);
      if (!s) return html(res, page('Not found', '<h1>Not found</h1>'), 404);
      const step = parts[4];
      const amount = (Number(s.amount_total) / 100).toFixed(2).replace('.', ',');
      const cancel = s.cancel_url
        ? `<p><a href="${escapeHtml(String(s.cancel_url))}">Back</a></p>`
        : '';
      if (s.status !== 'open') {
        return html(
          res,
          page('Checkout', `<h1>This Checkout Session is no longer active.</h1>${cancel}`),
        );
      }
      if (!step && req.method === 'GET') {
        return html(
          res,
          page(
            'Checkout',
            `<h1>Pay EUR ${amount}</h1>
<form method="post" action="/c/pay/${sid}/card">
<label>Card number <input name="card" autocomplete="cc-number" value="4000 0027 6000 3184"></label>
<button type="submit">Pay</button></form>
<form method="post" action="/c/pay/${sid}/exempt"><button type="submit">Pay without authentication</button></form>
${walletsOf(sid)
  .map(
    (w) =>
      `<form method="post" action="/c/pay/${sid}/wallet"><input type="hidden" name="wallet" value="${w}"><button type="submit">${w === 'apple_pay' ? 'Apple Pay' : 'Google Pay'}</button></form>`,
  )
  .join('\n')}${cancel}`,
          ),
        );
      }
      if (step === 'card' && req.method === 'POST') {
        return html(
          res,
          page(
            '3D Secure',
            `<h1>3D Secure 2 test page</h1><p>Authenticate the payment of EUR ${amount}.</p>
<form method="post" action="/c/pay/${sid}/3ds"><input type="hidden" name="result" value="authenticated"><button type="submit">Complete authentication</button></form>
<form method="post" action="/c/pay/${sid}/3ds"><input type="hidden" name="result" value="failed"><button type="submit">Fail authentication</button></form>`,
          ),
        );
      }
      if (step === 'wallet' && req.method === 'POST') {
        const wallet = new URLSearchParams(body).get('wallet') as Wallet;
        if (!walletsOf(sid).includes(wallet))
          return html(res, page('Not found', '<h1>Not found</h1>'), 404);
        await pay(sid, wallet);
        return redirect(res, String(s.success_url ?? '').replace('{CHECKOUT_SESSION_ID}', sid));
      }
      if ((step === '3ds' || step === 'exempt') && req.method === 'POST') {
        const result = step === 'exempt' ? 'exempted' : new URLSearchParams(body).get('result');
        const outcome: ThreeDsOutcome =
          result === 'authenticated'
            ? 'authenticated'
            : result === 'exempted'
              ? 'exempted'
              : 'failed';
        await pay(sid, outcome);
        if (outcome === 'failed') {
          return html(
            res,
            page(
              'Checkout',
              `<h1>Pay EUR ${amount}</h1><p role="alert">We are unable to authenticate your payment method. Please choose a different payment method and try again.</p>
<form method="post" action="/c/pay/${sid}/card"><button type="submit">Pay</button></form>${cancel}`,
            ),
          );
        }
        const success = String(s.success_url ?? '').replace('{CHECKOUT_SESSION_ID}', sid);
        return redirect(res, success);
      }
    }
    html(res, page('Not found', '<h1>Not found</h1>'), 404);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const handle = (req.url ?? '').startsWith('/v1/') ? api : hosted;
      handle(req, res, body).catch((err: unknown) => {
        if (!res.headersSent) error(res, 500, String(err));
        else res.end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stand.url = base;
  const u = new URL(base);
  stand.stripe = new Stripe(secretKey, {
    host: u.hostname,
    port: Number(u.port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  stand.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return stand;
}
