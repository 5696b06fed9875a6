// The languages a guest's pages, mails and paper form speak: the landlord's portal speaks German
// and English (../index.ts), a guest also their own. A language is one line here and one
// dictionary per area (pages/, mail/, paper/), whose tables are typed by this list, so the
// compiler names every dictionary a new language still lacks. Client-safe.
import type { Lang } from '../index';

export const GUEST_LANGUAGES = ['de', 'en', 'pl'] as const;
export type GuestLang = (typeof GUEST_LANGUAGES)[number];

/** Each language in its own words (the switch shows them so, whatever the page speaks). */
export const LANGUAGE_NAMES: Record<GuestLang, string> = {
  de: 'Deutsch',
  en: 'English',
  pl: 'Polski',
};

/** BCP 47 locale for Intl formatting (dates, money, country names). */
export const LOCALES: Record<GuestLang, string> = {
  de: 'de-DE',
  en: 'en-GB',
  pl: 'pl-PL',
};

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
