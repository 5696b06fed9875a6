import { setLanguage } from '@/lib/portal/i18n/actions';
import type { Lang, Messages } from '@/lib/portal/i18n';
import { LanguageForm } from './language-form';

/** The app router's language switch: the cookie set by a server action (also without JavaScript). */
export function LanguageSwitch({
  lang,
  m,
  className = '',
}: {
  lang: Lang;
  m: Messages;
  className?: string;
}) {
  return <LanguageForm action={setLanguage} lang={lang} m={m} className={className} />;
}
