// The guest's frame: no portal navigation, no account; the app's name and the language switch.
// The check-in pages (Pages Router, decision 022) and the card page (app router) share it; each
// brings its own language switch.
import type { ReactNode } from 'react';
import type { Lang, Messages } from '@/lib/portal/i18n';
import { checkinMessages } from '@/lib/portal/i18n/checkin';

export function GuestFrame({
  lang,
  m,
  languageSwitch,
  children,
}: {
  lang: Lang;
  m: Messages;
  languageSwitch: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <header className="border-b border-slate-300 bg-white">
        <div className="mx-auto flex max-w-xl items-center justify-between gap-3 px-4 py-2">
          <p className="font-semibold text-brand-800">
            {m.common.appName} · {checkinMessages(lang).guest.title}
          </p>
          {languageSwitch}
        </div>
      </header>
      <main id="inhalt" className="mx-auto max-w-xl px-4 py-6">
        {children}
      </main>
    </>
  );
}
