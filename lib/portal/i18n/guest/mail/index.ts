// The guest's mails by language. Client-safe.
import type { GuestLang } from '../languages';
import { mailCs } from './cs';
import { mailDa } from './da';
import { mailDe, type GuestMail } from './de';
import { mailEn } from './en';
import { mailFr } from './fr';
import { mailNl } from './nl';
import { mailPl } from './pl';

export type { GuestMail };

const MAIL: Record<GuestLang, GuestMail> = {
  de: mailDe,
  en: mailEn,
  nl: mailNl,
  da: mailDa,
  pl: mailPl,
  cs: mailCs,
  fr: mailFr,
};

export function guestMail(lang: GuestLang): GuestMail {
  return MAIL[lang];
}
