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
 * Medium error correction: a printed card gets scuffed, and level M still fits a verification URL
 * of up to 84 characters into version 5 (37 modules, about 0.8 mm each on the card).
 */
export function qrMatrix(payload: string): QrMatrix {
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  return { size: modules.size, isDark: (row, col) => modules.get(row, col) === 1 };
}

/**
 * Draw the symbol so that it fills `box` points square at (x, y), quiet zone included. All dark
 * modules become ONE path filled once: separate fills leave hairline seams between neighbouring
 * modules in anti-aliasing viewers, a single path's union does not. Runs of dark modules in a row
 * share a rectangle, which keeps the path short.
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
  for (let row = 0; row < matrix.size; row++) {
    let col = 0;
    while (col < matrix.size) {
      if (!matrix.isDark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < matrix.size && matrix.isDark(row, col)) col++;
      doc.rect(x + origin + start * unit, y + origin + row * unit, (col - start) * unit, unit);
    }
  }
  // Pure black (K only) so a four-colour press prints the code without registration blur.
  doc.fill([0, 0, 0, 100]);
  doc.restore();
}
