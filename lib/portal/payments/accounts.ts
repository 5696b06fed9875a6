import '#server-only'; // also in the Pages Router: see lib/server-only.js
// The landlord's own Stripe account (docs/decisions/029): a Standard connected account made by the
// platform and set up by the landlord on Stripe's hosted onboarding. The guest's Kurtaxe is
// charged on it directly; the platform never holds the money. States: none, onboarding (Stripe
// does not take card payments for it yet), ready.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db';
import { portalPaymentAccounts } from '@/lib/db/schema';
import { ownedBy } from '../owned';
import type { Owner } from '../session/session';
import { logPaymentsOff, paymentsConfig } from './stripe';

/** Stripe's idempotency keys hold at most 255 characters: the owner hashed. */
const ownerKey = (owner: Owner) =>
  createHash('sha256').update(`${owner.serviceUrl}\n${owner.username}`).digest('base64url');

export type AccountRow = typeof portalPaymentAccounts.$inferSelect;
export type AccountState = 'off' | 'none' | 'onboarding' | 'ready';

export async function accountOf(owner: Owner, db?: Db): Promise<AccountRow | undefined> {
  const d = db ?? (await getDb());
  const [row] = await d
    .select()
    .from(portalPaymentAccounts)
    .where(ownedBy(portalPaymentAccounts, owner));
  return row;
}

export function accountState(row: AccountRow | undefined): AccountState {
  if (!paymentsConfig()) {
    logPaymentsOff();
    return 'off';
  }
  if (!row) return 'none';
  return row.chargesEnabled ? 'ready' : 'onboarding';
}

/**
 * The URL of Stripe's hosted onboarding for the owner's account, made first when there is none.
 * `base`: the portal's public origin (the return and refresh URLs).
 */
export async function onboardingUrl(owner: Owner, base: string): Promise<string | null> {
  const config = paymentsConfig();
  if (!config) return null;
  const db = await getDb();
  let row = await accountOf(owner, db);
  if (!row) {
    // The idempotency key makes two clicks (or two instances) one account at Stripe; the unique
    // owner key keeps one row here.
    const account = await config.stripe.accounts.create(
      {
        type: 'standard',
        country: 'DE',
        default_currency: 'eur',
        metadata: { service_url: owner.serviceUrl, username: owner.username },
      },
      { idempotencyKey: `meldeportal-account:${ownerKey(owner)}` },
    );
    await db
      .insert(portalPaymentAccounts)
      .values({ ...owner, accountId: account.id, chargesEnabled: account.charges_enabled })
      .onConflictDoNothing();
    row = await accountOf(owner, db);
  }
  const link = await config.stripe.accountLinks.create({
    account: row!.accountId,
    type: 'account_onboarding',
    return_url: `${base}/zahlungen/zurueck`,
    refresh_url: `${base}/zahlungen/zurueck?erneut=1`,
  });
  return link.url;
}

/** The account as Stripe reports it now, stored; undefined when the owner has none. */
export async function refreshAccount(owner: Owner): Promise<AccountRow | undefined> {
  const config = paymentsConfig();
  const db = await getDb();
  const row = await accountOf(owner, db);
  if (!config || !row) return row;
  const account = await config.stripe.accounts.retrieve(row.accountId);
  const [updated] = await db
    .update(portalPaymentAccounts)
    .set({
      chargesEnabled: account.charges_enabled,
      detailsSubmitted: account.details_submitted,
      checkedAt: new Date(),
    })
    .where(eq(portalPaymentAccounts.accountId, row.accountId))
    .returning();
  return updated;
}
