// Zahlungen: the landlord's own Stripe account for the guests' card payments of the Kurtaxe on the
// arrival day (docs/decisions/029), one per landlord the login works for: its state (not
// connected, setup incomplete, ready) and the way to Stripe's hosted onboarding. Without the platform's Stripe configuration the page says the
// card route is off.
import type { Metadata } from 'next';
import { SubmitButton } from '@/components/ui/submit-button';
import { Notice } from '@/components/ui/notice';
import { fmt } from '@/lib/portal/i18n';
import { paymentsMessages } from '@/lib/portal/i18n/payments';
import { getI18n } from '@/lib/portal/i18n/server';
import { accountOf, accountState } from '@/lib/portal/payments/accounts';
import { connectStripeAction } from '@/lib/portal/payments/actions';
import { landlordsOf } from '@/lib/portal/payments/landlords';
import { reauthenticateOn401, verifySession } from '@/lib/portal/session/session';

const PATH = '/zahlungen';
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata(): Promise<Metadata> {
  return { title: paymentsMessages((await getI18n()).lang).landlord.title };
}

export default async function PaymentsPage({ searchParams }: { searchParams: SearchParams }) {
  const sp = await searchParams;
  const session = await verifySession(PATH);
  const { lang, m } = await getI18n();
  const p = paymentsMessages(lang).landlord;
  let landlords;
  try {
    landlords = await landlordsOf(session);
  } catch (err) {
    reauthenticateOn401(err, PATH);
    throw err;
  }
  // One account per landlord: a login that works for several (an agency) sets up each one's.
  const accounts = await Promise.all(
    landlords.map(async (l) => ({
      landlord: l,
      account: await accountOf({ serviceUrl: session.serviceUrl, beherbergerId: l.id }),
    })),
  );
  const several = landlords.length > 1;
  return (
    <div className="max-w-3xl space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold">{p.title}</h1>
        <p className="text-slate-800">{p.intro}</p>
      </div>
      {sp.fehler === 'stripe' ? <Notice tone="error">{p.failed}</Notice> : null}
      {sp.abgelaufen ? <Notice tone="info">{p.expired}</Notice> : null}
      {accounts.map(({ landlord, account }) => {
        const state = accountState(account);
        const tone = state === 'ready' ? 'success' : state === 'off' ? 'warning' : 'info';
        return (
          <section
            key={landlord.id}
            className="space-y-3"
            aria-label={several ? landlord.alias : undefined}
          >
            {several ? <h2 className="text-lg font-semibold">{landlord.alias}</h2> : null}
            <div data-payment-account={state}>
              <Notice tone={tone} live={false}>
                {p[state]}
              </Notice>
            </div>
            {account && state !== 'off' ? (
              <p className="text-sm break-all text-slate-700">
                {fmt(p.account, { id: account.accountId })}
              </p>
            ) : null}
            {state === 'none' || state === 'onboarding' ? (
              <form action={connectStripeAction}>
                <input type="hidden" name="landlord" value={landlord.id} />
                <SubmitButton pendingLabel={m.form.pending} className="min-h-12 w-full sm:w-auto">
                  {state === 'none' ? p.connect : p.continue}
                </SubmitButton>
              </form>
            ) : null}
          </section>
        );
      })}
      {accounts.some(({ account }) => accountState(account) === 'onboarding') ? (
        <a href={`${PATH}/zurueck`} className="block text-brand-700 underline">
          {p.refresh}
        </a>
      ) : null}
    </div>
  );
}
