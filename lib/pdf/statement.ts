// The frame of a statement as an A4 PDF (pdfkit), shared by the landlord's month statement
// (lib/portal/statement/pdf.ts) and the office's billing statement (lib/office/billing):
// Helvetica (its WinAnsi covers German text and the euro sign), a bold title, a few lines, a table
// with rules, a small footer. Each caller draws its own rows with `row` and `rule`.
import PDFDocument from 'pdfkit';

export interface TableLayout {
  margin: number;
  /** Column widths in pt. */
  widths: number[];
  fontSize: number;
  /** Space below a row and a rule, in pt. */
  gap: number;
  /** Whether column `i` is right-aligned (numbers). */
  right: (i: number) => boolean;
}

export interface StatementDrawing {
  row: (cells: string[], bold: boolean) => void;
  rule: () => void;
}

/**
 * Draws a statement: the title and lines, then `body` (rows and rules, a new page where a row would
 * run into the footer's space), then the footer. Answers the PDF's bytes.
 */
export async function statementDocument(
  text: { title: string; lines: string[]; footer: string },
  layout: TableLayout,
  body: (draw: StatementDrawing) => Promise<void> | void,
): Promise<Uint8Array> {
  const { margin, widths, fontSize, gap, right } = layout;
  const doc = new PDFDocument({ size: 'A4', margin, info: { Title: text.title } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  const bottom = doc.page.height - margin - 30;

  doc.font('Helvetica-Bold').fontSize(16).text(text.title);
  doc.moveDown(0.5).font('Helvetica').fontSize(10);
  for (const line of text.lines) doc.text(line);
  doc.moveDown(1);

  const row = (cells: string[], bold: boolean) => {
    if (doc.y > bottom) doc.addPage();
    const y = doc.y;
    let x = margin;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(fontSize);
    const heights = cells.map((c, i) => {
      const width = widths[i] ?? 60;
      doc.text(c, x, y, { width: width - gap - 1, align: right(i) ? 'right' : 'left' });
      x += width;
      return doc.y - y;
    });
    doc.y = y + Math.max(...heights) + gap;
    doc.x = margin;
  };
  const rule = () => {
    doc
      .moveTo(margin, doc.y)
      .lineTo(margin + widths.reduce((a, b) => a + b, 0), doc.y)
      .stroke();
    doc.y += gap;
  };
  await body({ row, rule });
  doc.moveDown(2).font('Helvetica').fontSize(8).text(text.footer, margin);
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}
