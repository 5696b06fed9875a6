// CSV as RFC 4180 (comma, CRLF, double quotes doubled), UTF-8 with a byte order mark so
// spreadsheet programs read umlauts. A text cell that a spreadsheet would take for a formula
// (= + - @ tab or carriage return first: a landlord's name is typed by people outside the office)
// gets a leading apostrophe (OWASP "CSV injection"). Numbers are written as numbers.

// Module constants: a regular expression literal in a function is a new object at every call
// (13 a line, 390 bytes a line of the billing CSV).
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

type Cells = readonly (string | number | null)[];

/** Lines of `rows` as one flat string: one join, not a string and a concatenation per line. */
function csvLines(rows: readonly Cells[]): string {
  return `${rows.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** Euros from cents with a dot, for machines: 1234 -> "12.34". */
export function euros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const BOM = '\uFEFF';

/**
 * A CSV body pulled batch by batch from `batches`: each batch is written as one chunk, and the next
 * is read only when the client has taken the previous one (the stream's back pressure), so memory
 * stays bounded by one batch. A batch becomes one string and one encoding, never a promise per line.
 */
export function csvStream(header: readonly string[], batches: AsyncIterable<readonly Cells[]>) {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(BOM + csvLine(header)));
        return;
      }
      // An empty batch enqueues nothing, and a pull that enqueues nothing is not called again.
      for (;;) {
        const next = await iterator.next();
        if (next.done) return controller.close();
        if (next.value.length) return controller.enqueue(encoder.encode(csvLines(next.value)));
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/** Headers of a CSV download named `name`. */
export function csvHeaders(name: string): HeadersInit {
  return {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  };
}
