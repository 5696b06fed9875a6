// The glyph subset of a TrueType font that each card PDF embeds, written from the font file's own
// bytes. pdfkit asks the font for a subset (`createSubset`, `includeGlyph`, `encode`: fontkit's
// public subset interface) and embeds what `encode` returns. fontkit's own subset decodes every
// glyph's outline only to learn whether it is composite, and writes the tables through its
// generic struct encoder; for a one-card PDF that was a third of the render (issue 19). This one
// copies each glyph's bytes as they are, and writes the same file fontkit writes, byte for byte
// (tests/kurkarte/subset.test.ts compares the two for random glyph sets of both faces).

/** The subset interface pdfkit uses (fontkit's `Subset`); `cff` unset marks a TrueType subset. */
export interface GlyphSubset {
  readonly cff?: undefined;
  includeGlyph(glyph: number | { id: number }): number;
  encode(): Uint8Array;
}

interface Glyph {
  /** The glyph's record in `glyf`, unchanged (a view into the font file). */
  bytes: Uint8Array;
  /** For a composite glyph: each component's glyph id and the offset of that id in `bytes`. */
  components: { gid: number; pos: number }[];
  advance: number;
  bearing: number;
}

// Composite glyph flags (OpenType `glyf`): which optional fields follow a component's glyph id.
const ARG_1_AND_2_ARE_WORDS = 0x0001;
const WE_HAVE_A_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const WE_HAVE_AN_X_AND_Y_SCALE = 0x0040;
const WE_HAVE_A_TWO_BY_TWO = 0x0080;

// The tables fontkit's TrueType subset writes, in its order: what PDF requires of an embedded
// TrueType font (head, hhea, loca, maxp, cvt, prep, glyf, hmtx, fpgm); absent ones are skipped.
const TABLE_ORDER = ['head', 'hhea', 'loca', 'maxp', 'cvt ', 'prep', 'glyf', 'hmtx', 'fpgm'];

/**
 * A TrueType font file read once, handing out subsets. Only what the subsets need is read: the
 * table directory, `head`, `hhea`, `maxp`, `loca`, `hmtx`, and each glyph when first used.
 */
export class TrueTypeSubsetter {
  private readonly file: Uint8Array;
  private readonly view: DataView;
  private readonly tables = new Map<string, Uint8Array>();
  private readonly longLoca: boolean;
  private readonly numGlyphs: number;
  private readonly numberOfHMetrics: number;
  private readonly glyphs: (Glyph | undefined)[] = [];

  constructor(file: Uint8Array) {
    // A plain view: on a Node Buffer, `slice` would share memory instead of copying.
    this.file = new Uint8Array(file.buffer, file.byteOffset, file.byteLength);
    this.view = new DataView(file.buffer, file.byteOffset, file.byteLength);
    const count = this.view.getUint16(4);
    for (let i = 0; i < count; i++) {
      const entry = 12 + 16 * i;
      const tag = String.fromCharCode(...this.file.subarray(entry, entry + 4));
      const offset = this.view.getUint32(entry + 8);
      const length = this.view.getUint32(entry + 12);
      if (offset + length > file.byteLength) throw new Error(`font table ${tag} is truncated`);
      this.tables.set(tag, this.file.subarray(offset, offset + length));
    }
    for (const tag of ['head', 'hhea', 'maxp', 'loca', 'glyf', 'hmtx']) {
      if (!this.tables.has(tag)) throw new Error(`not a TrueType font: no ${tag} table`);
    }
    // A variable font's glyphs would have to be drawn at their instance, not copied.
    if (this.tables.has('gvar')) throw new Error('variable fonts are not supported');
    this.longLoca = this.u16('head', 50) === 1;
    this.numGlyphs = this.u16('maxp', 4);
    this.numberOfHMetrics = this.u16('hhea', 34);
  }

  /** A new, empty subset (glyph 0, the missing glyph, is always its first glyph). */
  createSubset(): GlyphSubset {
    const glyphs: number[] = [];
    const mapping = new Map<number, number>();
    const include = (gid: number): number => {
      let id = mapping.get(gid);
      if (id === undefined) {
        id = glyphs.length;
        glyphs.push(gid);
        mapping.set(gid, id);
      }
      return id;
    };
    include(0);
    return {
      includeGlyph: (glyph) => include(typeof glyph === 'number' ? glyph : glyph.id),
      encode: () => this.encode(glyphs, include),
    };
  }

  private encode(glyphs: number[], include: (gid: number) => number): Uint8Array {
    // Components of composite glyphs join the subset as they are met, as in fontkit: the list
    // grows while it is walked.
    const records: Uint8Array[] = [];
    const metrics: Glyph[] = [];
    for (let i = 0; i < glyphs.length; i++) {
      const glyph = this.glyph(glyphs[i] as number);
      let bytes = glyph.bytes;
      if (glyph.components.length > 0) {
        bytes = new Uint8Array(bytes);
        const view = new DataView(bytes.buffer);
        for (const c of glyph.components) view.setUint16(c.pos, include(c.gid));
      }
      records.push(bytes);
      metrics.push(glyph);
    }
    const n = records.length;

    const loca = new Uint8Array((n + 1) * (this.longLoca ? 4 : 2));
    const locaView = new DataView(loca.buffer);
    let offset = 0;
    for (let i = 0; i <= n; i++) {
      if (this.longLoca) locaView.setUint32(4 * i, offset);
      else locaView.setUint16(2 * i, offset >>> 1);
      offset += records[i]?.byteLength ?? 0;
    }
    const glyf = new Uint8Array(offset);
    offset = 0;
    for (const r of records) {
      glyf.set(r, offset);
      offset += r.byteLength;
    }
    const hmtx = new Uint8Array(4 * n);
    const hmtxView = new DataView(hmtx.buffer);
    metrics.forEach((m, i) => {
      hmtxView.setUint16(4 * i, m.advance);
      hmtxView.setInt16(4 * i + 2, m.bearing);
    });
    const maxp = this.patched('maxp', 4, n);
    const hhea = this.patched('hhea', 34, n);

    const parts = new Map<string, Uint8Array | undefined>([
      ['head', this.tables.get('head')],
      ['hhea', hhea],
      ['loca', loca],
      ['maxp', maxp],
      ['cvt ', this.tables.get('cvt ')],
      ['prep', this.tables.get('prep')],
      ['glyf', glyf],
      ['hmtx', hmtx],
      ['fpgm', this.tables.get('fpgm')],
    ]);
    const present = TABLE_ORDER.flatMap((tag) => {
      const data = parts.get(tag);
      return data ? [{ tag, data }] : [];
    });
    return directory(present);
  }

  private glyph(gid: number): Glyph {
    const known = this.glyphs[gid];
    if (known) return known;
    if (!Number.isInteger(gid) || gid < 0 || gid >= this.numGlyphs) {
      throw new RangeError(`glyph ${gid} is not in the font`);
    }
    const loca = this.table('loca');
    const locaView = new DataView(loca.buffer, loca.byteOffset, loca.byteLength);
    const start = this.longLoca ? locaView.getUint32(4 * gid) : 2 * locaView.getUint16(2 * gid);
    const end = this.longLoca
      ? locaView.getUint32(4 * gid + 4)
      : 2 * locaView.getUint16(2 * gid + 2);
    const bytes = this.table('glyf').subarray(start, end);
    const components: Glyph['components'] = [];
    if (bytes.byteLength >= 10) {
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      if (view.getInt16(0) < 0) {
        let pos = 10;
        let flags: number;
        do {
          flags = view.getUint16(pos);
          components.push({ gid: view.getUint16(pos + 2), pos: pos + 2 });
          pos += 4 + (flags & ARG_1_AND_2_ARE_WORDS ? 4 : 2);
          if (flags & WE_HAVE_A_SCALE) pos += 2;
          else if (flags & WE_HAVE_AN_X_AND_Y_SCALE) pos += 4;
          else if (flags & WE_HAVE_A_TWO_BY_TWO) pos += 8;
        } while (flags & MORE_COMPONENTS);
      }
    }
    const hmtx = this.table('hmtx');
    const hmtxView = new DataView(hmtx.buffer, hmtx.byteOffset, hmtx.byteLength);
    const long = this.numberOfHMetrics;
    const advance = hmtxView.getUint16(4 * (gid < long ? gid : long - 1));
    const bearingAt = gid < long ? 4 * gid + 2 : 4 * long + 2 * (gid - long);
    const bearing = bearingAt + 2 <= hmtx.byteLength ? hmtxView.getInt16(bearingAt) : 0;
    const glyph = { bytes, components, advance, bearing };
    this.glyphs[gid] = glyph;
    return glyph;
  }

  private table(tag: string): Uint8Array {
    const data = this.tables.get(tag);
    if (!data) throw new Error(`font table ${tag} is missing`);
    return data;
  }

  private u16(tag: string, at: number): number {
    const data = this.table(tag);
    return new DataView(data.buffer, data.byteOffset, data.byteLength).getUint16(at);
  }

  /** A copy of a table with one 16-bit field set. */
  private patched(tag: string, at: number, value: number): Uint8Array {
    const copy = new Uint8Array(this.table(tag));
    new DataView(copy.buffer).setUint16(at, value);
    return copy;
  }
}

/**
 * The font file: fontkit's layout, which the PDF readers accept (they read tables by the
 * directory): version tag `true`, checksums left at zero, tables one after the other unpadded.
 */
function directory(tables: { tag: string; data: Uint8Array }[]): Uint8Array {
  const count = tables.length;
  const power = 2 ** Math.floor(Math.log2(count));
  let size = 12 + 16 * count;
  for (const t of tables) size += t.data.byteLength;
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x74727565); // 'true'
  view.setUint16(4, count);
  view.setUint16(6, power * 16);
  view.setUint16(8, Math.log2(power));
  view.setUint16(10, count * 16 - power * 16);
  let offset = 12 + 16 * count;
  tables.forEach((t, i) => {
    const entry = 12 + 16 * i;
    for (let k = 0; k < 4; k++) out[entry + k] = t.tag.charCodeAt(k);
    view.setUint32(entry + 8, offset);
    view.setUint32(entry + 12, t.data.byteLength);
    out.set(t.data, offset);
    offset += t.data.byteLength;
  });
  return out;
}
