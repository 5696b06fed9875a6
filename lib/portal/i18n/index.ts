// One message catalogue, two languages: the landlord's portal speaks German and English, a
// guest's pages more (guest/languages.ts). Client-safe: no server imports here (see server.ts).
import { de, type Messages } from './de';
import { en } from './en';

export type { Messages };
export const LANGUAGES = ['de', 'en'] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = 'de';
export const LANG_COOKIE = 'lang';

const CATALOGUES: Record<Lang, Messages> = { de, en };

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function messagesFor(lang: Lang): Messages {
  return CATALOGUES[lang];
}

/** `fmt('Gast {n}', { n: 2 })` -> `Gast 2`; unknown placeholders stay visible so they get noticed. */
export function fmt(template: string, vars: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in vars ? String(vars[key]) : whole,
  );
}

/** BCP 47 locale for Intl formatting (every guest language; the portal's are among them). */
export { localeOf } from './guest/languages';
