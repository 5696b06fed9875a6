// Font coverage and the text clean-up in front of it.
import { describe, expect, it } from 'vitest';

import { cardFonts, PLACEHOLDER, printable } from '@/lib/service/kurkarte/fonts';

describe('cardFonts', () => {
  it('covers Latin, Greek and Cyrillic, including the placeholder itself, and no CJK', () => {
    const { covered } = cardFonts();
    for (const ch of 'AZaz09ÄÖÜäöüßŻŁłćŞşİığÇΓιώργοςΠαπαδόπουλοςИванПетров€–…„“□·') {
      expect(covered.has(ch.codePointAt(0) ?? 0), ch).toBe(true);
    }
    expect(covered.has(PLACEHOLDER.codePointAt(0) ?? 0)).toBe(true);
    expect(covered.has('王'.codePointAt(0) ?? 0)).toBe(false);
  });

  it('is loaded and parsed once per process', () => {
    expect(cardFonts()).toBe(cardFonts());
  });
});

describe('printable', () => {
  const { covered } = cardFonts();

  it('keeps printable names unchanged', () => {
    expect(printable('Żółć Łukasz', covered)).toEqual({ text: 'Żółć Łukasz', lossy: false });
  });

  it('composes decomposed letters, drops control and format characters, collapses spaces', () => {
    expect(printable('S\u0327u\u0308kru\u0308', covered).text).toBe('Şükrü');
    expect(printable('Anna\n\t  Müller\u0000\u200b\u00ad', covered)).toEqual({
      text: 'Anna Müller',
      lossy: false,
    });
  });

  it('replaces each character the font lacks with a visible placeholder and says so', () => {
    expect(printable('王小明', covered)).toEqual({ text: '□□□', lossy: true });
    // Beyond the BMP too (CJK extension B), and Devanagari, which DejaVu Sans does not cover.
    expect(printable('Ana \u{2000B}', covered)).toEqual({ text: 'Ana □', lossy: true });
    expect(printable('नमस्ते', covered).lossy).toBe(true);
  });
});
