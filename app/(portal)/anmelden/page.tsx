import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { LanguageSwitch } from '@/components/shell/language-switch';
import { SignInForm } from '@/components/sign-in/sign-in-form';
import { Notice } from '@/components/ui/notice';
import { ownValue } from '@/lib/lookup';
import { callbackCookieName, csrfCookieName, csrfTokenFrom } from '@/lib/portal/session/auth';
import { getI18n } from '@/lib/portal/i18n/server';
import { safeReturnPath } from '@/lib/portal/session/paths';
import { readSession } from '@/lib/portal/session/session';
import { serviceSystems } from '@/lib/portal/api/systems';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getI18n()).m.signIn.title };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const sp = await searchParams;
  const { lang, m } = await getI18n();
  const jar = await cookies();
  const error = one(sp.error);
  const callbackUrl = safeReturnPath(one(sp.callbackUrl) ?? jar.get(callbackCookieName())?.value);

  const session = await readSession();
  if (session && !session.expired && !error) redirect(callbackUrl);

  // next-auth's CSRF cookie, minted by proxy.ts when the browser brought none.
  const csrfToken = csrfTokenFrom(jar.get(csrfCookieName())?.value);

  const notice =
    error === 'SessionExpired' ? (
      <Notice tone="warning">{m.signIn.expired}</Notice>
    ) : error === 'SignedOut' ? (
      <Notice tone="success">{m.signIn.signedOut}</Notice>
    ) : null;
  const formError =
    error && !notice ? (ownValue(m.signIn.errors, error) ?? m.signIn.errors.generic) : undefined;

  return (
    <main
      id="inhalt"
      className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-4 py-8"
    >
      <div className="mb-6 flex items-center justify-between">
        <p className="text-xl font-bold text-brand-800">{m.common.appName}</p>
        <LanguageSwitch lang={lang} m={m} className="text-brand-800" />
      </div>
      <div className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm sm:p-6">
        <h1 className="text-2xl font-bold">{m.signIn.title}</h1>
        <p className="mt-1 mb-4 text-sm text-slate-800">{m.signIn.intro}</p>
        {notice ? <div className="mb-4">{notice}</div> : null}
        <SignInForm
          csrfToken={csrfToken ?? ''}
          callbackUrl={callbackUrl}
          systems={serviceSystems().map(({ id, label }) => ({ id, label }))}
          m={m.signIn}
          initialError={formError}
        />
      </div>
    </main>
  );
}
