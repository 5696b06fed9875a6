// The card payments' catalogue by language. Client-safe.
import type { Lang } from './index';
import { paymentsDe, type PaymentsMessages } from './payments-de';
import { paymentsEn } from './payments-en';

export type { PaymentsMessages };

export function paymentsMessages(lang: Lang): PaymentsMessages {
  return lang === 'en' ? paymentsEn : paymentsDe;
}
