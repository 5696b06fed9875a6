// CSV that opens correctly by double click in Excel and LibreOffice with German settings:
// UTF-8 with a byte-order mark (else Excel reads Windows-1252), `;` between cells (Excel's list
// separator where the decimal mark is a comma), decimal comma, CRLF line ends. Client-safe.

/** A cell: text, a whole number, or an amount in cents (written as euros with two decimals). */
export type CsvCell = string | number | { cents: number };

export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';

// A cell starting with one of these is taken as a formula by spreadsheets (OWASP "CSV injection");
// tab and carriage return are on OWASP's list too.
const FORMULA_START = /^[=+\-@\t\r]/;

/** `-1234` cents -> `-12,34`; whole numbers without a thousands mark so they parse back. */
export function decimalComma(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

function text(value: string): string {
  // Text that a spreadsheet would run as a formula is prefixed with an apostrophe, which both
  // Excel and LibreOffice show as plain text.
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function cell(value: CsvCell): string {
  if (typeof value === 'string') return text(value);
  if (typeof value === 'number') return String(value);
  return decimalComma(value.cents);
}

export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return CSV_BOM + rows.map((r) => r.map(cell).join(CSV_SEPARATOR)).join('\r\n') + '\r\n';
}
