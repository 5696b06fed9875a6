// Signed card ids in the guest card's QR code: round trip, and nothing forged gets through.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  cardUrl,
  signCardId,
  signCardIdWithEnv,
  verifyCardId,
  verifyCardIdWithEnv,
} from '@/lib/service/kurkarte/card-id';

const KEY = 'test-key-test-key-test-key-0123456789';
const OTHER_KEY = 'other-key-other-key-other-key-012345';

/** Replace the character at `i` with a different one from the same alphabet. */
function flip(token: string, i: number): string {
  const ch = token[i] ?? '';
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const replacement = alphabet[(alphabet.indexOf(ch) + 1) % alphabet.length] ?? 'A';
  return token.slice(0, i) + replacement + token.slice(i + 1);
}

describe('signCardId / verifyCardId', () => {
  it('round-trips and yields a short URL-safe token', () => {
    const token = signCardId({ formId: 42, personId: 4711 }, KEY);
    expect(token).toMatch(/^[0-9a-z]+\.[0-9a-z]+\.[A-Za-z0-9_-]{22}$/);
    expect(encodeURIComponent(token)).toBe(token);
    expect(token.length).toBeLessThanOrEqual(48);
    expect(verifyCardId(token, KEY)).toEqual({ formId: 42, personId: 4711 });
  });

  it('round-trips any pair of positive safe integers', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
        (formId, personId) => {
          expect(verifyCardId(signCardId({ formId, personId }, KEY), KEY)).toEqual({
            formId,
            personId,
          });
        },
      ),
    );
  });

  it('rejects a token signed with another secret', () => {
    const token = signCardId({ formId: 1, personId: 2 }, OTHER_KEY);
    expect(verifyCardId(token, KEY)).toBeNull();
  });

  it("rejects another guest's ids under a valid signature", () => {
    const token = signCardId({ formId: 42, personId: 100 }, KEY);
    const [, , mac] = token.split('.');
    expect(verifyCardId(`${(42).toString(36)}.${(101).toString(36)}.${mac}`, KEY)).toBeNull();
    expect(verifyCardId(`${(43).toString(36)}.${(100).toString(36)}.${mac}`, KEY)).toBeNull();
    // Swapping the two ids is another card, too.
    expect(verifyCardId(`${(100).toString(36)}.${(42).toString(36)}.${mac}`, KEY)).toBeNull();
  });

  it('rejects a token with any single character altered', () => {
    const token = signCardId({ formId: 123456, personId: 654321 }, KEY);
    for (let i = 0; i < token.length; i++) {
      if (token[i] === '.') continue;
      expect(verifyCardId(flip(token, i), KEY), `position ${i}`).toBeNull();
    }
  });

  it('rejects a non-canonical spelling of a valid token', () => {
    const token = signCardId({ formId: 42, personId: 7 }, KEY);
    expect(verifyCardId(`0${token}`, KEY)).toBeNull();
    expect(verifyCardId(token.toUpperCase(), KEY)).toBeNull();
    expect(verifyCardId(`${token}=`, KEY)).toBeNull();
    expect(verifyCardId(` ${token}`, KEY)).toBeNull();
  });

  it('returns null, never throws, for garbage', () => {
    const garbage: unknown[] = [
      undefined,
      null,
      42,
      {},
      [],
      '',
      '.',
      '..',
      'a.b.c',
      'a.b.' + 'A'.repeat(21),
      'a.b.' + 'A'.repeat(23),
      '0.0.' + 'A'.repeat(22),
      'zzzzzzzzzzz.zzzzzzzzzzz.' + 'A'.repeat(22), // beyond MAX_SAFE_INTEGER
      'x'.repeat(100_000),
      '王.小.明',
      '\u0000.\u0000.\u0000',
    ];
    for (const input of garbage) expect(verifyCardId(input, KEY)).toBeNull();
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (input) => {
        expect(verifyCardId(input, KEY)).toBeNull();
      }),
    );
  });

  it('refuses to sign ids that are not positive safe integers, or with an empty secret', () => {
    for (const bad of [0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) {
      expect(() => signCardId({ formId: bad, personId: 1 }, KEY)).toThrow(RangeError);
      expect(() => signCardId({ formId: 1, personId: bad }, KEY)).toThrow(RangeError);
    }
    expect(() => signCardId({ formId: 1, personId: 1 }, '')).toThrow(RangeError);
    expect(verifyCardId(signCardId({ formId: 1, personId: 1 }, KEY), '')).toBeNull();
  });
});

describe('configured secret and URL', () => {
  it('signs and verifies with CARD_SECRET from the environment', () => {
    const token = signCardIdWithEnv({ formId: 9, personId: 10 });
    expect(verifyCardIdWithEnv(token)).toEqual({ formId: 9, personId: 10 });
    expect(verifyCardId(token, process.env.CARD_SECRET ?? '')).toEqual({ formId: 9, personId: 10 });
    expect(verifyCardIdWithEnv(signCardId({ formId: 9, personId: 10 }, KEY))).toBeNull();
  });

  it('builds the verification URL with or without a trailing slash on the base', () => {
    expect(cardUrl('https://portal.example.de', 'a.b.c')).toBe(
      'https://portal.example.de/kurkarte/a.b.c',
    );
    expect(cardUrl('https://portal.example.de/', 'a.b.c')).toBe(
      'https://portal.example.de/kurkarte/a.b.c',
    );
  });
});
