import 'server-only';
// The object's check-in poster (A4 or A5 portrait PDF): title, a large QR code, the object's name,
// and a line in German and English. pdfkit with the embedded, subset DejaVu font of the guest card,
// so any object name prints.
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { drawQr, qrMatrix } from '@/lib/pdf/qr';

export type PosterSize = 'A4' | 'A5';

// The guest card's font files; read by path (the portal does not import the service's code).
const FONT_DIR = path.join(process.cwd(), 'lib', 'service', 'kurkarte', 'fonts');

export interface PosterText {
  title: string;
  text: string;
  textEn: string;
}

export async function posterPdf(
  size: PosterSize,
  url: string,
  objectName: string,
  t: PosterText,
): Promise<Uint8Array> {
  const doc = new PDFDocument({ size, margin: 0, info: { Title: `${t.title} – ${objectName}` } });
  doc.registerFont('regular', path.join(FONT_DIR, 'DejaVuSans.ttf'));
  doc.registerFont('bold', path.join(FONT_DIR, 'DejaVuSans-Bold.ttf'));
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));

  const { width, height } = doc.page;
  const scale = width / 595.28; // A4 = 1, A5 ≈ 0.71
  const margin = 48 * scale;
  const inner = width - 2 * margin;
  doc
    .font('bold')
    .fontSize(40 * scale)
    .fillColor('#1e3a8a');
  doc.text(t.title, margin, 60 * scale, { width: inner, align: 'center' });
  doc
    .font('bold')
    .fontSize(22 * scale)
    .fillColor('#0f172a');
  doc.text(objectName, margin, doc.y + 12 * scale, { width: inner, align: 'center' });
  const box = Math.min(inner, height * 0.5);
  const top = doc.y + 24 * scale;
  drawQr(doc, qrMatrix(url), (width - box) / 2, top, box);
  doc
    .font('regular')
    .fontSize(16 * scale)
    .fillColor('#0f172a');
  doc.text(t.text, margin, top + box + 24 * scale, { width: inner, align: 'center' });
  doc.fillColor('#334155').text(t.textEn, margin, doc.y + 10 * scale, {
    width: inner,
    align: 'center',
  });
  doc.fontSize(9 * scale).fillColor('#475569');
  doc.text(url, margin, height - 48 * scale, { width: inner, align: 'center' });
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}
