'use client';
import { Link } from '@/components/ui/link';
import { PendingHint } from '@/components/ui/pending-link';
import { usePathname } from 'next/navigation';

/** A navigation link that tells assistive technology which page is open (aria-current). */
export function NavLink({
  href,
  children,
  exact = false,
}: {
  href: string;
  children: React.ReactNode;
  exact?: boolean;
}) {
  // Typed nullable since the app has a pages/ directory too (decision 022); never null in app/.
  const pathname = usePathname() ?? '';
  const active = exact ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
  return (
    <Link
      href={href}
      aria-current={active ? 'page' : undefined}
      className={`inline-flex min-h-11 items-center gap-1.5 rounded-md px-3 text-sm font-medium whitespace-nowrap hover:bg-brand-800 ${
        active ? 'bg-brand-800 underline decoration-2 underline-offset-4' : ''
      }`}
    >
      {children}
      <PendingHint />
    </Link>
  );
}
