// The platform's Stripe client (the official library), or null while the card route is off:
// STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET both set turn it on. STRIPE_API_URL points the
// library elsewhere (tests: the local stand-in, tests/helpers/stripe-stand-in.ts). No
// `server-only`: the payment job (instrumentation.ts) loads it too; nothing here reaches a browser.
import Stripe from 'stripe';
import { env } from '@/lib/env';
import { processWide } from '@/lib/process-wide';

/** The provider's name as the registration record names it (BeherbMeldV annex). */
export const PROVIDER = 'Stripe';

export interface PaymentsConfig {
  stripe: Stripe;
  webhookSecret: string;
}

const KEY = Symbol.for('meldeportal.portal.stripe');

/** The client and webhook secret, or null when card payments are not configured. */
export function paymentsConfig(): PaymentsConfig | null {
  const e = env();
  if (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET) return null;
  const g = globalThis as { [KEY]?: { key: string; url: string; config: PaymentsConfig } };
  const cached = g[KEY];
  if (cached && cached.key === e.STRIPE_SECRET_KEY && cached.url === e.STRIPE_API_URL) {
    return cached.config;
  }
  const api = new URL(e.STRIPE_API_URL);
  const stripe = new Stripe(e.STRIPE_SECRET_KEY, {
    host: api.hostname,
    port: api.port ? Number(api.port) : undefined,
    protocol: api.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Meldeportal' },
  });
  const config = { stripe, webhookSecret: e.STRIPE_WEBHOOK_SECRET };
  g[KEY] = { key: e.STRIPE_SECRET_KEY, url: e.STRIPE_API_URL, config };
  return config;
}

export const paymentsEnabled = () => paymentsConfig() !== null;

const offLogged = processWide('portal.payments-off-logged', () => ({ done: false }));

/**
 * The operator's side of "card payments are off": the server log names the missing variables,
 * once per process. The landlord's page says what it means for the guests and whom to ask, never
 * the variables (the landlord cannot set them).
 */
export function logPaymentsOff(): void {
  const flag = offLogged.get();
  if (flag.done) return;
  flag.done = true;
  const e = env();
  const missing = (['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const).filter((k) => !e[k]);
  console.warn(
    `payments: card payments are off for every landlord: ${missing.join(' and ')} not set (README, "Card payments")`,
  );
}
