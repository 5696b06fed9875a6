// The card's embedded font (DejaVu Sans: Latin, Greek, Cyrillic) and the text clean-up that
// keeps glyphs the font lacks from printing as invisible .notdef boxes.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { create, type Font, type GlyphRun } from 'fontkit';

import { TrueTypeSubsetter } from './subset';

export interface CardFonts {
  regular: PDFKit.Mixins.PDFFontSource;
  bold: PDFKit.Mixins.PDFFontSource;
  /** Code points both faces can draw. */
  covered: ReadonlySet<number>;
  /**
   * Keep the layout of each word of these texts, in both faces, for the life of the process: for
   * the card's fixed wording (labels, captions, conditions), never for the data printed on it.
   */
  rememberLayouts(texts: readonly string[]): void;
  /**
   * Keep the layout of each word of these texts, in both faces, among the RECENT_WORDS last used:
   * for the configuration a card prints (municipality, tariff, lodging, landlord), which repeats
   * on every card of a landlord. Never for a guest's data: a name must not outlive its form in
   * the process (decision 007).
   */
  keepRecentLayouts(texts: readonly string[]): void;
}

/** Words of printed configuration whose layouts are kept, per face (least recently used out). */
export const RECENT_WORDS = 2048;

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
    cached = {
      regular: regular.source,
      bold: bold.source,
      covered,
      rememberLayouts: (texts) => {
        for (const face of [regular, bold]) {
          for (const word of pdfkitWords(texts)) {
            if (!face.layouts.has(word)) face.layouts.set(word, face.font.layout(word));
          }
        }
      },
      keepRecentLayouts: (texts) => {
        for (const face of [regular, bold]) {
          for (const word of pdfkitWords(texts)) {
            if (face.layouts.has(word)) continue;
            const known = face.recent.get(word);
            face.recent.delete(word); // re-inserted last: the most recently used
            face.recent.set(word, known ?? face.font.layout(word));
          }
          for (const oldest of face.recent.keys()) {
            if (face.recent.size <= RECENT_WORDS) break;
            face.recent.delete(oldest);
          }
        }
      },
    };
  }
  return cached;
}

interface Face {
  font: Font;
  source: PDFKit.Mixins.PDFFontSource;
  drawable: number[];
  /** Remembered layouts by word (rememberLayouts). */
  layouts: Map<string, GlyphRun>;
  /** Recently printed configuration's layouts by word, oldest first (keepRecentLayouts). */
  recent: Map<string, GlyphRun>;
}

function load(file: string): Face {
  const bytes = readFileSync(path.join(FONT_DIR, file));
  const parsed = create(bytes);
  if (!('layout' in parsed)) throw new Error(`${file} is a font collection, not one font`);
  const drawable = parsed.characterSet.filter((cp) => parsed.hasGlyphForCodePoint(cp));
  nameGlyphs(parsed, drawable);
  const layouts = new Map<string, GlyphRun>();
  const recent = new Map<string, GlyphRun>();
  const known = (word: string) => layouts.get(word) ?? recent.get(word);
  const source = forPdfkit(parsed, new TrueTypeSubsetter(bytes), known);
  return { font: parsed, source, drawable, layouts, recent };
}

/**
 * The words pdfkit lays out one at a time: it cuts a text after each space or tab (the space
 * stays with the word before it) and shapes every piece on its own, once per document.
 */
function words(text: string): string[] {
  return text.match(/[^ \t]*[ \t]|[^ \t]+$/g) ?? [];
}

/** Each word as pdfkit meets it inside a text (with its space) and at the end (without), once. */
function pdfkitWords(texts: readonly string[]): Set<string> {
  const out = new Set(texts.flatMap(words).flatMap((w) => [w, w.trimEnd()]));
  out.delete('');
  return out;
}

/**
 * The parsed font as pdfkit gets it: fontkit's font in every respect but two. Its subsets are
 * written by `subsetter` from the file's bytes (the same file fontkit's subset writes, at a
 * fraction of the cost: subset.ts). And a remembered word's layout is handed out as a copy instead
 * of being shaped again for every document (pdfkit scales the positions it gets in place, so each
 * caller gets its own). pdfkit takes any object with a `layout` method as a parsed font; all other
 * calls reach the font itself, so fontkit's own state (glyph cache, layout engine) stays shared.
 */
function forPdfkit(
  font: Font,
  subsetter: TrueTypeSubsetter,
  kept: (word: string) => GlyphRun | undefined,
): PDFKit.Mixins.PDFFontSource {
  const createSubset = () => subsetter.createSubset();
  const layout = (text: string, ...rest: unknown[]): GlyphRun | LaidOut => {
    const known = rest.every((arg) => arg === undefined) ? kept(text) : undefined;
    if (known) return copyOf(known);
    return (font.layout as (text: string, ...rest: unknown[]) => GlyphRun)(text, ...rest);
  };
  const bound = new Map<PropertyKey, unknown>();
  const wrapped = new Proxy(font, {
    get(target, key) {
      if (key === 'createSubset') return createSubset;
      if (key === 'layout') return layout;
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

/** What pdfkit reads of a layout: the glyphs, their positions, and the total advance. */
interface LaidOut {
  glyphs: GlyphRun['glyphs'];
  positions: GlyphRun['positions'];
  readonly advanceWidth: number;
}

function copyOf(run: GlyphRun): LaidOut {
  const positions = run.positions.map(({ xAdvance, yAdvance, xOffset, yOffset }) => ({
    xAdvance,
    yAdvance,
    xOffset,
    yOffset,
  }));
  return {
    glyphs: run.glyphs.slice(),
    positions,
    // Summed when asked, as fontkit's run does: after pdfkit has scaled the positions.
    get advanceWidth() {
      let width = 0;
      for (const p of positions) width += p.xAdvance;
      return width;
    },
  };
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
