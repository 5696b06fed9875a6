// Stripe's webhook endpoint (docs/decisions/029): the raw body (the signature covers its exact
// bytes) handed to lib/portal/payments/webhook.ts. 400 for a forged or replayed event (Stripe
// does not retry it), 500 while Stripe cannot be read (Stripe retries), 200 otherwise. Without
// card payments configured the endpoint does not exist (404).
import { getDb } from '@/lib/db';
import { handleWebhook } from '@/lib/portal/payments/webhook';
import { paymentsConfig } from '@/lib/portal/payments/stripe';

/** Stripe's events are a few kilobytes; anything far larger is not one. */
const BODY_LIMIT = 256 * 1024;

export async function POST(request: Request): Promise<Response> {
  const config = paymentsConfig();
  if (!config) return Response.json({ error: 'not_found' }, { status: 404 });
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > BODY_LIMIT) return Response.json({ error: 'too_large' }, { status: 413 });
  const body = Buffer.from(await request.arrayBuffer());
  if (body.length > BODY_LIMIT) return Response.json({ error: 'too_large' }, { status: 413 });
  const answer = await handleWebhook(
    await getDb(),
    config,
    body,
    request.headers.get('stripe-signature'),
  );
  if (answer.status === 200) return Response.json({ received: true });
  return Response.json({ error: answer.reason }, { status: answer.status });
}
