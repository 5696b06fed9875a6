// After sending: the guest's confirmation, and the way back to correct until the host books.
import { cookies } from 'next/headers';
import Link from 'next/link';
import { Refused } from '@/components/checkin/refused';
import { CardLink } from '@/components/guest-card/card-link';
import { hasCardPage } from '@/lib/portal/guest-card/access';
import { buttonClass } from '@/components/ui/button';
import { resolveGuestLink } from '@/lib/portal/checkin/guest-view';
import { checkinMessages } from '@/lib/portal/i18n/checkin';
import { getI18n } from '@/lib/portal/i18n/server';

export default async function ThanksPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const { lang } = await getI18n();
  const c = checkinMessages(lang).guest;
  const view = await resolveGuestLink(token);
  if (!('link' in view)) return <Refused reason={view.status} c={c} />;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{c.thanksTitle}</h1>
      <p role="status" className="text-slate-800">
        {c.thanksText}
      </p>
      <p className="text-sm text-slate-700">{c.thanksLater}</p>
      {(await hasCardPage(token, await cookies())) ? (
        <CardLink token={token} label={checkinMessages(lang).card.open} />
      ) : null}
      {view.status === 'open' ? (
        <Link href={`/checkin/${token}`} className={buttonClass('secondary', 'min-h-12 w-full')}>
          {c.thanksCorrect}
        </Link>
      ) : null}
    </div>
  );
}
