// The card's embedded font (DejaVu Sans: Latin, Greek, Cyrillic) and the text clean-up that
// keeps glyphs the font lacks from printing as invisible .notdef boxes.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { create, type Font } from 'fontkit';

import { TrueTypeSubsetter } from './subset';

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
 * Read, parse and index the fonts once per process, and share them between all documents: handed
 * a file buffer, pdfkit parses the font again for every document, and DejaVu's large kerning and
 * substitution tables cost ~30 ms per face each time. pdfkit (since 0.20) takes a font fontkit has
 * parsed in place of the file; its type definitions do not list that form yet, hence the cast.
 */
export function cardFonts(): CardFonts {
  if (!cached) {
    const regular = load('DejaVuSans.ttf');
    const bold = load('DejaVuSans-Bold.ttf');
    const covered = new Set(regular.drawable.filter((cp) => bold.font.hasGlyphForCodePoint(cp)));
    cached = { regular: regular.source, bold: bold.source, covered };
  }
  return cached;
}

function load(file: string): {
  font: Font;
  source: PDFKit.Mixins.PDFFontSource;
  drawable: number[];
} {
  const bytes = readFileSync(path.join(FONT_DIR, file));
  const parsed = create(bytes);
  if (!('layout' in parsed)) throw new Error(`${file} is a font collection, not one font`);
  const drawable = parsed.characterSet.filter((cp) => parsed.hasGlyphForCodePoint(cp));
  nameGlyphs(parsed, drawable);
  return { font: parsed, source: withSubsetter(parsed, new TrueTypeSubsetter(bytes)), drawable };
}

/**
 * The parsed font as pdfkit gets it: fontkit's font in every respect but its subsets, which
 * `subsetter` writes from the file's bytes (the same file fontkit's subset writes, at a fraction
 * of the cost: subset.ts). pdfkit takes any object with a `layout` method as a parsed font; its
 * calls reach the font itself, so fontkit's own state (glyph cache, layout engine) stays shared.
 */
function withSubsetter(font: Font, subsetter: TrueTypeSubsetter): PDFKit.Mixins.PDFFontSource {
  const createSubset = () => subsetter.createSubset();
  const bound = new Map<PropertyKey, unknown>();
  const wrapped = new Proxy(font, {
    get(target, key) {
      if (key === 'createSubset') return createSubset;
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      let method = bound.get(key);
      if (method === undefined) {
        method = (value as (...args: unknown[]) => unknown).bind(target);
        bound.set(key, method);
      }
      return method;
    },
  });
  return wrapped as unknown as PDFKit.Mixins.PDFFontSource;
}

/**
 * pdfkit writes the code points fontkit keeps on a glyph into the text layer (ToUnicode), and
 * fontkit caches each glyph with the code points of its first use, for the life of the font.
 * Where that first use is as a part of another glyph, they are empty: DejaVu builds Greek Π from
 * Cyrillic П, so once a card for "Παπαδόπουλος" was embedded, every later "Петров" copied and
 * searched as "етров". Asking for every glyph by its own character first, once per process, gives
 * each its code point for good, whatever the prints do later, and with public calls only.
 * Compatibility characters are the exception: "ff" is drawn with the glyph of ﬀ (the font's
 * ligature feature) and has to copy as "ff", so those that stand for several letters name their
 * glyph by a layout of those letters. The cost and the alternatives: docs/decisions/003.
 */
function nameGlyphs(font: Font, drawable: readonly number[]): void {
  for (const cp of drawable) {
    const ch = String.fromCodePoint(cp);
    const letters = ch.normalize('NFKC');
    if (letters === ch) font.glyphForCodePoint(cp);
    // One layout each: fontkit shapes a run in the one script it detects (ﬀ Latin, ﻻ Arabic).
    else if (/^\p{L}{2,}$/u.test(letters)) font.layout(letters);
  }
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
