// Card payments switched off by the operator: the landlord's payments page says what that means
// for the guests (they confirm on paper) and whom to ask (the portal's operator), never the
// variables, which the landlord cannot set; the server log names the missing ones, once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reloadEnv } from '@/lib/env';
import { accountState } from '@/lib/portal/payments/accounts';
import { paymentsMessages } from '@/lib/portal/i18n/payments';
import { captureConsole } from '../helpers/console';

const logs = captureConsole();
const KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));

beforeAll(() => {
  for (const k of KEYS) delete process.env[k];
  process.env.STRIPE_SECRET_KEY = 'sk_test_only_the_key';
  reloadEnv();
});

afterAll(() => {
  for (const k of KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  reloadEnv();
});

describe('card payments off', () => {
  it('tells the landlord in words what it means for the guests and whom to ask', () => {
    for (const lang of ['de', 'en'] as const) {
      const off = paymentsMessages(lang).landlord.off;
      expect(off).not.toMatch(/STRIPE|[A-Z]{2,}_[A-Z_]+/);
      expect(off).toMatch(lang === 'de' ? /Betreiber/ : /operator/);
      expect(off).toMatch(lang === 'de' ? /Unterschrift/ : /signing/);
    }
  });

  it('names the missing variable in the server log, once per process', () => {
    expect(accountState(undefined)).toBe('off');
    expect(accountState(undefined)).toBe('off');
    const lines = logs
      .output()
      .split('\n')
      .filter((l) => l.includes('card payments are off'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('STRIPE_WEBHOOK_SECRET not set');
    expect(lines[0]).not.toContain('STRIPE_SECRET_KEY');
  });
});
