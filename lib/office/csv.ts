// CSV as RFC 4180 (comma, CRLF, double quotes doubled), UTF-8 with a byte order mark so
// spreadsheet programs read umlauts. A text cell that a spreadsheet would take for a formula
// (= + - @ tab or carriage return first: a landlord's name is typed by people outside the office)
// gets a leading apostrophe (OWASP "CSV injection"). Numbers are written as numbers.

const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** Euros from cents with a dot, for machines: 1234 -> "12.34". */
export function euros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const BOM = '\uFEFF';

/**
 * A CSV body pulled line by line from `lines`: the next batch is read only when the client has
 * taken the previous one (the stream's back pressure), so memory stays bounded by one batch.
 */
export function csvStream(
  header: readonly string[],
  lines: AsyncIterable<readonly (string | number | null)[]>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = lines[Symbol.asyncIterator]();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(BOM + csvLine(header)));
        return;
      }
      // Several lines per chunk: one enqueue per line would cost more than the line itself.
      let chunk = '';
      while (chunk.length < 64 * 1024) {
        const next = await iterator.next();
        if (next.done) {
          if (chunk) controller.enqueue(encoder.encode(chunk));
          controller.close();
          return;
        }
        chunk += csvLine(next.value);
      }
      controller.enqueue(encoder.encode(chunk));
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
