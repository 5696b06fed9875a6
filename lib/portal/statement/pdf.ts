import 'server-only';
// The statement as an A4 PDF (pdfkit). Helvetica's WinAnsi covers German text and the euro sign;
// tariff names come from the municipality's configuration, which is German.
import { statementDocument, type TableLayout } from '@/lib/pdf/statement';
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

const LAYOUT: TableLayout = {
  margin: 50,
  widths: [195, 60, 60, 80, 100],
  fontSize: 10,
  gap: 4,
  right: (i) => i > 0,
};

export async function statementPdf(table: StatementTable, text: PdfText): Promise<Uint8Array> {
  const cells = ([label, stays, persons, nights, money]: StatementTable['foot']) => [
    label,
    text.format.number(stays),
    text.format.number(persons),
    text.format.number(nights),
    text.format.euro(money.cents),
  ];
  return statementDocument(text, LAYOUT, ({ row, rule }) => {
    row(table.head, true);
    rule();
    for (const r of table.body) row(cells(r.cells), false);
    rule();
    row(cells(table.foot), true);
  });
}
