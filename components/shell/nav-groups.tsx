'use client';
// The main navigation in two levels, around a landlord's day: four groups in one line (today,
// stays, guests, settings) and, under them, the pages of the group that is open. Plain links,
// rendered on the server too: it works without JavaScript and by keyboard, and a phone's first
// screen loses two short lines to it instead of three wrapped ones (issue 31). The second line
// wraps on a narrow phone (never scrolls sideways): every page of the open group stays in view.
import { Link } from '@/components/ui/link';
import { PendingHint } from '@/components/ui/pending-link';
import { usePathname } from 'next/navigation';

export interface NavItem {
  href: string;
  label: string;
  /** Current only on this very path (a group's list page, whose children belong to the group). */
  exact?: boolean;
}

export interface NavGroup extends NavItem {
  id: string;
  /** The name of the group's second line ("Bereich Aufenthalte"). */
  sectionLabel: string;
  /** The group's pages; none for a group of one page. */
  items: NavItem[];
}

const matches = (pathname: string, item: NavItem) =>
  item.exact
    ? pathname === item.href
    : pathname === item.href || pathname.startsWith(`${item.href}/`);

/** The open group: the one with the longest path that matches (`/aufenthalte/kommend` over `/`). */
export function openGroup(groups: NavGroup[], pathname: string): NavGroup | undefined {
  let best: { group: NavGroup; length: number } | undefined;
  for (const group of groups) {
    for (const item of [group, ...group.items]) {
      const hit = pathname === item.href || pathname.startsWith(`${item.href}/`);
      if (hit && (!best || item.href.length > best.length))
        best = { group, length: item.href.length };
    }
  }
  return best?.group;
}

const LINK =
  'inline-flex min-h-11 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium whitespace-nowrap hover:bg-brand-800';

export function NavGroups({ groups }: { groups: NavGroup[] }) {
  // Typed nullable since the app has a pages/ directory too (decision 022); never null in app/.
  const pathname = usePathname() ?? '';
  const open = openGroup(groups, pathname);
  return (
    <>
      <ul className="mx-auto flex max-w-6xl justify-between gap-x-1 px-2 py-1 sm:justify-start">
        {groups.map((g) => {
          const current = g === open;
          return (
            <li key={g.id}>
              <Link
                href={g.href}
                aria-current={pathname === g.href ? 'page' : current ? 'true' : undefined}
                className={`${LINK} ${current ? 'bg-brand-800 underline decoration-2 underline-offset-4' : ''}`}
              >
                {g.label}
                <PendingHint />
              </Link>
            </li>
          );
        })}
      </ul>
      {open && open.items.length ? (
        <div className="bg-brand-800">
          <ul
            aria-label={open.sectionLabel}
            className="mx-auto flex max-w-6xl flex-wrap gap-x-1 px-2"
            data-testid="nav-second-level"
          >
            {open.items.map((item) => {
              const active = matches(pathname, item);
              return (
                <li key={item.href} className="shrink-0">
                  <Link
                    href={item.href}
                    aria-current={active ? 'page' : undefined}
                    className={`inline-flex min-h-11 items-center gap-1.5 px-2.5 text-sm whitespace-nowrap hover:underline ${
                      active ? 'font-semibold underline decoration-2 underline-offset-4' : ''
                    }`}
                  >
                    {item.label}
                    <PendingHint />
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </>
  );
}
