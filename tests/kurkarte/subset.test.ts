// The card's font subsets (subset.ts) against fontkit's own subset writer: the same file, byte for
// byte, for any glyph set in any order, composite glyphs (Ä, Greek Π built from Cyrillic П, …)
// included. pdfkit embeds what either writes; the PDFs themselves are read back in render.test.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import fc from 'fast-check';
import { create, type Font } from 'fontkit';
import { describe, expect, it, vi } from 'vitest';

import { cardFonts, RECENT_WORDS } from '@/lib/service/kurkarte/fonts';
import { TrueTypeSubsetter } from '@/lib/service/kurkarte/subset';

const FONT_DIR = path.join(process.cwd(), 'lib', 'service', 'kurkarte', 'fonts');

function load(file: string): { font: Font; ours: TrueTypeSubsetter } {
  const bytes = readFileSync(path.join(FONT_DIR, file));
  const font = create(bytes);
  if (!('layout' in font)) throw new Error('not a single font');
  return { font, ours: new TrueTypeSubsetter(bytes) };
}

const faces = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((file) => ({ file, ...load(file) }));

/** Both writers given the same glyph ids in the same order: the ids they hand out, and the file. */
function both(font: Font, ours: TrueTypeSubsetter, gids: number[]) {
  const theirs = font.createSubset();
  const mine = ours.createSubset();
  const theirIds = gids.map((gid) => theirs.includeGlyph(font.getGlyph(gid)));
  const myIds = gids.map((gid) => mine.includeGlyph(gid));
  return {
    theirIds,
    myIds,
    theirs: Buffer.from(theirs.encode()),
    mine: Buffer.from(mine.encode()),
  };
}

describe('TrueTypeSubsetter', () => {
  for (const { file, font, ours } of faces) {
    it(`writes the file fontkit writes for any glyph set of ${file}`, () => {
      fc.assert(
        fc.property(
          fc.array(fc.integer({ min: 0, max: font.numGlyphs - 1 }), { maxLength: 120 }),
          (gids) => {
            const r = both(font, ours, gids);
            expect(r.myIds).toEqual(r.theirIds);
            expect(r.mine.equals(r.theirs)).toBe(true);
          },
        ),
        { numRuns: 200 },
      );
    });

    it(`includes the parts of composite glyphs as fontkit does (${file})`, () => {
      // Letters drawn from other glyphs: umlauts, Polish, Greek capitals sharing Latin or
      // Cyrillic outlines, the placeholder.
      const text = 'ÄÖÜäöüŻŁłćŞşİğΠΓΆΈΉΊΌΎΏÅÉÑ□ЙЁ';
      const gids = font.layout(text).glyphs.map((g) => g.id);
      const r = both(font, ours, gids);
      expect(r.mine.equals(r.theirs)).toBe(true);
      expect(r.mine.byteLength).toBeGreaterThan(1000);
    });
  }

  it('refuses a file that is not a static TrueType font', () => {
    const empty = new Uint8Array(12);
    new DataView(empty.buffer).setUint32(0, 0x00010000);
    expect(() => new TrueTypeSubsetter(empty)).toThrow(/not a TrueType font/);
    // The same font with one table (FFTM) renamed to gvar: a variable font's marker.
    const bytes = new Uint8Array(readFileSync(path.join(FONT_DIR, 'DejaVuSans.ttf')));
    const view = new DataView(bytes.buffer);
    const tables = view.getUint16(4);
    let renamed = false;
    for (let i = 0; i < tables && !renamed; i++) {
      const at = 12 + 16 * i;
      if (String.fromCharCode(...bytes.subarray(at, at + 4)) === 'FFTM') {
        bytes.set([0x67, 0x76, 0x61, 0x72], at); // 'gvar'
        renamed = true;
      }
    }
    expect(renamed).toBe(true);
    expect(() => new TrueTypeSubsetter(bytes)).toThrow(/variable fonts/);
  });

  it('refuses a glyph id the font does not have', () => {
    const { font, ours } = faces[0]!;
    const subset = ours.createSubset();
    subset.includeGlyph(font.numGlyphs);
    expect(() => subset.encode()).toThrow(RangeError);
  });

  it('is what the card fonts hand pdfkit, beside fontkit in everything else', () => {
    const { regular } = cardFonts();
    const source = regular as unknown as Font;
    const theirs = faces[0]!.font;
    expect(source.postscriptName).toBe(theirs.postscriptName);
    expect(source.unitsPerEm).toBe(theirs.unitsPerEm);
    expect(source.layout('Hoffmann').glyphs.map((g) => g.id)).toEqual(
      theirs.layout('Hoffmann').glyphs.map((g) => g.id),
    );
    const subset = source.createSubset();
    expect(subset.includeGlyph(source.glyphForCodePoint(0x41))).toBe(1);
    expect(subset.encode().byteLength).toBeGreaterThan(500);
  });
});

describe('remembered layouts of the card wording', () => {
  it('are what fontkit lays out, and each caller gets its own copy to scale', () => {
    const fonts = cardFonts();
    fonts.rememberLayouts(['Karte prüfen', 'Nicht übertragbar · Bei Kontrollen bitte vorzeigen']);
    for (const [source, { font }] of [
      [fonts.regular, faces[0]!],
      [fonts.bold, faces[1]!],
    ] as const) {
      const pdfFont = source as unknown as Font;
      for (const word of ['Karte ', 'prüfen', 'übertragbar ', '· ', 'vorzeigen']) {
        const fresh = font.layout(word);
        const first = pdfFont.layout(word);
        // pdfkit scales the positions it gets in place (points per 1000 units).
        for (const p of first.positions) p.xAdvance *= 2;
        const second = pdfFont.layout(word);
        expect(second.glyphs.map((g) => g.id)).toEqual(fresh.glyphs.map((g) => g.id));
        expect(second.positions.map((p) => ({ ...p }))).toEqual(
          fresh.positions.map((p) => ({ ...p })),
        );
        expect(second.advanceWidth).toBe(fresh.advanceWidth);
        expect(first.advanceWidth).toBe(2 * fresh.advanceWidth);
      }
    }
  });

  it('are kept for the card wording only: a name is shaped for every document', () => {
    const fonts = cardFonts();
    fonts.rememberLayouts(['Karte prüfen']);
    const pdfFont = fonts.regular as unknown as Font;
    const shaping = vi.spyOn(Object.getPrototypeOf(faces[0]!.font) as Font, 'layout');
    try {
      pdfFont.layout('prüfen');
      pdfFont.layout('Karte ');
      expect(shaping).not.toHaveBeenCalled();
      pdfFont.layout('Müller');
      pdfFont.layout('Müller');
      expect(shaping).toHaveBeenCalledTimes(2);
    } finally {
      shaping.mockRestore();
    }
  });

  it('keeps the printed configuration among the most recently used words only', () => {
    const fonts = cardFonts();
    const pdfFont = fonts.bold as unknown as Font;
    const shaping = vi.spyOn(Object.getPrototypeOf(faces[1]!.font) as Font, 'layout');
    try {
      fonts.keepRecentLayouts(['Haus Möwe', 'Pension Seeblick GmbH']);
      shaping.mockClear();
      for (const word of ['Haus ', 'Möwe', 'Seeblick ', 'GmbH']) {
        const kept = pdfFont.layout(word);
        expect(kept.glyphs.map((g) => g.id)).toEqual(
          faces[1]!.font.layout(word).glyphs.map((g) => g.id),
        );
      }
      expect(shaping).toHaveBeenCalledTimes(4); // the comparisons only
      shaping.mockClear();

      // A landlord printing again keeps 'Möwe' young; RECENT_WORDS other words push 'GmbH' out.
      const others = Array.from({ length: RECENT_WORDS }, (_, i) => `Ort${i}`);
      fonts.keepRecentLayouts(['Möwe']);
      fonts.keepRecentLayouts(others.slice(0, RECENT_WORDS / 2));
      fonts.keepRecentLayouts(['Möwe']);
      fonts.keepRecentLayouts(others.slice(RECENT_WORDS / 2));
      shaping.mockClear();
      pdfFont.layout('Möwe');
      expect(shaping).not.toHaveBeenCalled();
      pdfFont.layout('GmbH');
      expect(shaping).toHaveBeenCalledTimes(1);
    } finally {
      shaping.mockRestore();
    }
  });
});
