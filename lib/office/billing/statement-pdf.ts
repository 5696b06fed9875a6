// A landlord's billing statement of a month as an A4 PDF, in the frame of the portal's month
// statement (lib/pdf/statement.ts): the landlord's lines, the forms, the total. Rows come from
// billingLines, so a landlord's month is read in batches too.
import { statementDocument, type TableLayout } from '../../pdf/statement';
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

const LAYOUT: TableLayout = {
  margin: 40,
  // Form, object, arrival, departure, persons, nights, amount, invoice: 515 pt of A4's 595.
  widths: [62, 78, 50, 50, 44, 72, 55, 104],
  fontSize: 8,
  gap: 3,
  right: (i) => i >= 4 && i <= 6,
};

export async function statementPdf(
  lines: AsyncIterable<BillingLine>,
  text: StatementText,
): Promise<Uint8Array> {
  const f = text.format;
  return statementDocument(text, LAYOUT, async ({ row, rule }) => {
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
    const sums = [f.number(total.persons), f.number(total.nights), f.euro(total.cents)];
    row([text.totalLabel, '', '', '', ...sums, ''], true);
  });
}
