// The guest's pages in the Pages Router (decision 022): the document head the app router's root
// layout gave its pages, and the guest's frame: no portal navigation, no account; the app's name
// and the guest's language switch, which posts to the page itself (the page sets the cookie and
// shows itself again).
import Head from 'next/head';
import type { ReactNode } from 'react';
import type { GuestLang } from '@/lib/portal/i18n/guest/languages';
import type { GuestPages } from '@/lib/portal/i18n/guest/pages';
import { GuestLanguageSwitch } from './guest-language-switch';

/**
 * The head of a guest's page. A guest's link is personal: never in a search index (the headers
 * of next.config.mjs say so too), never sent to another site as a referrer. A page with a form
 * takes `same-origin`, not `no-referrer`: under that a form post goes out with `Origin: null`.
 */
export function GuestHead({
  title,
  m,
  referrer,
}: {
  title: string;
  m: GuestPages;
  referrer: 'same-origin' | 'no-referrer';
}) {
  return (
    <Head>
      <title>{title}</title>
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="description" content={m.common.tagline} />
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content={referrer} />
      <meta name="theme-color" content="#1e40af" />
      <link rel="icon" href="/icon.svg" type="image/svg+xml" />
      <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
      <link rel="manifest" href="/manifest.webmanifest" />
    </Head>
  );
}

export function GuestPageFrame({
  lang,
  m,
  action,
  children,
}: {
  lang: GuestLang;
  m: GuestPages;
  /** The page's own path: the language switch posts there. */
  action: string;
  children: ReactNode;
}) {
  const title = m.checkin.title;
  return (
    <>
      <GuestHead title={`${title} · ${m.common.appName}`} m={m} referrer="same-origin" />
      <header className="border-b border-slate-300 bg-white">
        <div className="mx-auto flex max-w-xl items-center justify-between gap-3 px-4 py-2">
          <p className="font-semibold text-brand-800">
            {m.common.appName} · {title}
          </p>
          <GuestLanguageSwitch action={action} lang={lang} label={m.common.language} />
        </div>
      </header>
      <GuestMain>{children}</GuestMain>
    </>
  );
}

/** The page's content, a phone's width on every screen. */
export function GuestMain({ children }: { children: ReactNode }) {
  return (
    <main id="inhalt" className="mx-auto max-w-xl px-4 py-6">
      {children}
    </main>
  );
}
