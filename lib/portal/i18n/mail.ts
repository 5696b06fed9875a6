// The mail catalogue by language. Client-safe.
import type { Lang } from './index';
import { mailDe, type MailMessages } from './mail-de';
import { mailEn } from './mail-en';

export type { MailMessages };

export function mailMessages(lang: Lang): MailMessages {
  return lang === 'en' ? mailEn : mailDe;
}
