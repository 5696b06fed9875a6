// The guest's check-in pages in the Pages Router (decision 022): the document head the app
// router's root layout and app/checkin/layout.tsx give its pages, and the guest's frame with a
// language switch that posts to the page itself (the page sets the cookie and shows itself again).
import Head from 'next/head';
import type { ReactNode } from 'react';
import { LanguageForm } from '@/components/shell/language-form';
import type { Lang, Messages } from '@/lib/portal/i18n';
import { checkinMessages } from '@/lib/portal/i18n/checkin';
import { GuestFrame } from './guest-frame';

export function GuestPageFrame({
  lang,
  m,
  action,
  children,
}: {
  lang: Lang;
  m: Messages;
  /** The page's own path: the language switch posts there. */
  action: string;
  children: ReactNode;
}) {
  return (
    <>
      <Head>
        <title>{`${checkinMessages(lang).guest.title} · ${m.common.appName}`}</title>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="description" content={m.common.tagline} />
        {/* A guest's link is personal: never in a search index, never sent to another site as a
            referrer (not `no-referrer`: a form post would go out with `Origin: null`). */}
        <meta name="robots" content="noindex, nofollow" />
        <meta name="referrer" content="same-origin" />
        <meta name="theme-color" content="#1e40af" />
        <link rel="icon" href="/icon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        <link rel="manifest" href="/manifest.webmanifest" />
      </Head>
      <GuestFrame
        lang={lang}
        m={m}
        languageSwitch={<LanguageForm action={action} lang={lang} m={m} />}
      >
        {children}
      </GuestFrame>
    </>
  );
}
