// QR symbols read back by jsQR, a decoder independent of the `qrcode` encoder: format information,
// unmasking, Reed-Solomon correction and the segments, as a phone's scanner reads them.
import jsQR, { type QRCode } from 'jsqr';

export interface ReadQr {
  text: string;
  version: number;
  /** The segments' modes in order, e.g. ['byte'] or ['byte', 'numeric', 'byte']. */
  modes: string[];
}

const asRead = (found: QRCode | null): ReadQr => {
  if (!found) throw new Error('no QR code could be read');
  return {
    text: found.data,
    version: found.version,
    modes: found.chunks.map((c) => c.type).filter((t) => t !== 'eci'),
  };
};

/** A symbol given module by module, drawn 4 pixels a module inside the 4-module quiet zone. */
export function readQrModules(size: number, dark: (row: number, col: number) => boolean): ReadQr {
  const scale = 4;
  const quiet = 4;
  const side = (size + 2 * quiet) * scale;
  const rgba = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const row = Math.floor(y / scale) - quiet;
      const col = Math.floor(x / scale) - quiet;
      if (row < 0 || col < 0 || row >= size || col >= size || !dark(row, col)) continue;
      rgba.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
    }
  }
  return asRead(jsQR(rgba, side, side, { inversionAttempts: 'dontInvert' }));
}

/** A grey-scale raster (one byte a pixel), e.g. a PDF page drawn by poppler. */
export function readQrImage(img: { width: number; height: number; pixels: Uint8Array }): ReadQr {
  const rgba = new Uint8ClampedArray(img.width * img.height * 4);
  for (let i = 0; i < img.width * img.height; i++) {
    const v = img.pixels[i] ?? 255;
    rgba[i * 4] = v;
    rgba[i * 4 + 1] = v;
    rgba[i * 4 + 2] = v;
    rgba[i * 4 + 3] = 255;
  }
  return asRead(jsQR(rgba, img.width, img.height, { inversionAttempts: 'dontInvert' }));
}
