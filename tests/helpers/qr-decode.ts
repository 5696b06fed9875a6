// A QR code reader for the tests, written from ISO/IEC 18004 and independent of the `qrcode`
// encoder: it takes a symbol's modules (as sampled from a rendered PDF, or a matrix), reads the
// format information (either copy, checked against the 32 valid codewords), unmasks the data with
// the mask the symbol names, de-interleaves the blocks, checks every block's Reed-Solomon
// error-correction codewords, and decodes numeric, alphanumeric and byte segments. A symbol that
// a scanner could misread fails here: wrong format bits, a wrong mask, wrong EC codewords.
// Versions 1-10 at any error-correction level: the card's and the poster's URLs need 5 or 6.

export type Modules = (row: number, col: number) => boolean;

export interface DecodedQr {
  text: string;
  version: number;
  /** 'L' | 'M' | 'Q' | 'H' */
  level: string;
  mask: number;
  /** The segments' modes in order, e.g. ['byte'] or ['byte', 'numeric', 'byte']. */
  modes: string[];
}

// Format information: 2 bits of level (L=01, M=00, Q=11, H=10) and 3 bits of mask, BCH(15,5)
// with generator 0x537, XOR 0x5412.
const LEVEL_BITS: Record<number, string> = { 1: 'L', 0: 'M', 3: 'Q', 2: 'H' };

function formatCodeword(data: number): number {
  let rem = data << 10;
  for (let bit = 14; bit >= 10; bit--) if ((rem >> bit) & 1) rem ^= 0x537 << (bit - 10);
  return ((data << 10) | rem) ^ 0x5412;
}

const FORMAT_CODEWORDS = new Map(
  Array.from({ length: 32 }, (_, data) => [formatCodeword(data), data] as const),
);

// Error-correction blocks per version and level (ISO/IEC 18004 table 9): groups of
// [number of blocks, total codewords per block, data codewords per block].
type Groups = [number, number, number][];
const BLOCKS: Record<string, Groups[]> = {
  L: [
    [[1, 26, 19]],
    [[1, 44, 34]],
    [[1, 70, 55]],
    [[1, 100, 80]],
    [[1, 134, 108]],
    [[2, 86, 68]],
    [[2, 98, 78]],
    [[2, 121, 97]],
    [[2, 146, 116]],
    [
      [2, 86, 68],
      [2, 87, 69],
    ],
  ],
  M: [
    [[1, 26, 16]],
    [[1, 44, 28]],
    [[1, 70, 44]],
    [[2, 50, 32]],
    [[2, 67, 43]],
    [[4, 43, 27]],
    [[4, 49, 31]],
    [
      [2, 60, 38],
      [2, 61, 39],
    ],
    [
      [3, 58, 36],
      [2, 59, 37],
    ],
    [
      [4, 69, 43],
      [1, 70, 44],
    ],
  ],
  Q: [
    [[1, 26, 13]],
    [[1, 44, 22]],
    [[2, 35, 17]],
    [[2, 50, 24]],
    [
      [2, 33, 15],
      [2, 34, 16],
    ],
    [[4, 43, 19]],
    [
      [2, 32, 14],
      [4, 33, 15],
    ],
    [
      [4, 40, 18],
      [2, 41, 19],
    ],
    [
      [4, 36, 16],
      [4, 37, 17],
    ],
    [
      [6, 43, 19],
      [2, 44, 20],
    ],
  ],
  H: [
    [[1, 26, 9]],
    [[1, 44, 16]],
    [[2, 35, 13]],
    [[4, 25, 9]],
    [
      [2, 33, 11],
      [2, 34, 12],
    ],
    [[4, 43, 15]],
    [
      [4, 39, 13],
      [1, 40, 14],
    ],
    [
      [4, 40, 14],
      [2, 41, 15],
    ],
    [
      [4, 36, 12],
      [4, 37, 13],
    ],
    [
      [6, 43, 15],
      [2, 44, 16],
    ],
  ],
};

const MASKS: ((i: number, j: number) => boolean)[] = [
  (i, j) => (i + j) % 2 === 0,
  (i) => i % 2 === 0,
  (_i, j) => j % 3 === 0,
  (i, j) => (i + j) % 3 === 0,
  (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
  (i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
  (i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
  (i, j) => (((i + j) % 2) + ((i * j) % 3)) % 2 === 0,
];

/** Centres of the alignment patterns along one axis (none in version 1). */
function alignmentCentres(version: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const size = 4 * version + 17;
  const step = Math.ceil((size - 13) / (2 * count - 2)) * 2;
  const centres = [size - 7];
  for (let i = 1; i < count - 1; i++) centres.push(centres[i - 1]! - step);
  centres.push(6);
  return centres.reverse();
}

/** Which modules are function patterns (finders, separators, timing, alignment, format, version). */
function functionModules(version: number): boolean[][] {
  const size = 4 * version + 17;
  const f = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const mark = (r0: number, c0: number, h: number, w: number) => {
    for (let r = r0; r < r0 + h; r++)
      for (let c = c0; c < c0 + w; c++)
        if (r >= 0 && c >= 0 && r < size && c < size) f[r]![c] = true;
  };
  // Finders with separators and the format information next to them.
  mark(0, 0, 9, 9);
  mark(0, size - 8, 9, 8);
  mark(size - 8, 0, 8, 9);
  // Timing patterns.
  mark(6, 0, 1, size);
  mark(0, 6, size, 1);
  const centres = alignmentCentres(version);
  for (const r of centres) {
    for (const c of centres) {
      const onFinder =
        (r === 6 && c === 6) || (r === 6 && c === size - 7) || (r === size - 7 && c === 6);
      if (!onFinder) mark(r - 2, c - 2, 5, 5);
    }
  }
  if (version >= 7) {
    mark(0, size - 11, 6, 3);
    mark(size - 11, 0, 3, 6);
  }
  return f;
}

/** The 15 format bits of the copy around the top-left finder and of the split copy. */
function formatCopies(size: number, dark: Modules): [number, number] {
  const bit = (r: number, c: number) => (dark(r, c) ? 1 : 0);
  // Bit 14 first (most significant).
  const first = [
    [8, 0],
    [8, 1],
    [8, 2],
    [8, 3],
    [8, 4],
    [8, 5],
    [8, 7],
    [8, 8],
    [7, 8],
    [5, 8],
    [4, 8],
    [3, 8],
    [2, 8],
    [1, 8],
    [0, 8],
  ];
  const second: number[][] = [];
  for (let r = size - 1; r >= size - 7; r--) second.push([r, 8]);
  for (let c = size - 8; c < size; c++) second.push([8, c]);
  const read = (cells: number[][]) => cells.reduce((v, [r, c]) => (v << 1) | bit(r!, c!), 0);
  return [read(first), read(second)];
}

// GF(256) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1.
const EXP = new Array<number>(512);
const LOG = new Array<number>(256);
{
  let x = 1;
  for (let i = 0; i < 255; i++) {
    EXP[i] = x;
    LOG[x] = i;
    x <<= 1;
    if (x & 0x100) x ^= 0x11d;
  }
  for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255]!;
}
const mul = (a: number, b: number) => (a === 0 || b === 0 ? 0 : EXP[LOG[a]! + LOG[b]!]!);

/** The error-correction codewords of `data` (Reed-Solomon, generator with roots α^0..α^(n-1)). */
function ecCodewords(data: number[], n: number): number[] {
  let gen = [1];
  for (let i = 0; i < n; i++) {
    const next = new Array<number>(gen.length + 1).fill(0);
    gen.forEach((g, k) => {
      next[k] = next[k]! ^ g;
      next[k + 1] = next[k + 1]! ^ mul(g, EXP[i]!);
    });
    gen = next;
  }
  const rem = [...data, ...new Array<number>(n).fill(0)];
  for (let i = 0; i < data.length; i++) {
    const coef = rem[i]!;
    if (coef !== 0)
      for (let k = 0; k < gen.length; k++) rem[i + k] = rem[i + k]! ^ mul(gen[k]!, coef);
  }
  return rem.slice(data.length);
}

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';

/** Decode a symbol of `size` x `size` modules; throws on anything a reader would reject. */
export function decodeQr(size: number, dark: Modules): DecodedQr {
  const version = (size - 17) / 4;
  if (!Number.isInteger(version) || version < 1 || version > 10) {
    throw new Error(`unsupported symbol size ${size}`);
  }
  const [a, b] = formatCopies(size, dark);
  const format = FORMAT_CODEWORDS.get(a) ?? FORMAT_CODEWORDS.get(b);
  if (format === undefined || a !== b) throw new Error('format information unreadable');
  const level = LEVEL_BITS[format >> 3]!;
  const mask = format & 7;
  if (!dark(size - 8, 8)) throw new Error('dark module missing');

  // The data modules in placement order: column pairs from the right, up and down in turn.
  const fn = functionModules(version);
  const bits: number[] = [];
  let upward = true;
  for (let right = size - 1; right > 0; right -= 2) {
    if (right === 6) right = 5;
    for (let k = 0; k < size; k++) {
      const row = upward ? size - 1 - k : k;
      for (const col of [right, right - 1]) {
        if (fn[row]![col]) continue;
        const value = dark(row, col) !== MASKS[mask]!(row, col);
        bits.push(value ? 1 : 0);
      }
    }
    upward = !upward;
  }

  const groups = BLOCKS[level]![version - 1]!;
  const blocks = groups.flatMap(([count, total, data]) =>
    Array.from({ length: count }, () => ({ total, data, bytes: [] as number[] })),
  );
  const totalCodewords = blocks.reduce((s, x) => s + x.total, 0);
  if (Math.floor(bits.length / 8) !== totalCodewords) throw new Error('codeword count mismatch');
  const codewords = Array.from({ length: totalCodewords }, (_, i) =>
    bits.slice(8 * i, 8 * i + 8).reduce((v, x) => (v << 1) | x, 0),
  );
  // Interleaved: data codewords column by column over the blocks, then EC codewords likewise.
  let next = 0;
  const maxData = Math.max(...blocks.map((x) => x.data));
  for (let i = 0; i < maxData; i++)
    for (const x of blocks) if (i < x.data) x.bytes.push(codewords[next++]!);
  const ecLength = blocks[0]!.total - blocks[0]!.data;
  for (let i = 0; i < ecLength; i++) for (const x of blocks) x.bytes.push(codewords[next++]!);
  for (const x of blocks) {
    const data = x.bytes.slice(0, x.data);
    const ec = x.bytes.slice(x.data);
    if (ecCodewords(data, ecLength).join() !== ec.join()) {
      throw new Error('error-correction codewords do not match the data');
    }
  }

  const stream = blocks.flatMap((x) => x.bytes.slice(0, x.data));
  let pos = 0;
  const read = (n: number) => {
    let v = 0;
    for (let i = 0; i < n; i++) {
      const byte = stream[(pos + i) >> 3] ?? 0;
      v = (v << 1) | ((byte >> (7 - ((pos + i) & 7))) & 1);
    }
    pos += n;
    return v;
  };
  const totalBits = stream.length * 8;
  const modes: string[] = [];
  const bytes: number[] = [];
  let text = '';
  const flush = () => {
    text += Buffer.from(bytes).toString('utf8');
    bytes.length = 0;
  };
  while (pos + 4 <= totalBits) {
    const mode = read(4);
    if (mode === 0) break;
    if (mode === 4) {
      modes.push('byte');
      const n = read(version < 10 ? 8 : 16);
      for (let i = 0; i < n; i++) bytes.push(read(8));
    } else if (mode === 1) {
      modes.push('numeric');
      flush();
      let n = read(version < 10 ? 10 : 12);
      for (; n >= 3; n -= 3) text += String(read(10)).padStart(3, '0');
      if (n === 2) text += String(read(7)).padStart(2, '0');
      if (n === 1) text += String(read(4));
    } else if (mode === 2) {
      modes.push('alphanumeric');
      flush();
      let n = read(version < 10 ? 9 : 11);
      for (; n >= 2; n -= 2) {
        const v = read(11);
        text += ALNUM[Math.floor(v / 45)]! + ALNUM[v % 45]!;
      }
      if (n === 1) text += ALNUM[read(6)]!;
    } else {
      throw new Error(`unsupported mode ${mode}`);
    }
  }
  flush();
  return { text, version, level, mask, modes };
}
