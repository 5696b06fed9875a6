// The document of the guest's check-in and card pages (decision 022), as app/layout.tsx renders
// the app router's: the page's language (every page passes `lang` in its props) and the body's
// classes.
import { Head, Html, Main, NextScript, type DocumentProps } from 'next/document';
import { DEFAULT_LANG } from '@/lib/portal/i18n';
import { isGuestLang } from '@/lib/portal/i18n/guest/languages';

export default function Document({ __NEXT_DATA__ }: DocumentProps) {
  const lang: unknown = (__NEXT_DATA__.props as { pageProps?: { lang?: unknown } } | undefined)
    ?.pageProps?.lang;
  return (
    <Html lang={isGuestLang(lang) ? lang : DEFAULT_LANG}>
      <Head />
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        <Main />
        <NextScript />
      </body>
    </Html>
  );
}
