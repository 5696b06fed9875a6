// get-pdf/?include=karten (extension, issue 20): each printed card's data and the signed id its QR
// code carries, so wallet passes show the same verifiable code as the PDF.
import { describe, expect, it } from 'vitest';
import { verifyCardIdWithEnv } from '@/lib/service/kurkarte/card-id';
import { qrMatrix } from '@/lib/service/kurkarte/qr';
import { GetPdfResponse } from '@/lib/wire/kurkarte';
import { rasterise } from '../kurkarte/pdf-tools';
import { useTestDb } from '../helpers/db';
import { formsClient, group, person, Y } from './meldeschein-fixtures';

const t = useTestDb();

/** Whether page `page` of the PDF draws exactly the QR code of `payload` (see render.test.ts). */
function drawsQr(pdf: Uint8Array, page: number, payload: string): boolean {
  const img = rasterise(pdf, page, 300);
  const matrix = qrMatrix(payload);
  let [minX, maxX, minY] = [img.width, -1, img.height];
  for (let y = Math.round(img.height * 0.22); y < img.height * 0.86; y++) {
    for (let x = Math.round(img.width * 0.71); x < img.width; x++) {
      if ((img.pixels[y * img.width + x] ?? 255) < 128) {
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
      }
    }
  }
  const px = (maxX - minX + 1) / matrix.size;
  for (let row = 0; row < matrix.size; row++) {
    for (let col = 0; col < matrix.size; col++) {
      const x = Math.floor(minX + (col + 0.5) * px);
      const y = Math.floor(minY + (row + 0.5) * px);
      if ((img.pixels[y * img.width + x] ?? 255) < 128 !== matrix.isDark(row, col)) return false;
    }
  }
  return true;
}

describe('POST import/meldeschein/get-pdf/?include=karten', () => {
  it('adds each card with the signed id its QR code carries, in JSON and XML', async () => {
    const c = await formsClient(t);
    const form = await c.bookOk([person({ Gast_Vorname: 'Łukasz', Gast_Name: 'Żółć' }), group(3)]);
    const res = await c.post('get-pdf/?include=karten', { meta: c.meta, meldescheine: [form.id] });
    expect(res.status).toBe(200);
    const [entry] = GetPdfResponse.parse(res.json).response;
    const karten = entry!.karten!;
    expect(karten).toHaveLength(2);
    expect(karten[0]).toMatchObject({
      person_id: form.personen[0]!.id,
      kartennummer: `${form.meldescheinnummer}-1`,
      gast_name: 'Łukasz Żółć',
      anzahl: 1,
      gueltig_von: `${Y}-07-14`,
      gueltig_bis: `${Y}-07-17`,
      gemeinde: expect.any(String),
      objekt: expect.any(String),
    });
    expect(karten[1]).toMatchObject({ gast_name: null, anzahl: 3 });
    for (const [i, k] of karten.entries()) {
      expect(verifyCardIdWithEnv(k.karten_id)).toEqual({ formId: form.id, personId: k.person_id });
      expect(k.qr.endsWith(`/kurkarte/${k.karten_id}`)).toBe(true);
      expect(drawsQr(new Uint8Array(Buffer.from(entry!.pdf, 'base64')), i + 1, k.qr)).toBe(true);
    }

    const xml = await c.post('get-pdf/?include=karten', undefined, {
      format: 'xml',
      contentType: 'application/xml',
      raw: `<root><meta><gemeinde>${c.meta.gemeinde}</gemeinde><objekt>${c.meta.objekt}</objekt></meta><meldescheine><list-item>${form.id}</list-item></meldescheine></root>`,
    });
    expect(xml.status).toBe(200);
    expect(xml.text).toContain(`<karten_id>${karten[0]!.karten_id}</karten_id>`);
  });

  it('answers without karten unless asked, and refuses another include value', async () => {
    const c = await formsClient(t);
    const form = await c.bookOk([person()]);
    const plain = await c.post('get-pdf/', { meta: c.meta, meldescheine: [form.id] });
    expect(GetPdfResponse.parse(plain.json).response[0]!.karten).toBeUndefined();
    const wrong = await c.post('get-pdf/?include=kartn', { meta: c.meta, meldescheine: [form.id] });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({
      error: { details: [expect.objectContaining({ path: 'include', code: 'invalid_value' })] },
    });
  });
});
