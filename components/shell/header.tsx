import { Link } from '@/components/ui/link';
import { signOut } from '@/lib/portal/session/actions';
import { fmt, type Lang, type Messages } from '@/lib/portal/i18n';
import { calendarMessages } from '@/lib/portal/i18n/calendars';
import { checkinMessages } from '@/lib/portal/i18n/checkin';
import { mailMessages } from '@/lib/portal/i18n/mail';
import { HOME_PATH } from '@/lib/portal/session/paths';
import { LanguageSwitch } from './language-switch';
import { NavGroups, type NavGroup } from './nav-groups';
import { navMessages } from '@/lib/portal/i18n/nav';

/**
 * The portal's pages in four groups around a landlord's day (issue 31): what is due today, the
 * stays and their money, the guests' side (check-in, mails), and the settings (calendars,
 * payments). A new page joins a group; the first line never grows.
 */
function navGroups(lang: Lang, m: Messages, canBook: boolean): NavGroup[] {
  const n = navMessages(lang);
  const groups: Omit<NavGroup, 'sectionLabel'>[] = [
    { id: 'heute', href: '/uebersicht', label: n.today, items: [] },
    {
      id: 'aufenthalte',
      href: '/aufenthalte',
      label: n.stays,
      items: [
        { href: '/aufenthalte', label: n.list, exact: true },
        { href: '/aufenthalte/kommend', label: m.nav.coming },
        ...(canBook ? [{ href: '/aufenthalte/neu', label: m.nav.newStay }] : []),
        { href: '/abrechnung', label: m.nav.statement },
        { href: '/aufenthalte/meldescheine', label: n.records },
      ],
    },
    {
      id: 'gaeste',
      href: '/online-check-in',
      label: n.guests,
      items: [
        { href: '/online-check-in', label: checkinMessages(lang).admin.nav },
        { href: '/postausgang', label: mailMessages(lang).nav },
      ],
    },
    {
      id: 'einstellungen',
      href: '/kalender',
      label: n.settings,
      items: [
        { href: '/kalender', label: calendarMessages(lang).nav },
        { href: '/zahlungen', label: n.payments },
      ],
    },
  ];
  return groups.map((g) => ({ ...g, sectionLabel: fmt(n.section, { name: g.label }) }));
}

export function Header({
  lang,
  m,
  userName,
  systemLabel,
  canBook,
}: {
  lang: Lang;
  m: Messages;
  userName: string;
  systemLabel?: string;
  canBook: boolean;
}) {
  return (
    <header className="bg-brand-700 text-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2">
        <Link href={HOME_PATH} className="mr-auto py-2 text-lg font-bold tracking-tight">
          {m.common.appName}
        </Link>
        <p className="hidden text-sm md:block">
          {fmt(m.common.signedInAs, { name: userName })}
          {systemLabel ? (
            <span className="ml-2 rounded bg-brand-800 px-2 py-0.5">
              {fmt(m.common.system, { name: systemLabel })}
            </span>
          ) : null}
        </p>
        <LanguageSwitch lang={lang} m={m} />
        <form action={signOut}>
          <button
            type="submit"
            className="inline-flex min-h-11 items-center rounded-md border border-white/70 px-3 text-sm font-medium hover:bg-brand-800"
          >
            {m.common.signOut}
          </button>
        </form>
      </div>
      <nav aria-label={m.common.mainNav} className="border-t border-white/20">
        <NavGroups groups={navGroups(lang, m, canBook)} />
      </nav>
    </header>
  );
}
