// The guest's language switch: every guest language under one disclosure (a native <details>, so
// it opens without JavaScript), each named in its own words and posted to the page itself, which
// sets the cookie and shows itself again (decision 022). The globe and the language's own name
// are what a guest who reads none of the page's words recognises.
import { GUEST_LANGUAGES, languageName, type GuestLang } from '@/lib/portal/i18n/guest/languages';

export function GuestLanguageSwitch({
  action,
  lang,
  label,
}: {
  /** The page's own path. */
  action: string;
  lang: GuestLang;
  /** "Language" in the page's language. */
  label: string;
}) {
  return (
    <details className="relative" data-testid="language-switch">
      <summary className="inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-md px-3 text-sm font-medium underline-offset-4 hover:underline">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9M12 3C9.5 5.7 8.2 8.7 8.2 12s1.3 6.3 3.8 9" />
        </svg>
        <span className="sr-only">{label}: </span>
        <span lang={lang}>{languageName(lang)}</span>
      </summary>
      <form
        method="post"
        action={action}
        className="absolute right-0 z-10 mt-1 w-44 rounded-md border border-slate-300 bg-white py-1 shadow-lg"
      >
        <ul>
          {GUEST_LANGUAGES.filter((l) => l !== lang).map((l) => (
            <li key={l}>
              <button
                type="submit"
                name="lang"
                value={l}
                lang={l}
                className="flex min-h-11 w-full items-center px-4 text-left text-sm hover:bg-slate-100 focus-visible:outline-3 focus-visible:outline-offset-[-3px] focus-visible:outline-brand-600"
              >
                {languageName(l)}
              </button>
            </li>
          ))}
        </ul>
      </form>
    </details>
  );
}
