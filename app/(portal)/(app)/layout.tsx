// The signed-in frame: header with navigation, language and sign-out, then the page.
import { Header } from '@/components/shell/header';
import { can } from '@/lib/portal/config/view';
import { guarded } from '@/lib/portal/session/guarded';
import { loadConfig } from '@/lib/portal/config/load';
import { getI18n } from '@/lib/portal/i18n/server';
import { headers } from 'next/headers';
import { PATH_HEADER, safeReturnPath } from '@/lib/portal/session/paths';
import { verifySession } from '@/lib/portal/session/session';
import { serviceSystems, systemLabel } from '@/lib/portal/api/systems';

export default async function AppLayout({ children }: { children: React.ReactNode }) {
  // Set by proxy.ts: a layout does not know its URL, but sign-in should come back to it.
  const here = safeReturnPath((await headers()).get(PATH_HEADER));
  const session = await verifySession(here);
  const { lang, m } = await getI18n();
  const config = await guarded(here, () => loadConfig(session));
  const canBook = config.ok ? can(config.value, 'meldeschein.add_meldeschein') : false;
  const label = serviceSystems().length > 1 ? systemLabel(session.serviceUrl) : undefined;
  return (
    <>
      <a
        href="#inhalt"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2 focus:text-brand-800"
      >
        {m.common.skipToContent}
      </a>
      <Header
        lang={lang}
        m={m}
        userName={session.displayName}
        systemLabel={label}
        canBook={canBook}
      />
      <main id="inhalt" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-6 focus:outline-none">
        {children}
      </main>
    </>
  );
}
