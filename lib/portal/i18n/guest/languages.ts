// The languages a guest's pages, mails and paper form speak: the landlord's portal speaks German
// and English (../index.ts), a guest also their own. A language is one line here and one
// dictionary per area (pages/, ...), each area's table typed by this list, so that the compiler
// names every dictionary a new language still lacks. Client-safe.
import type { Lang } from '../index';

/**
 * Each guest language: its name in its own words (the switch shows it so), its locale, and the
 * countries whose nationals read it (the paper form's language for a signer; countries of several
 * languages, as Belgium or Switzerland, are left to the guest's own choice).
 */
const LANGUAGES = {
  de: { name: 'Deutsch', locale: 'de-DE', countries: ['DE', 'AT', 'LI'] },
  en: { name: 'English', locale: 'en-GB', countries: ['GB', 'IE', 'US', 'CA', 'AU', 'NZ', 'MT'] },
  nl: { name: 'Nederlands', locale: 'nl-NL', countries: ['NL'] },
  da: { name: 'Dansk', locale: 'da-DK', countries: ['DK'] },
  pl: { name: 'Polski', locale: 'pl-PL', countries: ['PL'] },
  cs: { name: 'Čeština', locale: 'cs-CZ', countries: ['CZ'] },
  fr: { name: 'Français', locale: 'fr-FR', countries: ['FR', 'MC'] },
} as const satisfies Record<string, { name: string; locale: string; countries: string[] }>;

export type GuestLang = keyof typeof LANGUAGES;
// Object.keys of the literal above: exactly its keys, in its order.
export const GUEST_LANGUAGES = Object.keys(LANGUAGES) as readonly GuestLang[];

/** The language's name in its own words. */
export function languageName(lang: GuestLang): string {
  return LANGUAGES[lang].name;
}

/** The language a nationality's guests read (ISO 3166 code), where one is theirs alone. */
export function languageOfCountry(code: string | null): GuestLang | null {
  return GUEST_LANGUAGES.find((l) => LANGUAGES[l].countries.some((c) => c === code)) ?? null;
}

/** The language's name in another's words (the landlord's choice of a guest's mail language). */
export function languageNameIn(lang: GuestLang, words: GuestLang): string {
  return new Intl.DisplayNames([localeOf(words)], { type: 'language' }).of(lang) ?? lang;
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
