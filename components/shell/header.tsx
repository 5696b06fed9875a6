import { Link } from '@/components/ui/link';
import { signOut } from '@/lib/portal/session/actions';
import { fmt, type Lang, type Messages } from '@/lib/portal/i18n';
import { calendarMessages } from '@/lib/portal/i18n/calendars';
import { checkinMessages } from '@/lib/portal/i18n/checkin';
import { mailMessages } from '@/lib/portal/i18n/mail';
import { paymentsMessages } from '@/lib/portal/i18n/payments';
import { HOME_PATH } from '@/lib/portal/session/paths';
import { LanguageSwitch } from './language-switch';
import { NavLink } from './nav-link';

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
        <ul className="mx-auto flex max-w-6xl flex-wrap gap-x-1 px-2 py-1">
          <li>
            <NavLink href="/uebersicht">{m.nav.overview}</NavLink>
          </li>
          <li>
            <NavLink href="/aufenthalte" exact>
              {m.nav.stays}
            </NavLink>
          </li>
          <li>
            <NavLink href="/aufenthalte/kommend">{m.nav.coming}</NavLink>
          </li>
          {canBook ? (
            <li>
              <NavLink href="/aufenthalte/neu">{m.nav.newStay}</NavLink>
            </li>
          ) : null}
          <li>
            <NavLink href="/online-check-in">{checkinMessages(lang).admin.nav}</NavLink>
          </li>
          <li>
            <NavLink href="/kalender">{calendarMessages(lang).nav}</NavLink>
          </li>
          <li>
            <NavLink href="/postausgang">{mailMessages(lang).nav}</NavLink>
          </li>
          <li>
            <NavLink href="/abrechnung">{m.nav.statement}</NavLink>
          </li>
          <li>
            <NavLink href="/zahlungen">{paymentsMessages(lang).landlord.nav}</NavLink>
          </li>
        </ul>
      </nav>
    </header>
  );
}
