// The guest's frame: no portal navigation, no account; the app's name and the language switch.
import type { Metadata } from 'next';
import { LanguageSwitch } from '@/components/shell/language-switch';
import { checkinMessages } from '@/lib/portal/i18n/checkin';
import { getI18n } from '@/lib/portal/i18n/server';

export async function generateMetadata(): Promise<Metadata> {
  const { lang } = await getI18n();
  return {
    title: checkinMessages(lang).guest.title,
    // A guest's link is personal: never in a search index, never sent to another site as a
    // referrer (not `no-referrer`: its form posts would go out with `Origin: null`, see
    // next.config.mjs).
    robots: { index: false, follow: false },
    referrer: 'same-origin',
  };
}

export default async function CheckinLayout({ children }: { children: React.ReactNode }) {
  const { lang, m } = await getI18n();
  return (
    <>
      <header className="border-b border-slate-300 bg-white">
        <div className="mx-auto flex max-w-xl items-center justify-between gap-3 px-4 py-2">
          <p className="font-semibold text-brand-800">
            {m.common.appName} · {checkinMessages(lang).guest.title}
          </p>
          <LanguageSwitch lang={lang} m={m} />
        </div>
      </header>
      <main id="inhalt" className="mx-auto max-w-xl px-4 py-6">
        {children}
      </main>
    </>
  );
}
