// The check-in catalogue by language. Client-safe.
import { checkinDe, type CheckinMessages } from './checkin-de';
import { checkinEn } from './checkin-en';
import type { Lang } from './index';

export type { CheckinMessages };

export function checkinMessages(lang: Lang): CheckinMessages {
  return lang === 'en' ? checkinEn : checkinDe;
}
