// After sending: the guest's confirmation, and the way back to correct until the host books.
// A guest's first load as much as the form (the send's 303 lands here): served without any
// framework script too (decision 022).
import { GuestPageFrame } from '@/components/checkin/guest-page-frame';
import { Refused } from '@/components/checkin/refused';
import { CardLink } from '@/components/guest-card/card-link';
import { buttonClass } from '@/components/ui/button';
import { thanksPage, type ThanksView } from '@/lib/portal/compose/guest-checkin';
import { guestPageProps, type GuestPageProps } from '@/lib/portal/checkin/guest-request';
import { checkinPath } from '@/lib/portal/checkin/paths';
import { guestPages } from '@/lib/portal/i18n/guest/pages';

export const config = { unstable_runtimeJS: false };

// The only post here is the language switch's.
export const getServerSideProps = guestPageProps('/danke', thanksPage);

export default function ThanksPage({ lang, token, view }: GuestPageProps<ThanksView>) {
  const m = guestPages(lang);
  const c = m.checkin;
  return (
    <GuestPageFrame lang={lang} m={m} action={`${checkinPath(token)}/danke`}>
      {view.kind === 'refused' ? (
        <Refused reason={view.reason} c={c} />
      ) : (
        <div className="space-y-4">
          <h1 className="text-2xl font-bold">{c.thanksTitle}</h1>
          <p role="status" className="text-slate-800">
            {c.thanksText}
          </p>
          <p className="text-sm text-slate-700">{c.thanksLater}</p>
          {view.cardPage ? <CardLink token={token} label={m.card.open} /> : null}
          {view.open ? (
            <a href={checkinPath(token)} className={buttonClass('secondary', 'min-h-12 w-full')}>
              {c.thanksCorrect}
            </a>
          ) : null}
        </div>
      )}
    </GuestPageFrame>
  );
}
