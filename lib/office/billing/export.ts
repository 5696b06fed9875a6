// The month's billing of every landlord as CSV: one line per form ready for billing, streamed
// batch by batch (billingBatches reads by key, never the month in one array), a batch a chunk.
import type { Db } from '../../db';
import { csvStream, euros } from '../csv';
import { billingBatches, type BillingLine } from './billing';

export const BILLING_CSV_HEADER = [
  'beherberger_id',
  'vermieter_nr',
  'beherberger',
  'meldeschein_id',
  'meldescheinnummer',
  'objekt',
  'arrival_date',
  'departure_date',
  'persons',
  'overnight_stays',
  'amount_eur',
  'faktura_date',
  'invoice',
];

const cells = (l: BillingLine) => [
  l.beherbergerId,
  l.vermieterNr,
  l.beherbergerAlias,
  l.formId,
  l.meldescheinnummer,
  l.objekt,
  l.arrival,
  l.departure,
  l.persons,
  l.nights,
  euros(l.amountCents),
  l.fakturaDate,
  l.invoice,
];

async function* batchCells(batches: AsyncIterable<BillingLine[]>) {
  for await (const lines of batches) yield lines.map(cells);
}

export function billingCsv(
  db: Db,
  gemeindeIds: readonly number[],
  month: string,
  today: string,
  batch?: number,
): ReadableStream<Uint8Array> {
  return csvStream(
    BILLING_CSV_HEADER,
    batchCells(billingBatches(db, gemeindeIds, month, today, { batch })),
  );
}
