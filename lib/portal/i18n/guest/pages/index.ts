// The guest's pages by language. Client-safe.
import type { GuestLang } from '../languages';
import { pagesCs } from './cs';
import { pagesDa } from './da';
import { pagesDe } from './de';
import { pagesEn } from './en';
import { pagesFr } from './fr';
import { pagesNl } from './nl';
import { pagesPl } from './pl';
import type { GuestPages } from './shape';

export type { FormWords, GuestPages } from './shape';

const PAGES: Record<GuestLang, GuestPages> = {
  de: pagesDe,
  en: pagesEn,
  nl: pagesNl,
  da: pagesDa,
  pl: pagesPl,
  cs: pagesCs,
  fr: pagesFr,
};

export function guestPages(lang: GuestLang): GuestPages {
  return PAGES[lang];
}
