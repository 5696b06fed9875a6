// The guest's card on the phone that sent the party (issue 20): the sealed check-in cookie opens
// it; the same link on another phone shows no card. On the arrival day it offers to confirm the
// registration by paying the Kurtaxe by card, and Stripe sends the guest back here (decision 029).
// Static markup (its wallet, PDF and pay buttons are links): served without any framework script,
// as the check-in pages (decision 022).
import { GuestPageFrame } from '@/components/checkin/guest-page-frame';
import { CardPage, type CardPageProps } from '@/components/guest-card/card-page';
import { PayOffer } from '@/components/guest-card/pay-offer';
import { guestPageProps, type GuestPageProps } from '@/lib/portal/checkin/guest-request';
import { checkinPath } from '@/lib/portal/checkin/paths';
import { cardsByCheckinLink } from '@/lib/portal/guest-card/access';
import { cardPageProps } from '@/lib/portal/guest-card/page-data';
import { guestPages } from '@/lib/portal/i18n/guest/pages';
import { paymentSection, type PaymentSection } from '@/lib/portal/payments/section';

export const config = { unstable_runtimeJS: false };

interface View {
  card: CardPageProps;
  payment: PaymentSection | null;
}

// The only post here is the language switch's.
export const getServerSideProps = guestPageProps<View>('/karte', async (token, from, lang) => {
  const cards = await cardsByCheckinLink(token, from);
  const query = Object.fromEntries(
    new URL(from.req.url ?? '/', 'http://guest.invalid').searchParams,
  );
  return {
    card: await cardPageProps(cards, `${checkinPath(token)}/karte`, lang),
    payment: await paymentSection(cards, `${checkinPath(token)}/zahlen`, query),
  };
});

export default function CheckinCardPage({ lang, token, view }: GuestPageProps<View>) {
  return (
    <GuestPageFrame lang={lang} m={guestPages(lang)} action={`${checkinPath(token)}/karte`}>
      <div className="space-y-6">
        <CardPage {...view.card} />
        {view.payment ? <PayOffer section={view.payment} lang={lang} /> : null}
      </div>
    </GuestPageFrame>
  );
}
