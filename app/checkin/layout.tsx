// The frame of the guest's pages that stay in the app router (the card page, karte/); the
// check-in pages themselves are in pages/checkin/ (decision 022) with the same frame.
import type { Metadata } from 'next';
import { GuestFrame } from '@/components/checkin/guest-frame';
import { LanguageSwitch } from '@/components/shell/language-switch';
import { checkinMessages } from '@/lib/portal/i18n/checkin';
import { getI18n } from '@/lib/portal/i18n/server';

export async function generateMetadata(): Promise<Metadata> {
  const { lang } = await getI18n();
  return {
    title: checkinMessages(lang).guest.title,
    // A guest's link is personal: never in a search index, never sent to another site as a
    // referrer (not `no-referrer`: a form post would go out with `Origin: null`, see
    // next.config.mjs).
    robots: { index: false, follow: false },
    referrer: 'same-origin',
  };
}

export default async function CheckinLayout({ children }: { children: React.ReactNode }) {
  const { lang, m } = await getI18n();
  return (
    <GuestFrame lang={lang} m={m} languageSwitch={<LanguageSwitch lang={lang} m={m} />}>
      {children}
    </GuestFrame>
  );
}
