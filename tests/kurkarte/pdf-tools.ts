// Reading rendered cards back through poppler (pdfinfo, pdftotext, pdffonts, pdftoppm), the same
// tools a print shop's preflight uses. CI installs poppler-utils; a missing tool fails loudly.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface PdfReadback {
  pages: number;
  /** Page size in points, from pdfinfo. */
  pageSize: { width: number; height: number };
  /** Text of each page, in order. */
  text: string[];
  /** pdffonts table rows: name, embedded, subset. */
  fonts: { name: string; embedded: boolean; subset: boolean }[];
}

function withFile<T>(pdf: Uint8Array, use: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'kurkarte-'));
  try {
    const file = path.join(dir, 'card.pdf');
    writeFileSync(file, pdf);
    return use(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const run = (tool: string, args: string[]): string =>
  execFileSync(tool, args, { encoding: 'utf8' });

export function readBack(pdf: Uint8Array): PdfReadback {
  return withFile(pdf, (file) => {
    const info = run('pdfinfo', [file]);
    const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
    const size = /^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(info);
    const text = run('pdftotext', ['-enc', 'UTF-8', file, '-']).split('\f').slice(0, pages);
    const fonts = run('pdffonts', [file])
      .split('\n')
      .slice(2)
      .filter((l) => l.trim())
      .map((l) => {
        const cols = l.trim().split(/\s+/);
        // name ... emb sub uni object-id generation: the flags sit before the last three columns.
        return {
          name: cols[0] ?? '',
          embedded: cols.at(-5) === 'yes',
          subset: cols.at(-4) === 'yes',
        };
      });
    return {
      pages,
      pageSize: { width: Number(size?.[1]), height: Number(size?.[2]) },
      text,
      fonts,
    };
  });
}

export interface GrayImage {
  width: number;
  height: number;
  /** One byte per pixel, 0 = black. */
  pixels: Uint8Array;
}

/** Rasterise one page to 8-bit grey (binary PGM, trivial to parse). */
export function rasterise(pdf: Uint8Array, page: number, dpi: number): GrayImage {
  return withFile(pdf, (file, dir) => {
    const out = path.join(dir, 'page');
    const p = String(page);
    execFileSync('pdftoppm', [
      '-gray',
      '-r',
      String(dpi),
      '-f',
      p,
      '-l',
      p,
      '-singlefile',
      file,
      out,
    ]);
    const data = readFileSync(`${out}.pgm`);
    // Header: "P5\n<w> <h>\n<max>\n" then raw bytes.
    const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(data.toString('latin1', 0, 64));
    if (!header) throw new Error('pdftoppm did not write a binary PGM');
    const width = Number(header[1]);
    const height = Number(header[2]);
    return { width, height, pixels: new Uint8Array(data.subarray(header[0].length)) };
  });
}
