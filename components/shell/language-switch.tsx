import { setLanguage } from '@/lib/portal/i18n/actions';
import type { Lang, Messages } from '@/lib/portal/i18n';

/** A form, not a link: it sets the cookie through a server action and works without JavaScript. */
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
