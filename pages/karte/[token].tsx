// The guest's card through the signed link of the mail sent on booking (issue 20): a guest's
// first load, on a phone, from the mail. Static markup (its wallet and PDF buttons are links):
// served without any framework script, as the check-in pages (decision 022). No language switch,
// no frame: the page alone, as in the app router before.
import type { GetServerSideProps } from 'next';
import { GuestHead, GuestMain } from '@/components/checkin/guest-page-frame';
import { CardPage, type CardPageProps } from '@/components/guest-card/card-page';
import { PayOffer } from '@/components/guest-card/pay-offer';
import { requestLang } from '@/lib/portal/checkin/guest-request';
import { cardsByMailLink } from '@/lib/portal/guest-card/access';
import { cardPageProps } from '@/lib/portal/guest-card/page-data';
import type { GuestLang } from '@/lib/portal/i18n/guest/languages';
import { guestPages } from '@/lib/portal/i18n/guest/pages';
import { paymentSection, type PaymentSection } from '@/lib/portal/payments/section';

export const config = { unstable_runtimeJS: false };

interface Props {
  lang: GuestLang;
  card: CardPageProps;
  payment: PaymentSection | null;
}

export const getServerSideProps: GetServerSideProps<Props, { token: string }> = async ({
  req,
  params,
  query,
}) => {
  const token = params!.token;
  const lang = requestLang(req);
  const cards = await cardsByMailLink(token);
  const base = `/karte/${encodeURIComponent(token)}`;
  return {
    props: {
      lang,
      card: await cardPageProps(cards, `/karte/${token}`, lang),
      // On the arrival day: confirm by paying the Kurtaxe (decision 029); Stripe returns here.
      payment: await paymentSection(cards, `${base}/zahlen`, query),
    },
  };
};

export default function MailedCardPage({ lang, card, payment }: Props) {
  const m = guestPages(lang);
  return (
    <>
      {/* No form here: the same policy as the headers of /karte/ (next.config.mjs). */}
      <GuestHead title={m.common.appName} m={m} referrer="no-referrer" />
      <GuestMain>
        <div className="space-y-6">
          <CardPage {...card} />
          {payment ? <PayOffer section={payment} lang={lang} /> : null}
        </div>
      </GuestMain>
    </>
  );
}
