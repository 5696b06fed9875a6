import { describe, expect, it } from 'vitest';
import { messagesFor } from '@/lib/portal/i18n';
import { aggregateStatement } from '@/lib/portal/statement/aggregate';
import { statementPdf } from '@/lib/portal/statement/pdf';
import { statementTable } from '@/lib/portal/statement/table';

describe('statement PDF', () => {
  it('renders the table with German text and euro amounts', async () => {
    const w = messagesFor('de').statement;
    const s = aggregateStatement([
      {
        formId: 1,
        state: 'draft',
        arrivalDate: '2027-07-01',
        guests: 2,
        nights: 6,
        kurtaxeCents: 1200,
        tariffs: [{ tarifId: 1, persons: 2, personNights: 6, kurtaxeCents: 1200 }],
      },
    ]);
    const pdf = await statementPdf(statementTable(s, new Map([[1, 'Kinder 6–15 Jahre']]), w), {
      title: 'Kurtaxe-Abrechnung Juli 2027',
      lines: ['Objekt: Möwennest'],
      footer: 'Erstellt am 01.08.2027',
      format: { number: String, euro: (c) => `${(c / 100).toFixed(2).replace('.', ',')} €` },
    });
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(pdf.byteLength).toBeGreaterThan(1000);
  });
});
