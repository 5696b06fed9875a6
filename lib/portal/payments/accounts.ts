import '#server-only'; // also in the Pages Router: see lib/server-only.js
// The landlord's own Stripe account (docs/decisions/029): a Standard connected account made by the
// platform and set up by the landlord on Stripe's hosted onboarding. The guest's Kurtaxe is
// charged on it directly; the platform never holds the money. One account per landlord (the
// service's Beherberger), not per portal login: a login that works for several landlords (an
// agency) sets up each landlord's account, and a guest pays on the account of the landlord whose
// form it is. States: none, onboarding (Stripe does not take card payments for it yet), ready.
import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db';
import { portalArrivals, portalPaymentAccounts } from '@/lib/db/schema';
import { arrivalKey } from '../arrival/record';
import type { Owner } from '../session/session';
import { logPaymentsOff, paymentsConfig } from './stripe';

/** A landlord of a service: the service's Beherberger id. */
export interface Landlord {
  serviceUrl: string;
  beherbergerId: number;
}

/** Stripe's idempotency keys hold at most 255 characters: the landlord hashed. */
const landlordKey = (l: Landlord) =>
  createHash('sha256').update(`${l.serviceUrl}\n${l.beherbergerId}`).digest('base64url');

export type AccountRow = typeof portalPaymentAccounts.$inferSelect;
export type AccountState = 'off' | 'none' | 'onboarding' | 'ready';

export async function accountOf(landlord: Landlord, db?: Db): Promise<AccountRow | undefined> {
  const d = db ?? (await getDb());
  const [row] = await d
    .select()
    .from(portalPaymentAccounts)
    .where(
      and(
        eq(portalPaymentAccounts.serviceUrl, landlord.serviceUrl),
        eq(portalPaymentAccounts.beherbergerId, landlord.beherbergerId),
      ),
    );
  return row;
}

/**
 * The account a form's Kurtaxe is paid on: its landlord's (from the arrival record, which the
 * login reaches only for a form the service showed it). None for a form whose landlord is not
 * known yet.
 */
export async function accountOfForm(
  form: Owner & { formId: number },
  db?: Db,
): Promise<AccountRow | undefined> {
  const d = db ?? (await getDb());
  const [record] = await d
    .select({ landlord: portalArrivals.beherbergerId })
    .from(portalArrivals)
    .where(arrivalKey(form, form.formId));
  if (record?.landlord == null) return undefined;
  return accountOf({ serviceUrl: form.serviceUrl, beherbergerId: record.landlord }, d);
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
 * The URL of Stripe's hosted onboarding for a landlord's account, made first when there is none.
 * The caller has checked that the login works for this landlord (its configuration lists it).
 * `base`: the portal's public origin (the return and refresh URLs).
 */
export async function onboardingUrl(
  owner: Owner,
  beherbergerId: number,
  base: string,
): Promise<string | null> {
  const config = paymentsConfig();
  if (!config) return null;
  const db = await getDb();
  const landlord = { serviceUrl: owner.serviceUrl, beherbergerId };
  let row = await accountOf(landlord, db);
  if (!row) {
    // The idempotency key makes two clicks (or two instances, or two logins of the landlord) one
    // account at Stripe; the unique landlord key keeps one row here.
    const account = await config.stripe.accounts.create(
      {
        type: 'standard',
        country: 'DE',
        default_currency: 'eur',
        metadata: { service_url: owner.serviceUrl, beherberger_id: String(beherbergerId) },
      },
      { idempotencyKey: `meldeportal-account:${landlordKey(landlord)}` },
    );
    await db
      .insert(portalPaymentAccounts)
      .values({
        ...landlord,
        username: owner.username,
        accountId: account.id,
        chargesEnabled: account.charges_enabled,
      })
      .onConflictDoNothing();
    row = await accountOf(landlord, db);
  }
  const link = await config.stripe.accountLinks.create({
    account: row!.accountId,
    type: 'account_onboarding',
    return_url: `${base}/zahlungen/zurueck`,
    refresh_url: `${base}/zahlungen/zurueck?erneut=1`,
  });
  return link.url;
}

/** The account as Stripe reports it now, stored; undefined when the landlord has none. */
export async function refreshAccount(landlord: Landlord): Promise<AccountRow | undefined> {
  const config = paymentsConfig();
  const db = await getDb();
  const row = await accountOf(landlord, db);
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

/**
 * The payment method configuration a confirming Checkout Session is made with (decision 029:
 * wallets off for the confirming payment): card entry only, so the guest's bank authenticates the
 * payment with 3-D Secure and Stripe reports its result; Apple Pay, Google Pay and Link off (a
 * wallet payment carries no 3-D Secure result, and a card stored in a Google account may carry
 * no authentication at all). Made once on the landlord's connected account and kept; the
 * idempotency key makes two parallel first sessions one configuration.
 */
export async function cardOnlyConfiguration(account: AccountRow, db?: Db): Promise<string> {
  if (account.cardOnlyConfig) return account.cardOnlyConfig;
  const config = paymentsConfig();
  if (!config) throw new Error('payments: card payments are off');
  const off = { display_preference: { preference: 'off' as const } };
  const made = await config.stripe.paymentMethodConfigurations.create(
    {
      name: 'Meldeportal: Karte mit 3-D Secure',
      card: { display_preference: { preference: 'on' } },
      apple_pay: off,
      google_pay: off,
      link: off,
    },
    {
      stripeAccount: account.accountId,
      idempotencyKey: `meldeportal-card-only:${account.accountId}`,
    },
  );
  const d = db ?? (await getDb());
  const [kept] = await d
    .update(portalPaymentAccounts)
    .set({ cardOnlyConfig: made.id })
    .where(
      and(
        eq(portalPaymentAccounts.accountId, account.accountId),
        isNull(portalPaymentAccounts.cardOnlyConfig),
      ),
    )
    .returning({ id: portalPaymentAccounts.cardOnlyConfig });
  if (kept?.id) return kept.id;
  // Another instance kept one first: use that one.
  const [row] = await d
    .select({ id: portalPaymentAccounts.cardOnlyConfig })
    .from(portalPaymentAccounts)
    .where(eq(portalPaymentAccounts.accountId, account.accountId));
  return row?.id ?? made.id;
}
