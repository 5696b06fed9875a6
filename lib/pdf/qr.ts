// QR codes drawn as vector shapes in a pdfkit document instead of an embedded image: sharp at any
// print resolution and a few hundred bytes instead of a bitmap. Used by the guest card (service)
// and the check-in poster (portal).
import QRCode from 'qrcode';

/** Modules of light margin the QR specification requires around the symbol. */
export const QUIET_ZONE_MODULES = 4;

export interface QrMatrix {
  size: number;
  isDark(row: number, col: number): boolean;
}

/**
 * Mask pattern 2 (every third column) for every symbol. The specification lets the encoder pick
 * any of the eight masks, and a reader takes the mask from the symbol's format information; the
 * encoder's scoring of all eight to pick one was half of its time, and 2 is what that scoring
 * chose for about half of the card URLs anyway (issue 19: 1,056 of 2,000).
 */
const QR_MASK = 2;

/**
 * Medium error correction: a printed card gets scuffed, and level M still fits a verification URL
 * of up to 84 characters into version 5 (37 modules, about 0.8 mm each on the card).
 */
export function qrMatrix(payload: string): QrMatrix {
  const options = { errorCorrectionLevel: 'M', maskPattern: QR_MASK } as const;
  // One byte segment where no mix of modes could be shorter (most URLs): the encoder's own search
  // for the best mix was most of its remaining time. Otherwise the encoder mixes modes, as before.
  let symbol = oneByteSegmentIsShortest(payload)
    ? QRCode.create([{ data: Buffer.from(payload, 'utf8'), mode: 'byte' }], options)
    : undefined;
  // From version 10 on the count fields grow, and the comparison below no longer holds.
  if (!symbol || symbol.version >= 10) symbol = QRCode.create(payload, options);
  const { modules } = symbol;
  return { size: modules.size, isDark: (row, col) => modules.get(row, col) === 1 };
}

/**
 * Draw the symbol so that it fills `box` points square at (x, y), quiet zone included. All dark
 * modules become ONE path filled once: separate fills leave hairline seams between neighbouring
 * modules in anti-aliasing viewers, a single path's union does not. Runs of dark modules in a row
 * share a rectangle, which keeps the path short. The path is written in module units under one
 * scaling (`cm`): whole numbers like `12 3 4 1 re` instead of six-decimal points, a third of the
 * page's content stream before (issue 19), and the same shape.
 */
export function drawQr(
  doc: PDFKit.PDFDocument,
  matrix: QrMatrix,
  x: number,
  y: number,
  box: number,
): void {
  const total = matrix.size + 2 * QUIET_ZONE_MODULES;
  const unit = box / total;
  const origin = QUIET_ZONE_MODULES * unit;
  doc.save();
  doc.transform(unit, 0, 0, unit, x + origin, y + origin);
  for (let row = 0; row < matrix.size; row++) {
    let col = 0;
    while (col < matrix.size) {
      if (!matrix.isDark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < matrix.size && matrix.isDark(row, col)) col++;
      doc.rect(start, row, col - start, 1);
    }
  }
  // Pure black (K only) so a four-colour press prints the code without registration blur.
  doc.fill([0, 0, 0, 100]);
  doc.restore();
}

const ALPHANUMERIC = /^[0-9A-Z $%*+\-./:]$/;

/**
 * Whether no mix of numeric, alphanumeric and byte segments can take fewer bits than one byte
 * segment (ISO/IEC 18004 section 7.4, the character count fields of versions 1-9). A lower bound
 * over all mixes (fractional bits per digit and per alphanumeric character) is compared, so a
 * `true` is certain; a `false` only means the encoder's own search runs.
 */
function oneByteSegmentIsShortest(payload: string): boolean {
  // Bits of the cheapest encoding of the text so far that ends in a segment of each mode; a new
  // segment costs its 4-bit mode indicator and its count field (numeric 10, alphanumeric 9, byte 8).
  let numeric = Infinity;
  let alphanumeric = Infinity;
  let byte = Infinity;
  let bytes = 0;
  for (const ch of payload) {
    const length = Buffer.byteLength(ch);
    bytes += length;
    const before = bytes === length ? 0 : Math.min(numeric, alphanumeric, byte);
    const digit = ch >= '0' && ch <= '9';
    numeric = digit ? Math.min(numeric, before + 14) + 10 / 3 : Infinity;
    alphanumeric = ALPHANUMERIC.test(ch) ? Math.min(alphanumeric, before + 13) + 5.5 : Infinity;
    byte = Math.min(byte, before + 12) + 8 * length;
  }
  if (bytes === 0) return true;
  return Math.min(numeric, alphanumeric, byte) >= 12 + 8 * bytes;
}
