// The guest's card on the phone that sent the party (issue 20): the sealed check-in cookie opens
// it; the same link on another phone shows no card. Static markup (its wallet and PDF buttons are
// links): served without any framework script, as the check-in pages (decision 022).
import { GuestPageFrame } from '@/components/checkin/guest-page-frame';
import { CardPage, type CardPageProps } from '@/components/guest-card/card-page';
import { guestPageProps, type GuestPageProps } from '@/lib/portal/checkin/guest-request';
import { checkinPath } from '@/lib/portal/checkin/paths';
import { cardsByCheckinLink } from '@/lib/portal/guest-card/access';
import { cardPageProps } from '@/lib/portal/guest-card/page-data';
import { messagesFor } from '@/lib/portal/i18n';

export const config = { unstable_runtimeJS: false };

// The only post here is the language switch's.
export const getServerSideProps = guestPageProps('/karte', async (token, from, lang) =>
  cardPageProps(await cardsByCheckinLink(token, from), `${checkinPath(token)}/karte`, lang),
);

export default function CheckinCardPage({ lang, token, view }: GuestPageProps<CardPageProps>) {
  return (
    <GuestPageFrame lang={lang} m={messagesFor(lang)} action={`${checkinPath(token)}/karte`}>
      <CardPage {...view} />
    </GuestPageFrame>
  );
}
