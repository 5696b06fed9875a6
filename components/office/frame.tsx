// The office's frames: the sign-in card, and the signed-in header with its navigation. Props only;
// the sign-out action comes from the page.
import { Link } from '@/components/ui/link';
import { SubmitButton } from '@/components/ui/submit-button';

export function SignInFrame({
  appName,
  title,
  children,
}: {
  appName: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <main
      id="inhalt"
      className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-4 py-8"
    >
      <p className="mb-6 text-xl font-bold text-brand-800">{appName}</p>
      <div className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm sm:p-6">
        <h1 className="mb-4 text-2xl font-bold">{title}</h1>
        {children}
      </div>
    </main>
  );
}

export interface NavItem {
  href: string;
  label: string;
}

export function OfficeHeader({
  appName,
  navLabel,
  items,
  userName,
  signOut,
  signOutLabel,
  skipLabel,
}: {
  appName: string;
  navLabel: string;
  items: NavItem[];
  userName: string;
  signOut: () => Promise<void>;
  signOutLabel: string;
  skipLabel: string;
}) {
  return (
    <>
      <a
        href="#inhalt"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2 focus:text-brand-800"
      >
        {skipLabel}
      </a>
      <header className="border-b border-slate-300 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <Link href="/verwaltung" className="text-lg font-bold text-brand-800">
            {appName}
          </Link>
          <nav aria-label={navLabel} className="order-3 w-full sm:order-none sm:w-auto">
            <ul className="flex flex-wrap gap-x-4 gap-y-1">
              {items.map((i) => (
                <li key={i.href}>
                  <a
                    href={i.href}
                    className="inline-block py-2 text-brand-800 underline-offset-4 hover:underline"
                  >
                    {i.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <form action={signOut} className="ml-auto flex items-center gap-3">
            <span className="text-sm text-slate-800">{userName}</span>
            <SubmitButton variant="secondary" pendingLabel={signOutLabel}>
              {signOutLabel}
            </SubmitButton>
          </form>
        </div>
      </header>
    </>
  );
}
