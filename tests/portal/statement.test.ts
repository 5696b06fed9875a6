import { describe, expect, it } from 'vitest';
import { messagesFor } from '@/lib/portal/i18n';
import {
  addMonths,
  aggregateStatement,
  monthlySeries,
  monthsEnding,
  type StatementRow,
} from '@/lib/portal/statement/aggregate';
import { CSV_BOM, decimalComma, toCsv } from '@/lib/portal/statement/csv';
import { statementCsv, statementTable } from '@/lib/portal/statement/table';
import { MANUAL_ADJUSTMENT, tariffFigures } from '@/lib/portal/stays/tariff-figures';
import { form, guest } from './fixtures';

/** A minimal reader of what Excel and LibreOffice read: `;`, quotes doubled, CRLF. */
function parseCsv(text: string): string[][] {
  expect(text.startsWith(CSV_BOM)).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.slice(1);
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    const next = body[i + 1];
    if (quoted && c === '"' && next === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ';') {
      endCell();
    } else if (!quoted && c === '\r' && next === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else {
      cell += c;
    }
  }
  return rows;
}

const euros = (cell: string) => Math.round(Number(cell.replace(',', '.')) * 100);

describe('CSV writer', () => {
  it('starts with a byte-order mark, separates with ; and ends lines with CRLF', () => {
    const csv = toCsv([
      ['Tarif', 'Personen'],
      ['Erwachsene', 4],
    ]);
    expect(csv).toBe('\uFEFFTarif;Personen\r\nErwachsene;4\r\n');
    expect(new TextEncoder().encode(csv).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });

  it('writes amounts with a decimal comma and no thousands mark', () => {
    expect(decimalComma(123456)).toBe('1234,56');
    expect(decimalComma(5)).toBe('0,05');
    expect(decimalComma(-250)).toBe('-2,50');
    expect(toCsv([[{ cents: 2400 }]])).toBe('\uFEFF24,00\r\n');
  });

  it('neutralises text that a spreadsheet would run as a formula', () => {
    for (const evil of ['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\t=1']) {
      const [[cell]] = parseCsv(toCsv([[evil]])) as [[string]];
      expect(cell).toBe(`'${evil}`);
    }
    expect(parseCsv(toCsv([['Möwe; "Nest"', 'a\r\nb']]))).toEqual([['Möwe; "Nest"', 'a\r\nb']]);
  });

  it('leaves harmless text and numbers alone (a negative amount stays a number)', () => {
    expect(toCsv([['Erwachsene', 'Kinder 6-17', -3, { cents: -100 }]])).toBe(
      '\uFEFFErwachsene;Kinder 6-17;-3;-1,00\r\n',
    );
  });
});

const row = (over: Partial<StatementRow>): StatementRow => ({
  formId: 1,
  state: 'draft',
  arrivalDate: '2026-07-14',
  guests: 2,
  nights: 6,
  kurtaxeCents: 1200,
  tariffs: [{ tarifId: 1, persons: 2, personNights: 6, kurtaxeCents: 1200 }],
  ...over,
});

describe('statement aggregation', () => {
  it('sums stays, persons, person-nights and Kurtaxe per tariff, without cancelled stays', () => {
    const s = aggregateStatement([
      row({ formId: 1 }),
      row({
        formId: 2,
        guests: 3,
        nights: 9,
        kurtaxeCents: 1500,
        tariffs: [
          { tarifId: 1, persons: 1, personNights: 3, kurtaxeCents: 600 },
          { tarifId: 2, persons: 2, personNights: 6, kurtaxeCents: 900 },
        ],
      }),
      row({ formId: 3, state: 'cancelled', kurtaxeCents: 99_999 }),
    ]);
    expect(s).toEqual({
      stays: 2,
      persons: 5,
      personNights: 15,
      kurtaxeCents: 2700,
      byTariff: [
        { tarifId: 1, stays: 2, persons: 3, personNights: 9, kurtaxeCents: 1800 },
        { tarifId: 2, stays: 1, persons: 2, personNights: 6, kurtaxeCents: 900 },
      ],
    });
  });

  it('counts a group by its persons and keeps a manual amount as its own row', () => {
    const f = form(1, {
      personen: [
        guest(11, { tarif_id: 1, anzahl: 1, kurtaxe_calc: 6 }),
        guest(12, { tarif_id: 2, gast_type: 'gruppe', anzahl: 4, kurtaxe_calc: 12 }),
      ],
      verwendete_kurtaxe: 15,
    });
    const figures = tariffFigures(f);
    expect(figures).toEqual([
      { tarifId: 1, persons: 1, personNights: 3, kurtaxeCents: 600 },
      { tarifId: 2, persons: 4, personNights: 12, kurtaxeCents: 1200 },
      { tarifId: MANUAL_ADJUSTMENT, persons: 0, personNights: 0, kurtaxeCents: -300 },
    ]);
    const s = aggregateStatement([row({ tariffs: figures, kurtaxeCents: 1500 })]);
    expect(s.byTariff.at(-1)?.tarifId).toBe(MANUAL_ADJUSTMENT);
    expect(s.byTariff.reduce((n, t) => n + t.kurtaxeCents, 0)).toBe(s.kurtaxeCents);
  });

  it('lists the last 12 months, the chosen one last, and files stays by arrival month', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2025-12', 1)).toBe('2026-01');
    const months = monthsEnding('2026-03', 12);
    expect(months[0]).toBe('2025-04');
    expect(months.at(-1)).toBe('2026-03');
    const series = monthlySeries(
      [
        row({ arrivalDate: '2026-03-31' }),
        row({ arrivalDate: '2026-02-01', kurtaxeCents: 500 }),
        row({ arrivalDate: '2026-03-02', state: 'cancelled' }),
        row({ arrivalDate: '2024-03-02' }),
      ],
      months,
    );
    expect(series.at(-1)).toEqual({
      month: '2026-03',
      stays: 1,
      personNights: 6,
      kurtaxeCents: 1200,
    });
    expect(series.at(-2)?.kurtaxeCents).toBe(500);
    expect(series.reduce((n, s) => n + s.stays, 0)).toBe(2);
  });

  it('writes a CSV that parses back to the same figures', () => {
    const s = aggregateStatement([
      row({}),
      row({
        formId: 2,
        tariffs: [{ tarifId: 7, persons: 2, personNights: 6, kurtaxeCents: 123_456 }],
        kurtaxeCents: 123_456,
      }),
    ]);
    const w = messagesFor('de').statement;
    const table = statementTable(s, new Map([[1, '=Erwachsene']]), w);
    const rows = parseCsv(statementCsv(table, [[w.title, 'Juli 2026']]));
    expect(rows[0]).toEqual(['Kurtaxe-Abrechnung', 'Juli 2026']);
    const head = rows.findIndex((r) => r[0] === w.tariff);
    expect(rows[head]).toEqual([
      'Tarif',
      'Aufenthalte',
      'Personen',
      'Personennächte',
      'Kurtaxe (EUR)',
    ]);
    expect(rows[head + 1]).toEqual(["'=Erwachsene", '1', '2', '6', '12,00']);
    expect(rows[head + 2]?.[0]).toBe('Tarif 7');
    const total = rows.find((r) => r[0] === w.total) ?? [];
    expect(total.slice(1, 4).map(Number)).toEqual([s.stays, s.persons, s.personNights]);
    expect(euros(total[4] ?? '')).toBe(s.kurtaxeCents);
  });
});
