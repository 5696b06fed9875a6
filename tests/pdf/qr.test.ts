// The QR symbols of the guest card and the check-in poster, read back by jsQR (a decoder independent
// of the encoder, tests/helpers/qr-read.ts): the fixed mask and the single byte segment (issue 19)
// still carry exactly the URL, in a symbol no larger than the encoder's own choice.
import fc from 'fast-check';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';

import { qrMatrix } from '@/lib/pdf/qr';
import { cardUrl, signCardId } from '@/lib/service/kurkarte/card-id';

import { readQrModules } from '../helpers/qr-read';

const KEY = 'test-only-not-a-secret-0123456789abcdef';

const decodeMatrix = (payload: string) => {
  const m = qrMatrix(payload);
  return readQrModules(m.size, (r, c) => m.isDark(r, c));
};

describe('qrMatrix', () => {
  it('encodes 500 signed card URLs that read back as themselves', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 40 }),
        fc.integer({ min: 1, max: 2 ** 40 }),
        fc.constantFrom(
          'https://meldeportal.example.de',
          'http://localhost:3000',
          'https://kurkarte.ostseebad-kuehlungsborn.de',
        ),
        (formId, personId, base) => {
          const url = cardUrl(base, signCardId({ formId, personId }, KEY));
          const read = decodeMatrix(url);
          expect(read.text).toBe(url);
          // As small as the encoder's own choice of modes would have made it.
          expect(read.version).toBe(QRCode.create(url, { errorCorrectionLevel: 'M' }).version);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('reads what the encoder chose with its own mask and modes as the same URL (the reader agrees with it)', () => {
    let mixed = 0;
    for (let i = 1; i <= 300; i++) {
      const url = cardUrl(
        'https://meldeportal.example.de',
        signCardId({ formId: i * 7919, personId: i }, KEY),
      );
      const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
      const read = readQrModules(modules.size, (r, c) => modules.get(r, c) === 1);
      expect(read.text).toBe(url);
      if (read.modes.length > 1) mixed++;
    }
    // Some URLs have digit runs the encoder put in numeric mode: the decoder handles both.
    expect(mixed).toBeGreaterThan(0);
  });

  it('mixes modes where that keeps the symbol smaller, and uses one byte segment otherwise', () => {
    // 87 characters with a run of digits: one byte segment needs version 6, a mix fits version 5.
    const long = cardUrl(
      'https://kurkarte.ostseebad-kuehlungsborn.de',
      signCardId({ formId: 747130790163, personId: 3 }, KEY),
    );
    const mixed = decodeMatrix(long);
    expect(mixed).toMatchObject({ text: long, version: 5 });
    expect(mixed.modes.length).toBeGreaterThan(1);
    expect(
      decodeMatrix('https://meldeportal.example.de/kurkarte/2g8zr.7cqz9.PJ23bhEZSJuXVIGzJtgjzA')
        .modes,
    ).toEqual(['byte']);
    expect(decodeMatrix('https://a.de/1234567890123').modes).toEqual(['byte', 'numeric']);
  });

  it('carries a URL of any characters, beyond ASCII too, and still reads with a damaged module', () => {
    const url = 'https://meldeportal.example.de/checkin/Kühlungsborn?a=1&b=ÄÖÜ';
    expect(decodeMatrix(url).text).toBe(url);
    const m = qrMatrix(url);
    // One data module flipped (a speck on the print): the error correction restores it.
    const specked = (r: number, c: number) =>
      (r === m.size - 1 && c === m.size - 1) !== m.isDark(r, c);
    expect(readQrModules(m.size, specked).text).toBe(url);
  });
});
