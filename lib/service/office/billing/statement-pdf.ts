// A landlord's billing statement of a month as an A4 PDF (pdfkit), drawn like the portal's month
// statement (lib/portal/statement/pdf.ts): Helvetica (its WinAnsi covers German text and the euro
// sign), a bold title, the landlord's lines, a table with a rule above and below, the total, a
// small footer. Rows come from billingLines, so a landlord's month is read in batches too.
import PDFDocument from 'pdfkit';
import type { BillingLine } from './billing';

export interface StatementText {
  title: string;
  lines: string[];
  head: string[];
  totalLabel: string;
  footer: string;
  /** A form's invoice cell: "KT-… of 12.08.2027", or "not billed yet". */
  invoice: (line: BillingLine) => string;
  format: {
    number: (n: number) => string;
    euro: (cents: number) => string;
    date: (iso: string) => string;
  };
}

const MARGIN = 40;
// Form, object, arrival, departure, persons, nights, amount, invoice: 515 pt of A4's 595.
const WIDTHS = [62, 78, 50, 50, 44, 72, 55, 104];

export async function statementPdf(
  lines: AsyncIterable<BillingLine>,
  text: StatementText,
): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: text.title } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  const bottom = doc.page.height - MARGIN - 30;

  doc.font('Helvetica-Bold').fontSize(16).text(text.title);
  doc.moveDown(0.5).font('Helvetica').fontSize(10);
  for (const line of text.lines) doc.text(line);
  doc.moveDown(1);

  const row = (cells: string[], bold: boolean) => {
    if (doc.y > bottom) doc.addPage();
    const y = doc.y;
    let x = MARGIN;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    const heights = cells.map((c, i) => {
      const width = WIDTHS[i] ?? 60;
      const numeric = i >= 4 && i <= 6;
      doc.text(c, x, y, { width: width - 4, align: numeric ? 'right' : 'left' });
      x += width;
      return doc.y - y;
    });
    doc.y = y + Math.max(...heights) + 3;
    doc.x = MARGIN;
  };
  const rule = () => {
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + WIDTHS.reduce((a, b) => a + b, 0), doc.y)
      .stroke();
    doc.y += 3;
  };

  const f = text.format;
  const total = { persons: 0, nights: 0, cents: 0 };
  row(text.head, true);
  rule();
  for await (const l of lines) {
    total.persons += l.persons;
    total.nights += l.nights;
    total.cents += l.amountCents;
    row(
      [
        l.meldescheinnummer,
        l.objekt,
        f.date(l.arrival),
        f.date(l.departure),
        f.number(l.persons),
        f.number(l.nights),
        f.euro(l.amountCents),
        text.invoice(l),
      ],
      false,
    );
  }
  rule();
  row(
    [
      text.totalLabel,
      '',
      '',
      '',
      f.number(total.persons),
      f.number(total.nights),
      f.euro(total.cents),
      '',
    ],
    true,
  );
  doc.moveDown(2).font('Helvetica').fontSize(8).text(text.footer, MARGIN);
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}
