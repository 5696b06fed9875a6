// The guest's pages by language. Client-safe.
import type { GuestLang } from '../languages';
import { pagesDe } from './de';
import { pagesEn } from './en';
import { pagesPl } from './pl';
import type { GuestPages } from './shape';

export type { FormWords, GuestPages } from './shape';

const PAGES: Record<GuestLang, GuestPages> = { de: pagesDe, en: pagesEn, pl: pagesPl };

export function guestPages(lang: GuestLang): GuestPages {
  return PAGES[lang];
}
