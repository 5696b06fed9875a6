// Guest card PDF (DECISIONS 2.8): read back through poppler, not trusted from our own writer.
import type { Font } from 'fontkit';
import { describe, expect, it, vi } from 'vitest';

import { cardFonts } from '@/lib/service/kurkarte/fonts';
import { qrMatrix } from '@/lib/service/kurkarte/qr';
import { renderKurkarten, type KurkarteData } from '@/lib/service/kurkarte/render';
import { germanDate } from '@/lib/wire/time';

import { readQrImage, readQrModules } from '../helpers/qr-read';
import { rasterise, readBack } from './pdf-tools';

function card(over: Partial<KurkarteData> = {}): KurkarteData {
  return {
    gemeinde: 'Ostseebad Kühlungsborn',
    kartennummer: '2026-000042-1',
    gastName: 'Anna Müller',
    anzahl: 1,
    tarif: 'Erwachsene',
    arrivalDate: '2026-07-14',
    departureDate: '2026-07-17',
    objekt: {
      alias: 'Ferienwohnung Dünenblick',
      strasse: 'Strandstraße 12',
      plz: '18225',
      ort: 'Kühlungsborn',
    },
    beherberger: 'Pension Seeblick GmbH',
    qrPayload: 'https://meldeportal.example.de/kurkarte/16.2t.AAAAAAAAAAAAAAAAAAAAAA',
    ...over,
  };
}

/** pdftotext may lay text out in any order; compare with whitespace runs collapsed. */
const flat = (s: string): string => s.replace(/\s+/g, ' ');

describe('renderKurkarten', () => {
  it('writes one A6 landscape page per card, each with its guest, number and dates', async () => {
    const cards = [
      card(),
      card({ kartennummer: '2026-000042-2', gastName: 'Jonas Weber' }),
      card({
        kartennummer: '2026-000043-1',
        gastName: 'Marie Schmidt',
        departureDate: '2026-07-15',
      }),
    ];
    const pdf = await renderKurkarten(cards);
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const back = readBack(pdf);
    expect(back.pages).toBe(3);
    expect(back.pageSize.width).toBeCloseTo(419.53, 1); // 148 mm
    expect(back.pageSize.height).toBeCloseTo(297.64, 1); // 105 mm
    cards.forEach((c, i) => {
      const text = flat(back.text[i] ?? '');
      expect(text).toContain(c.gastName);
      expect(text).toContain(c.kartennummer);
      expect(text).toContain('Ostseebad Kühlungsborn');
      expect(text).toContain(`14.07.2026 – ${germanDate(c.departureDate)}`);
      expect(text).toContain('Gültig nur mit Lichtbildausweis');
    });
    expect(flat(back.text[0] ?? '')).toContain('3 Nächte');
    expect(flat(back.text[2] ?? '')).toContain('1 Nacht');
  });

  it('prints the labelled fields a tourist office expects', async () => {
    const text = flat(readBack(await renderKurkarten([card()])).text[0] ?? '');
    for (const expected of [
      'Erwachsene',
      'Ferienwohnung Dünenblick',
      'Strandstraße 12, 18225 Kühlungsborn',
      'Pension Seeblick GmbH',
      '1 Person',
    ]) {
      expect(text).toContain(expected);
    }
    // Labels are letter-spaced capitals; pdftotext may split their letters.
    const squeezed = text.replace(/ /g, '');
    for (const label of [
      'GAST',
      'AUFENTHALT',
      'PERSONEN',
      'TARIF',
      'UNTERKUNFT',
      'VERMIETER',
      'KARTENNUMMER',
    ]) {
      expect(squeezed).toContain(label);
    }
  });

  it('names the number of persons on a group card, with or without a name', async () => {
    const back = readBack(
      await renderKurkarten([
        card({ gastName: null, anzahl: 4 }),
        card({ gastName: 'Familie Kowalski', anzahl: 3 }),
      ]),
    );
    expect(flat(back.text[0] ?? '')).toContain('4 Personen');
    expect(flat(back.text[1] ?? '')).toContain('Familie Kowalski');
    expect(flat(back.text[1] ?? '')).toContain('3 Personen');
  });

  it('prints Polish, Turkish, Greek and Cyrillic names with their own letters', async () => {
    const names = [
      'Żółć Łukasz',
      'Şükrü Öztürk',
      'İğdır Çağlayan',
      'Γιώργος Παπαδόπουλος',
      'Иван Петров',
    ];
    const back = readBack(await renderKurkarten(names.map((gastName) => card({ gastName }))));
    names.forEach((name, i) => expect(flat(back.text[i] ?? '')).toContain(name));
  });

  // The fonts are parsed once per process and shared by every later print, so what one print
  // leaves in them must not change another's text layer. Each case starts from a fresh process's
  // state: earlier tests in this file would otherwise have warmed the fonts in a lucky order.
  const freshRenderer = async () => {
    vi.resetModules();
    return (await import('@/lib/service/kurkarte/render')).renderKurkarten;
  };

  it('keeps a later card searchable after a card whose glyph is built from its letter (Greek Π, Cyrillic П)', async () => {
    const render = await freshRenderer();
    await render([card({ gastName: 'Γιώργος Παπαδόπουλος' })]);
    const back = readBack(await render([card({ gastName: 'Иван Петров' })]));
    expect(back.text[0]).toContain('Иван Петров');
  });

  it('keeps names searchable when two prints are drawn at once (Greek and Cyrillic)', async () => {
    const render = await freshRenderer();
    // Drawing yields between cards (issue 8), so the one-card Greek print runs start to finish
    // while the long print waits, and the Cyrillic card comes after that pause.
    const long = [
      ...Array.from({ length: 200 }, (_, i) => card({ kartennummer: `2026-000050-${i + 1}` })),
      card({ kartennummer: '2026-000050-201', gastName: 'Иван Петров' }),
    ];
    const [cyrillic, greek] = await Promise.all([
      render(long),
      render([card({ gastName: 'Γιώργος Παπαδόπουλος' })]),
    ]);
    expect(flat(readBack(greek).text[0] ?? '')).toContain('Γιώργος Παπαδόπουλος');
    expect(flat(readBack(cyrillic).text[200] ?? '')).toContain('Иван Петров');
  });

  it('copies a name drawn with ligatures as its letters (Hoffmann, not Hoﬀmann)', async () => {
    const render = await freshRenderer();
    // A name typed with the ligature character itself comes first and must not decide.
    await render([card({ gastName: 'Jan Griﬀin' })]);
    const back = readBack(await render([card({ gastName: 'Lea Hoffmann-Schiffler' })]));
    expect(flat(back.text[0] ?? '')).toContain('Lea Hoffmann-Schiffler');
  });

  it('treats decomposed input (NFD) like the composed name', async () => {
    const back = readBack(
      await renderKurkarten([card({ gastName: 'Şükrü Öztürk'.normalize('NFD') })]),
    );
    expect(flat(back.text[0] ?? '')).toContain('Şükrü Öztürk');
  });

  it('does not crash on Chinese: placeholders, the transliteration, and the card number', async () => {
    const back = readBack(
      await renderKurkarten([
        card({ gastName: '王小明', kartennummer: '2026-000050-1' }),
        card({ gastName: '王小明', gastNameLatin: 'Wang Xiaoming', kartennummer: '2026-000050-2' }),
      ]),
    );
    expect(back.pages).toBe(2);
    const [plain = '', transliterated = ''] = back.text.map(flat);
    expect(plain).toContain('2026-000050-1');
    expect(plain).toContain('□□□');
    expect(plain).toContain('nicht druckbare Zeichen');
    expect(transliterated).toContain('2026-000050-2');
    expect(transliterated).toContain('Wang Xiaoming');
    expect(transliterated).toContain('□□□');
  });

  it('survives control characters, emoji and absurdly long values', async () => {
    const long = 'Hohenzollern-Sigmaringen '.repeat(12);
    const back = readBack(
      await renderKurkarten([
        card({
          gastName: `Anna\n\tMüller\u0000\u200b \u{2000B}`,
          tarif: long,
          beherberger: long,
          objekt: { alias: long, strasse: null, plz: null, ort: null },
          gemeinde: long,
        }),
      ]),
    );
    const text = flat(back.text[0] ?? '');
    expect(text).toContain('Anna Müller □');
    expect(text).toContain('…');
    expect(text).toContain('2026-000042-1');
  });

  it('embeds subset fonts only, and stays small', async () => {
    const one = await renderKurkarten([card()]);
    const fonts = readBack(one).fonts;
    expect(fonts.length).toBeGreaterThan(0);
    for (const f of fonts) {
      expect(f).toMatchObject({ embedded: true, subset: true });
      expect(f.name).toMatch(/^[A-Z]{6}\+DejaVuSans/);
    }
    expect(one.byteLength).toBeLessThan(40_000);
  });

  it('draws a QR code whose modules match the payload', async () => {
    const payload = 'https://meldeportal.example.de/kurkarte/2a.bc.0123456789abcdefABCDEF';
    const pdf = await renderKurkarten([card({ qrPayload: payload })]);
    const img = rasterise(pdf, 1, 300);
    const matrix = qrMatrix(payload);
    // The symbol is the only dark shape in the right-hand part of the body; its caption is narrower.
    let minX = img.width;
    let maxX = -1;
    let minY = img.height;
    for (let y = Math.round(img.height * 0.22); y < img.height * 0.86; y++) {
      for (let x = Math.round(img.width * 0.71); x < img.width; x++) {
        if ((img.pixels[y * img.width + x] ?? 255) < 128) {
          minX = Math.min(minX, x);
          maxX = Math.max(maxX, x);
          minY = Math.min(minY, y);
        }
      }
    }
    const modulePx = (maxX - minX + 1) / matrix.size;
    expect(modulePx).toBeGreaterThan(6); // >= 0.5 mm per module at 300 dpi: scannable
    const darkAt = (row: number, col: number) => {
      const x = Math.floor(minX + (col + 0.5) * modulePx);
      const y = Math.floor(minY + (row + 0.5) * modulePx);
      return (img.pixels[y * img.width + x] ?? 255) < 128;
    };
    let mismatches = 0;
    for (let row = 0; row < matrix.size; row++) {
      for (let col = 0; col < matrix.size; col++) {
        if (darkAt(row, col) !== matrix.isDark(row, col)) mismatches++;
      }
    }
    expect(mismatches).toBe(0);
    // And what the printed modules say, read as a scanner would: the modules, and the whole page.
    expect(readQrModules(matrix.size, darkAt).text).toBe(payload);
    expect(readQrImage(img).text).toBe(payload);
  });

  it("shapes the landlord's configuration once, and a guest's name for every PDF", async () => {
    await renderKurkarten([card()]);
    const shaping = vi.spyOn(Object.getPrototypeOf(cardFonts().bold) as Font, 'layout');
    try {
      await renderKurkarten([card({ gastName: 'Jonas Weber' })]);
      await renderKurkarten([card()]);
      const shaped = shaping.mock.calls.map(([text]) => text.trim());
      for (const name of ['Jonas', 'Weber', 'Anna', 'Müller']) expect(shaped).toContain(name);
      for (const kept of ['Seeblick', 'Dünenblick', 'Strandstraße', 'Kühlungsborn', 'Erwachsene'])
        expect(shaped).not.toContain(kept);
      const back = flat(readBack(await renderKurkarten([card()])).text[0] ?? '');
      expect(back).toContain('Ferienwohnung Dünenblick');
      expect(back).toContain('Strandstraße 12, 18225 Kühlungsborn');
      expect(back).toContain('Pension Seeblick GmbH');
    } finally {
      shaping.mockRestore();
    }
  });

  it('refuses an empty card list instead of writing a PDF without pages', async () => {
    await expect(renderKurkarten([])).rejects.toThrow(RangeError);
  });

  it('refuses a card with a number of persons that is not a positive integer', async () => {
    for (const anzahl of [0, -1, 1.5, Number.NaN]) {
      await expect(renderKurkarten([card({ anzahl })])).rejects.toThrow(RangeError);
    }
  });
});

describe('germanDate', () => {
  it('prints ISO dates the German way and leaves anything else alone', () => {
    expect(germanDate('2026-07-14')).toBe('14.07.2026');
    expect(germanDate('14.07.2026')).toBe('14.07.2026');
  });
});

describe('renderKurkarten on a busy server', () => {
  it('lets other work run while a large PDF is drawn (issue 8)', async () => {
    const cards = Array.from({ length: 200 }, (_, i) =>
      card({ kartennummer: `2026-000042-${i + 1}` }),
    );
    // A stand-in for other requests: it counts the event-loop turns it gets during the drawing.
    let turns = 0;
    let drawing = true;
    const other = () => {
      if (!drawing) return;
      turns++;
      setImmediate(other);
    };
    setImmediate(other);
    const pdf = await renderKurkarten(cards);
    drawing = false;
    // At least 200 x 0.5 ms of drawing, a turn every 10 ms of it: several turns on any machine;
    // drawn in one piece, the other work waited for the whole PDF.
    expect(turns).toBeGreaterThanOrEqual(5);
    expect(readBack(pdf).pages).toBe(200);
  });
});
