// The languages a guest's pages, mails and paper form speak: the landlord's portal speaks German
// and English (../index.ts), a guest also their own. A language is one line here and one
// dictionary per area (pages/, ...), each area's table typed by this list, so that the compiler
// names every dictionary a new language still lacks. Client-safe.
import type { Lang } from '../index';

/** Each guest language: its name in its own words (the switch shows it so) and its locale. */
const LANGUAGES = {
  de: { name: 'Deutsch', locale: 'de-DE' },
  en: { name: 'English', locale: 'en-GB' },
  nl: { name: 'Nederlands', locale: 'nl-NL' },
  da: { name: 'Dansk', locale: 'da-DK' },
  pl: { name: 'Polski', locale: 'pl-PL' },
  cs: { name: 'Čeština', locale: 'cs-CZ' },
  fr: { name: 'Français', locale: 'fr-FR' },
} as const satisfies Record<string, { name: string; locale: string }>;

export type GuestLang = keyof typeof LANGUAGES;
// Object.keys of the literal above: exactly its keys, in its order.
export const GUEST_LANGUAGES = Object.keys(LANGUAGES) as readonly GuestLang[];

/** The language's name in its own words. */
export function languageName(lang: GuestLang): string {
  return LANGUAGES[lang].name;
}

/** BCP 47 locale for Intl formatting (dates, money, country names). */
export function localeOf(lang: GuestLang): string {
  return LANGUAGES[lang].locale;
}

export function isGuestLang(value: unknown): value is GuestLang {
  return typeof value === 'string' && (GUEST_LANGUAGES as readonly string[]).includes(value);
}

/** A stored or posted value as a guest language, German when it names none. */
export function guestLangOf(value: unknown): GuestLang {
  return isGuestLang(value) ? value : 'de';
}

/**
 * The portal's language for a guest's: the landlord's pages, the wallet passes and the service's
 * card speak German or English, and a guest of another language reads English more likely.
 */
export function portalLangOf(lang: GuestLang): Lang {
  return lang === 'de' ? 'de' : 'en';
}
