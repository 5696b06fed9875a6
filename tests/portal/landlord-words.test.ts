// A landlord reads what a missing setting means and whom to ask; the setting's variable name is
// the operator's word (server log, README), never the landlord's. Every string of the portal's
// landlord catalogues is searched for an environment variable's name.
import { describe, expect, it } from 'vitest';
import { checkinDe } from '@/lib/portal/i18n/checkin-de';
import { checkinEn } from '@/lib/portal/i18n/checkin-en';
import { de } from '@/lib/portal/i18n/de';
import { en } from '@/lib/portal/i18n/en';
import { mailDe } from '@/lib/portal/i18n/mail-de';
import { mailEn } from '@/lib/portal/i18n/mail-en';
import { paymentsDe } from '@/lib/portal/i18n/payments-de';
import { paymentsEn } from '@/lib/portal/i18n/payments-en';

const ENV_NAME = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/;

function strings(value: unknown, at: string, out: [string, string][] = []): [string, string][] {
  if (typeof value === 'string') out.push([at, value]);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) strings(v, `${at}.${k}`, out);
  return out;
}

describe('the landlord portal’s words', () => {
  const catalogues = { de, en, mailDe, mailEn, paymentsDe, paymentsEn, checkinDe, checkinEn };
  it.each(Object.entries(catalogues))('%s names no environment variable', (name, catalogue) => {
    const named = strings(catalogue, name).filter(([, s]) => ENV_NAME.test(s));
    expect(named).toEqual([]);
  });
});
