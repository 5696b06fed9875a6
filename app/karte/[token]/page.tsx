// The guest's card through the signed link of the mail sent on booking (issue 20).
import type { Metadata } from 'next';
import { CardPage } from '@/components/guest-card/card-page';
import { cardsByMailLink } from '@/lib/portal/guest-card/access';
import { cardPageProps } from '@/lib/portal/guest-card/page-data';
import { checkinMessages } from '@/lib/portal/i18n/checkin';
import { getI18n } from '@/lib/portal/i18n/server';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { robots: { index: false, follow: false } };

export default async function MailedCardPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const { lang } = await getI18n();
  const c = checkinMessages(lang).card;
  const props = await cardPageProps(await cardsByMailLink(token), `/karte/${token}`, lang, c);
  return (
    <main id="inhalt" className="mx-auto max-w-xl px-4 py-6">
      <CardPage {...props} />
    </main>
  );
}
