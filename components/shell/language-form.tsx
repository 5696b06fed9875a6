// The language switch's markup: a form, not a link, so it works without JavaScript. Where it posts
// is the frame's: a server action in the app router (language-switch.tsx), the page itself on the
// guest's pages (decision 022), which set the cookie and show the page again.
import type { Lang, Messages } from '@/lib/portal/i18n';

export function LanguageForm({
  action,
  lang,
  m,
  className = '',
}: {
  action: string | ((formData: FormData) => void | Promise<void>);
  lang: Lang;
  m: Messages;
  className?: string;
}) {
  const other: Lang = lang === 'de' ? 'en' : 'de';
  return (
    // A function action brings its own method (React); a URL is posted to.
    <form
      action={action}
      method={typeof action === 'string' ? 'post' : undefined}
      className={className}
    >
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
