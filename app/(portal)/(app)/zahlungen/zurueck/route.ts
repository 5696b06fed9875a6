// Where Stripe's hosted onboarding returns the landlord (and its refresh URL, `?erneut=1`, when
// the link had expired): the states of the accounts of the login's landlords asked at Stripe and
// kept, then the Zahlungen page.
import { redirect } from 'next/navigation';
import { describeError } from '@/lib/log';
import { refreshAccount } from '@/lib/portal/payments/accounts';
import { landlordsOf } from '@/lib/portal/payments/landlords';
import { reauthenticateOn401, verifySession } from '@/lib/portal/session/session';

export async function GET(request: Request) {
  const session = await verifySession('/zahlungen');
  const again = new URL(request.url).searchParams.get('erneut') === '1';
  let failed = false;
  try {
    for (const l of await landlordsOf(session)) {
      await refreshAccount({ serviceUrl: session.serviceUrl, beherbergerId: l.id });
    }
  } catch (err) {
    reauthenticateOn401(err, '/zahlungen');
    console.error('payments: reading the account failed', describeError(err));
    failed = true;
  }
  redirect(failed ? '/zahlungen?fehler=stripe' : again ? '/zahlungen?abgelaufen=1' : '/zahlungen');
}
