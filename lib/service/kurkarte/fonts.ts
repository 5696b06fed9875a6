// The card's embedded font (DejaVu Sans: Latin, Greek, Cyrillic) and the text clean-up that
// keeps glyphs the font lacks from printing as invisible .notdef boxes.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import PDFDocument from 'pdfkit';

/**
 * A font as pdfkit takes it. Besides file data, pdfkit's font loader accepts a font fontkit has
 * already parsed (it checks for a `layout` method); its type definitions do not list that form.
 */
type FontSource = PDFKit.Mixins.PDFFontSource | ParsedFont;
interface ParsedFont {
  layout: (...args: never[]) => unknown;
}

export interface CardFonts {
  regular: PDFKit.Mixins.PDFFontSource;
  bold: PDFKit.Mixins.PDFFontSource;
  /** Code points both faces can draw. */
  covered: ReadonlySet<number>;
}

// process.cwd() rather than import.meta.url: Next's server bundles relocate modules, and its docs
// read server-side assets from the project root the same way. Every entry point runs from there.
const FONT_DIR = path.join(process.cwd(), 'lib', 'service', 'kurkarte', 'fonts');

/** Drawn for a character the font cannot show, so a gap in a name is visible, not silent. */
export const PLACEHOLDER = '\u25A1';

let cached: CardFonts | undefined;

/**
 * Read, parse and index the fonts once per process. Handing pdfkit a file buffer makes it parse
 * the font again for every document, and DejaVu's large kerning and substitution tables cost
 * ~30 ms per face each time. pdfkit only reads the parsed font, so every document can share it.
 */
export function cardFonts(): CardFonts {
  if (cached) {
    forgetGlyphs(cached.regular);
    forgetGlyphs(cached.bold);
  } else {
    const regular = readFileSync(path.join(FONT_DIR, 'DejaVuSans.ttf'));
    const bold = readFileSync(path.join(FONT_DIR, 'DejaVuSans-Bold.ttf'));
    const boldSet = cmapCodePoints(bold);
    const covered = new Set<number>();
    for (const cp of cmapCodePoints(regular)) if (boldSet.has(cp)) covered.add(cp);
    // A cast to the documented type: pdfkit hands the parsed font straight to its embedder.
    const source = (data: Buffer) => parsedByPdfkit(data) as PDFKit.Mixins.PDFFontSource;
    cached = { regular: source(regular), bold: source(bold), covered };
  }
  return cached;
}

/**
 * fontkit caches each glyph with the code points of its first use, and pdfkit writes those into
 * the text layer (ToUnicode). DejaVu draws Greek Π and Cyrillic П with one glyph, so a card for
 * "Петров" after one for "Παπαδόπουλος" would copy and search as "Πетров". A fresh glyph cache per
 * document gives each document its own first use, as a freshly parsed font would.
 */
function forgetGlyphs(font: PDFKit.Mixins.PDFFontSource): void {
  const parsed = font as unknown as { _glyphs?: Record<number, unknown> };
  if (typeof parsed === 'object' && parsed !== null && parsed._glyphs) parsed._glyphs = {};
}

/**
 * The fontkit font pdfkit builds from `data`, taken from a scratch document. pdfkit keeps it in a
 * private field; should that ever change, the buffer itself is returned: slower, still correct.
 */
function parsedByPdfkit(data: Buffer): FontSource {
  const scratch = new PDFDocument({ autoFirstPage: false, font: '' });
  scratch.font(data);
  const internals = scratch as unknown as { _font?: { font?: unknown } };
  const parsed = internals._font?.font;
  const usable =
    typeof parsed === 'object' &&
    parsed !== null &&
    'layout' in parsed &&
    typeof parsed.layout === 'function';
  return usable ? (parsed as ParsedFont) : data;
}

/**
 * Normalise a value for printing: NFC (so decomposed "Şükrü" uses the precomposed glyphs),
 * control and format characters dropped, whitespace runs collapsed, and every character the font
 * lacks replaced by PLACEHOLDER. `lossy` tells whether anything had to be replaced.
 */
export function printable(
  raw: string,
  covered: ReadonlySet<number>,
): { text: string; lossy: boolean } {
  const cleaned = raw
    .normalize('NFC')
    .replace(/\s+/gu, ' ')
    .replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]/gu, '')
    .trim();
  let text = '';
  let lossy = false;
  for (const ch of cleaned) {
    const cp = ch.codePointAt(0) ?? 0;
    if (ch === ' ' || covered.has(cp)) {
      text += ch;
    } else if (/\p{M}/u.test(ch)) {
      // An unknown combining mark would stack a box on its base letter; dropping it keeps the letter.
      lossy = true;
    } else {
      text += PLACEHOLDER;
      lossy = true;
    }
  }
  return { text, lossy };
}

/**
 * The code points a TrueType font maps to a real glyph, read from its `cmap` table (format 4 for
 * the BMP, format 12 beyond). pdfkit exposes no coverage query, and fontkit is only pdfkit's
 * transitive dependency, so the few bytes needed are read here.
 */
export function cmapCodePoints(font: Buffer): Set<number> {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const numTables = view.getUint16(4);
  let cmap = -1;
  for (let i = 0; i < numTables; i++) {
    const rec = 12 + i * 16;
    if (font.toString('latin1', rec, rec + 4) === 'cmap') cmap = view.getUint32(rec + 8);
  }
  if (cmap < 0) throw new Error('font has no cmap table');
  const subtables = view.getUint16(cmap + 2);
  let format4 = -1;
  let format12 = -1;
  for (let i = 0; i < subtables; i++) {
    const rec = cmap + 4 + i * 8;
    const platform = view.getUint16(rec);
    const encoding = view.getUint16(rec + 2);
    const offset = cmap + view.getUint32(rec + 4);
    const format = view.getUint16(offset);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    if (format === 4 && format4 < 0) format4 = offset;
    if (format === 12 && format12 < 0) format12 = offset;
  }
  const result = new Set<number>();
  if (format12 >= 0) {
    const groups = view.getUint32(format12 + 12);
    for (let g = 0; g < groups; g++) {
      const at = format12 + 16 + g * 12;
      const start = view.getUint32(at);
      const end = view.getUint32(at + 4);
      const glyph = view.getUint32(at + 8);
      for (let cp = start; cp <= end; cp++) if (glyph + (cp - start) !== 0) result.add(cp);
    }
    return result;
  }
  if (format4 < 0) throw new Error('font has no Unicode cmap');
  const segCount = view.getUint16(format4 + 6) / 2;
  const ends = format4 + 14;
  const starts = ends + segCount * 2 + 2;
  const deltas = starts + segCount * 2;
  const rangeOffsets = deltas + segCount * 2;
  for (let s = 0; s < segCount; s++) {
    const start = view.getUint16(starts + s * 2);
    const end = view.getUint16(ends + s * 2);
    const delta = view.getInt16(deltas + s * 2);
    const rangeOffsetAt = rangeOffsets + s * 2;
    const rangeOffset = view.getUint16(rangeOffsetAt);
    for (let cp = start; cp <= end && cp !== 0xffff; cp++) {
      let glyph: number;
      if (rangeOffset === 0) {
        glyph = (cp + delta) & 0xffff;
      } else {
        const raw = view.getUint16(rangeOffsetAt + rangeOffset + (cp - start) * 2);
        glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
      }
      if (glyph !== 0) result.add(cp);
    }
  }
  return result;
}
