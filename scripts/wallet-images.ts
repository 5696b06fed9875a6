// Draws the wallet passes' icon and logo (lib/portal/wallet/images/*.png; committed, run again
// only to change them): the portal's brand blue with a white card and QR-like dots, no text, so
// the files need no font and look the same in every language.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

const BRAND: [number, number, number] = [0x1d, 0x4e, 0xd8];
const WHITE: [number, number, number] = [0xff, 0xff, 0xff];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** An RGBA PNG of `w` x `h` whose pixels `paint` chooses (null: transparent). */
function png(w: number, h: number, paint: (x: number, y: number) => number[] | null): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < h; y++) {
    const row = Buffer.alloc(1 + w * 4);
    for (let x = 0; x < w; x++) {
      const c = paint(x, y);
      if (c) row.set([...c, 255], 1 + x * 4);
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A square: brand blue, a white card in the middle with a 3 x 3 grid of blue dots. */
function icon(size: number): Buffer {
  const u = size / 29;
  return png(size, size, (x, y) => {
    const [cx, cy] = [x / u, y / u];
    const inCard = cx >= 5 && cx < 24 && cy >= 8 && cy < 21;
    if (!inCard) return BRAND;
    const [gx, gy] = [Math.floor((cx - 14) / 2.4), Math.floor((cy - 10) / 2.4)];
    const dot = cx >= 14 && cx < 21.2 && cy >= 10 && cy < 17.2 && (gx + gy) % 2 === 0;
    return dot ? BRAND : WHITE;
  });
}

/** The logo strip: the icon's card at its left on transparent ground. */
function logo(scale: number): Buffer {
  const [w, h] = [50 * scale, 50 * scale];
  const u = h / 29;
  return png(w, h, (x, y) => {
    const [cx, cy] = [x / u, y / u];
    const inCard = cx >= 2 && cx < 27 && cy >= 6 && cy < 23;
    if (!inCard) return null;
    const dot =
      cx >= 15 &&
      cx < 24 &&
      cy >= 9 &&
      cy < 18 &&
      (Math.floor(cx / 3) + Math.floor(cy / 3)) % 2 === 0;
    return dot ? BRAND : WHITE;
  });
}

const dir = path.join(process.cwd(), 'lib', 'portal', 'wallet', 'images');
mkdirSync(dir, { recursive: true });
const files: Record<string, Buffer> = {
  'icon.png': icon(29),
  'icon@2x.png': icon(58),
  'icon@3x.png': icon(87),
  'logo.png': logo(1),
  'logo@2x.png': logo(2),
};
for (const [name, data] of Object.entries(files)) writeFileSync(path.join(dir, name), data);
console.log(`wallet images written to ${dir}`);
