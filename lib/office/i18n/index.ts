// The office's words, German first and English second: one dictionary per part of the office
// (office.ts: the frame, sign-in, landlords, audit log, figures, billing; accounts.ts: editing,
// invitations, staff, the set-password page; configuration.ts: settings and the authority export),
// each with the same keys in both languages, all given together. The office is the service's
// half and does not use the portal's dictionaries (docs/decisions/030). The language is the one
// the visitor chose anywhere in the app (the `lang` cookie, read by the root layout too).
import 'server-only';
import { cookies } from 'next/headers';
import { accounts, type AccountMessages } from './accounts';
import { configuration, type ConfigMessages } from './configuration';
import { office, type OfficeMessages } from './office';

export type { AccountMessages, ConfigMessages, OfficeMessages };
export type OfficeLang = 'de' | 'en';

export interface OfficeWords {
  m: OfficeMessages;
  a: AccountMessages;
  c: ConfigMessages;
}

/** The words in a given language (documents, tests). */
export function officeWords(lang: OfficeLang): OfficeWords {
  return { m: office[lang], a: accounts[lang], c: configuration[lang] };
}

/** The visitor's language and its words. */
export async function officeI18n(): Promise<OfficeWords & { lang: OfficeLang }> {
  const lang: OfficeLang = (await cookies()).get('lang')?.value === 'en' ? 'en' : 'de';
  return { lang, ...officeWords(lang) };
}

export function fill(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? `{${k}}`));
}
