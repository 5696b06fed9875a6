// The portal's language switch (German / English): a form, not a link, so it works without
// JavaScript; a server action sets the cookie and the page renders again in the other language.
// The guest's pages have their own switch of every guest language (checkin/guest-language-switch).
import { setLanguage } from '@/lib/portal/i18n/actions';
import type { Lang, Messages } from '@/lib/portal/i18n';

export function LanguageSwitch({
  lang,
  m,
  className = '',
}: {
  lang: Lang;
  m: Messages;
  className?: string;
}) {
  const other: Lang = lang === 'de' ? 'en' : 'de';
  return (
    <form action={setLanguage} className={className}>
      <input type="hidden" name="lang" value={other} />
      <button
        type="submit"
        lang={other}
        aria-label={m.common.switchLanguageLabel}
        className="inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium underline-offset-4 hover:underline"
      >
        {m.common.switchLanguage}
      </button>
    </form>
  );
}
