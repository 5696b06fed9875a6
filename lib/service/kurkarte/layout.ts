// Fitting text into fixed boxes on the card. Whatever the data, text shrinks, then wraps onto a
// second line where allowed, then is cut with an ellipsis: it never runs into the next field.

export type Face = 'regular' | 'bold';
export type Cmyk = [number, number, number, number];

export interface Fitted {
  lines: string[];
  size: number;
}

export interface FitRule {
  /** Preferred size; a single line shrinks from here. */
  size: number;
  /** Smallest size for a single line before wrapping (or cutting) is tried. */
  minSize: number;
  /** When set, a second line is allowed, at sizes from `size` down to `minSize` of this rule. */
  wrap?: { size: number; minSize: number };
}

/** Width of `text` at 1 pt. Glyph advances scale linearly, so one measurement serves every size. */
function emWidth(doc: PDFKit.PDFDocument, face: Face, text: string): number {
  return doc.font(face).fontSize(1).widthOfString(text);
}

/** Largest size in [min, max], in steps of 0.25 pt, at which a text of `em` width fits `width`. */
function sizeFor(em: number, width: number, max: number): number {
  if (em <= 0) return max;
  return Math.min(max, Math.floor((width / em) * 4) / 4);
}

export function fitText(
  doc: PDFKit.PDFDocument,
  face: Face,
  text: string,
  width: number,
  rule: FitRule,
): Fitted {
  const oneLine = sizeFor(emWidth(doc, face, text), width, rule.size);
  if (oneLine >= rule.minSize) return { lines: [text], size: oneLine };
  if (rule.wrap) {
    const split = bestSplit(doc, face, text);
    if (split) {
      const [a, b] = split;
      const size = Math.min(
        sizeFor(emWidth(doc, face, a), width, rule.wrap.size),
        sizeFor(emWidth(doc, face, b), width, rule.wrap.size),
      );
      if (size >= rule.wrap.minSize) return { lines: [a, b], size };
    }
    // Too long even for two lines: fill the first line greedily, cut the rest on the second.
    const size = rule.wrap.minSize;
    const first = longestFittingPrefix(doc, face, text, width / size);
    const rest = text.slice(first.length).trimStart();
    return { lines: [first.trimEnd(), cut(doc, face, rest, width, size)].filter(Boolean), size };
  }
  return { lines: [cut(doc, face, text, width, rule.minSize)], size: rule.minSize };
}

/** The break (after a space or a hyphen) that makes the longer of the two lines shortest. */
function bestSplit(doc: PDFKit.PDFDocument, face: Face, text: string): [string, string] | null {
  let best: [string, string] | null = null;
  let bestWidth = Infinity;
  for (let i = 1; i < text.length; i++) {
    const prev = text[i - 1];
    if (prev !== ' ' && prev !== '-') continue;
    const a = text.slice(0, i).trimEnd();
    const b = text.slice(i).trimStart();
    if (!a || !b) continue;
    const longer = Math.max(emWidth(doc, face, a), emWidth(doc, face, b));
    if (longer < bestWidth) {
      bestWidth = longer;
      best = [a, b];
    }
  }
  return best;
}

/** The longest start of `text` ending at a word break (or, failing that, anywhere) within `limit` em. */
function longestFittingPrefix(
  doc: PDFKit.PDFDocument,
  face: Face,
  text: string,
  limit: number,
): string {
  let best = '';
  for (let i = 1; i <= text.length; i++) {
    const atBreak = i === text.length || text[i] === ' ' || text[i - 1] === '-';
    if (!atBreak) continue;
    const candidate = text.slice(0, i);
    if (emWidth(doc, face, candidate.trimEnd()) > limit) break;
    best = candidate;
  }
  if (best) return best;
  // A single word wider than the line: break inside it rather than overflow.
  const chars = [...text];
  let n = 0;
  while (n < chars.length && emWidth(doc, face, chars.slice(0, n + 1).join('')) <= limit) n++;
  return chars.slice(0, Math.max(n, 1)).join('');
}

/** Cut `text` so that it and an ellipsis fit `width` at `size`. */
function cut(
  doc: PDFKit.PDFDocument,
  face: Face,
  text: string,
  width: number,
  size: number,
): string {
  const limit = width / size;
  if (emWidth(doc, face, text) <= limit) return text;
  const chars = [...text];
  // Binary search over the number of characters kept: widths grow with the prefix.
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    const candidate = `${chars.slice(0, mid).join('').trimEnd()}…`;
    if (emWidth(doc, face, candidate) <= limit) lo = mid;
    else hi = mid - 1;
  }
  return `${chars.slice(0, lo).join('').trimEnd()}…`;
}

/**
 * Draw fitted lines with their tops at `y` (a smaller size is pushed down towards the baseline of
 * the preferred size, so shrunk values line up with their neighbours). Returns the height used.
 */
export function drawFitted(
  doc: PDFKit.PDFDocument,
  face: Face,
  fitted: Fitted,
  x: number,
  y: number,
  color: Cmyk,
  preferredSize = fitted.size,
): number {
  doc.font(face).fontSize(fitted.size).fillColor(color);
  const leading = fitted.size * 1.18;
  const offset = fitted.lines.length === 1 ? (preferredSize - fitted.size) * 0.75 : 0;
  fitted.lines.forEach((text, i) => {
    doc.text(text, x, y + offset + i * leading, { lineBreak: false });
  });
  return fitted.lines.length === 1 ? preferredSize * 1.18 : fitted.lines.length * leading;
}

export function textWidth(
  doc: PDFKit.PDFDocument,
  face: Face,
  text: string,
  size: number,
  characterSpacing = 0,
): number {
  return doc.font(face).fontSize(size).widthOfString(text, { characterSpacing });
}
