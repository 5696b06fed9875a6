// The guest's check-in page: opened from an invitation link or an object's QR code, on a phone,
// without an account. Shows the accommodation (and an invitation's dates), the privacy notice,
// then the form; a guest who already sent their party sees it again to correct it.
// Served by the Pages Router without any framework script (decision 022): HTML and styles only.
// Every button of the form posts to this page; getServerSideProps answers the step
// (lib/portal/compose/guest-checkin.ts) or, once the party is saved, sends the guest on (303).
import type { GetServerSideProps } from 'next';
import { Message, Refused } from '@/components/checkin/refused';
import { GuestPageFrame } from '@/components/checkin/guest-page-frame';
import { PartyForm } from '@/components/checkin/party-form';
import { StayCard } from '@/components/checkin/stay-card';
import { CardLink } from '@/components/guest-card/card-link';
import { PayOffer } from '@/components/guest-card/pay-offer';
import {
  answerCheckinPost,
  guestPage,
  type GuestPageView,
} from '@/lib/portal/compose/guest-checkin';
import {
  isOwnPost,
  readFormBody,
  requestClientAddress,
  requestLang,
  switchLanguage,
} from '@/lib/portal/checkin/guest-request';
import { checkinPath } from '@/lib/portal/checkin/paths';
import { countryOptions } from '@/lib/portal/config/countries';
import { withFieldLabels } from '@/lib/portal/config/field-labels';
import type { GuestLang } from '@/lib/portal/i18n/guest/languages';
import { guestPages } from '@/lib/portal/i18n/guest/pages';

export const config = { unstable_runtimeJS: false };

interface Props {
  lang: GuestLang;
  token: string;
  view: GuestPageView;
}

export const getServerSideProps: GetServerSideProps<Props, { token: string }> = async ({
  req,
  res,
  params,
}) => {
  const token = params!.token;
  const lang = requestLang(req);
  const from = { req, res };
  if (req.method !== 'POST') return { props: { lang, token, view: await guestPage(token, from) } };

  // A post from another site changes nothing: the page as it is, refused.
  if (!isOwnPost(req)) {
    res.statusCode = 403;
    return { props: { lang, token, view: await guestPage(token, from) } };
  }
  const body = (await readFormBody(req)) ?? new URLSearchParams();
  const switched = await switchLanguage(res, body, token);
  if (switched) return switched;
  const answer = await answerCheckinPost({
    token,
    body,
    lang,
    from,
    clientAddress: requestClientAddress(req),
  });
  if ('redirect' in answer) {
    return { redirect: { destination: answer.redirect, statusCode: 303 } };
  }
  return { props: { lang, token, view: await guestPage(token, from, answer.step) } };
};

export default function CheckinPage({ lang, token, view }: Props) {
  const m = guestPages(lang);
  const c = m.checkin;
  const path = checkinPath(token);
  return (
    <GuestPageFrame lang={lang} m={m} action={path}>
      {view.kind === 'refused' ? (
        <Refused reason={view.reason} c={c} />
      ) : view.kind === 'closed' ? (
        <div className="space-y-4">
          <Message title={c.doneTitle} text={c.doneText} />
          {view.cardPage ? <CardLink token={token} label={m.card.open} /> : null}
          {view.payment ? <PayOffer section={view.payment} lang={lang} /> : null}
        </div>
      ) : view.kind === 'taken' ? (
        <Message title={c.takenTitle} text={c.takenText} />
      ) : (
        <div className="space-y-6">
          <div className="space-y-2">
            <h1 className="text-2xl font-bold">{c.title}</h1>
            <p className="text-slate-800">{c.intro}</p>
          </div>
          <StayCard
            snapshot={view.form.snapshot}
            arrival={view.form.arrival}
            departure={view.form.departure}
            c={c}
            lang={lang}
          />
          <section
            aria-labelledby="datenschutz"
            className="rounded-md border-l-4 border-brand-600 bg-brand-50 p-3 text-sm"
          >
            <h2 id="datenschutz" className="font-semibold">
              {c.privacyTitle}
            </h2>
            <p className="mt-1">{c.privacyText}</p>
            <p className="mt-1" data-testid="privacy-payment">
              {c.privacyPayment}
            </p>
          </section>
          <PartyForm
            action={path}
            config={withFieldLabels(view.form.snapshot.gemeinde, lang)}
            askDates={view.form.kind === 'object'}
            step={view.form.step}
            maxGuests={view.form.maxGuests}
            addressFields={view.form.addressFields}
            countries={countryOptions(lang)}
            correcting={view.form.correcting}
            today={view.form.today}
            m={m}
            c={c}
            lang={lang}
          />
        </div>
      )}
    </GuestPageFrame>
  );
}
