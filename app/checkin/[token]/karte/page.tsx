// The guest's card on the phone that sent the party (issue 20): the sealed check-in cookie opens
// it; the same link on another phone shows no card.
import { cookies } from 'next/headers';
import { CardPage } from '@/components/guest-card/card-page';
import { cardsByCheckinLink } from '@/lib/portal/guest-card/access';
import { cardPageProps } from '@/lib/portal/guest-card/page-data';
import { checkinMessages } from '@/lib/portal/i18n/checkin';
import { getI18n } from '@/lib/portal/i18n/server';

export const dynamic = 'force-dynamic';

export default async function GuestCardPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const { lang } = await getI18n();
  const cards = await cardsByCheckinLink(token, await cookies());
  const props = await cardPageProps(
    cards,
    `/checkin/${token}/karte`,
    lang,
    checkinMessages(lang).card,
  );
  return <CardPage {...props} />;
}
