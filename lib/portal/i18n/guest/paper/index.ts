// The paper registration form's words by language. Client-safe.
import type { GuestLang } from '../languages';
import { paperCs } from './cs';
import { paperDa } from './da';
import { paperDe, type GuestPaper } from './de';
import { paperEn } from './en';
import { paperFr } from './fr';
import { paperNl } from './nl';
import { paperPl } from './pl';

export type { GuestPaper };

const PAPER: Record<GuestLang, GuestPaper> = {
  de: paperDe,
  en: paperEn,
  nl: paperNl,
  da: paperDa,
  pl: paperPl,
  cs: paperCs,
  fr: paperFr,
};

export function guestPaper(lang: GuestLang): GuestPaper {
  return PAPER[lang];
}
