import 'server-only';
// The statement as an A4 PDF (pdfkit). Helvetica's WinAnsi covers German text and the euro sign;
// tariff names come from the municipality's configuration, which is German.
import PDFDocument from 'pdfkit';
import type { StatementTable } from './table';

export interface PdfText {
  title: string;
  lines: string[];
  footer: string;
  format: {
    number: (n: number) => string;
    euro: (cents: number) => string;
  };
}

const MARGIN = 50;
const WIDTHS = [195, 60, 60, 80, 100];

export async function statementPdf(table: StatementTable, text: PdfText): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: text.title } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));

  doc.font('Helvetica-Bold').fontSize(16).text(text.title);
  doc.moveDown(0.5).font('Helvetica').fontSize(10);
  for (const line of text.lines) doc.text(line);
  doc.moveDown(1);

  const row = (cells: string[], bold: boolean) => {
    const y = doc.y;
    let x = MARGIN;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    const heights = cells.map((c, i) => {
      const width = WIDTHS[i] ?? 80;
      doc.text(c, x, y, { width: width - 6, align: i === 0 ? 'left' : 'right' });
      x += width;
      return doc.y - y;
    });
    doc.y = y + Math.max(...heights) + 4;
    doc.x = MARGIN;
  };
  const rule = () => {
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + WIDTHS.reduce((a, b) => a + b, 0), doc.y)
      .stroke();
    doc.y += 4;
  };
  const cells = ([label, stays, persons, nights, money]: StatementTable['foot']) => [
    label,
    text.format.number(stays),
    text.format.number(persons),
    text.format.number(nights),
    text.format.euro(money.cents),
  ];

  row(table.head, true);
  rule();
  for (const r of table.body) row(cells(r.cells), false);
  rule();
  row(cells(table.foot), true);
  doc.moveDown(2).font('Helvetica').fontSize(8).text(text.footer, MARGIN);
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}
