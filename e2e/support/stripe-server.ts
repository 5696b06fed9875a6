// Global setup of the e2e run: the Stripe stand-in (tests/helpers/stripe-stand-in.ts) on
// E2E_STRIPE_PORT with this run's keys, the address the web server's STRIPE_API_URL names
// (playwright.config.ts); its webhooks go to the server's /stripe/webhook.
import { startStripeStandIn } from '../../tests/helpers/stripe-stand-in';

export default async function startStripeServer(): Promise<() => Promise<void>> {
  const stand = await startStripeStandIn({
    port: Number(process.env.E2E_STRIPE_PORT),
    secretKey: process.env.E2E_STRIPE_SECRET_KEY,
    webhookSecret: process.env.E2E_STRIPE_WEBHOOK_SECRET,
    webhookUrl: `${process.env.E2E_BASE_URL}/stripe/webhook`,
  });
  return () => stand.close();
}
