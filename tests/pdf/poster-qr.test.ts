// The check-in poster's QR code (the same drawing as the guest card's, lib/pdf/qr.ts): the path in
// the page's content stream, read back module by module, decodes to the check-in link.
import { inflateSync } from 'node:zlib';

import { describe, expect, it } from 'vitest';

import { posterPdf } from '@/lib/portal/checkin/poster';

import { readQrModules } from '../helpers/qr-read';

/** The inflated content streams of a PDF. */
function streams(pdf: Uint8Array): string[] {
  const bytes = Buffer.from(pdf);
  const out: string[] = [];
  let at = 0;
  for (;;) {
    const start = bytes.indexOf('stream\n', at);
    if (start < 0) return out;
    const end = bytes.indexOf('\nendstream', start);
    const raw = bytes.subarray(start + 7, end);
    try {
      out.push(inflateSync(raw).toString('latin1'));
    } catch {
      out.push(raw.toString('latin1'));
    }
    at = end + 10;
  }
}

describe('the check-in poster', () => {
  for (const size of ['A4', 'A5'] as const) {
    it(`draws a QR code that reads as the check-in link (${size})`, async () => {
      const url = 'https://meldeportal.example.de/checkin/o/Xb7kQ2mN9pL4vR8sT1wY3zA';
      const pdf = await posterPdf(size, url, 'Dünenhaus', {
        title: 'Online-Check-in',
        text: 'Bitte vor der Anreise ausfüllen',
        textEn: 'Please fill in before arrival',
      });
      // The symbol (the finder patterns reach its last column): one scaling (`cm`) to module units, then whole-number rectangles.
      const page = streams(pdf).find((s) => / cm\n/.test(s) && / re\n/.test(s));
      expect(page).toBeDefined();
      const rects = [...page!.matchAll(/^(\d+) (\d+) (\d+) 1 re$/gm)].map((m) =>
        m.slice(1, 4).map(Number),
      );
      const symbolSize = Math.max(...rects.map(([x, , w]) => x! + w!));
      const dark = new Set<string>();
      for (const [x, y, w] of rects) for (let c = x!; c < x! + w!; c++) dark.add(`${y},${c}`);
      expect(readQrModules(symbolSize, (r, c) => dark.has(`${r},${c}`)).text).toBe(url);
    });
  }
});
