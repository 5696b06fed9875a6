// The inspection export's two shapes, as text chunks for a stream: CSV (RFC 4180, UTF-8, a row
// per guest with its form's columns) and JSON (one object, the forms with their guests).
import type { Db } from '../../db';
import { csvLine, euros } from '../csv';
import {
  inspectionFields,
  inspectionForms,
  type InspectionForm,
  type InspectionLandlord,
  type InspectionQuery,
} from './inspection';

const FORM_COLUMNS = [
  'meldeschein_id',
  'meldescheinnummer',
  'state',
  'objekt_id',
  'objekt',
  'form_arrival_date',
  'form_departure_date',
  'form_kurtaxe',
  'created',
] as const;
const GUEST_COLUMNS = [
  'guest',
  'tarif',
  'gast_type',
  'anzahl',
  'arrival_date',
  'departure_date',
  'nights',
  'kurtaxe',
] as const;

/** A row of the office's CSV (csv.ts, formulas defused); a field's yes/no is written as text. */
const line = (cells: unknown[]) =>
  csvLine(
    cells.map((v) =>
      v === null || v === undefined || typeof v === 'string' || typeof v === 'number'
        ? v
        : String(v),
    ),
  );

export async function* inspectionCsv(
  db: Db,
  landlord: InspectionLandlord,
  q: InspectionQuery,
  now = new Date(),
): AsyncGenerator<string> {
  const fields = await inspectionFields(db, landlord.gemeindeId);
  yield line([...FORM_COLUMNS, ...GUEST_COLUMNS, ...fields.map((f) => f.name)]);
  for await (const page of inspectionForms(db, q, landlord.gemeindeId, now)) {
    let chunk = '';
    for (const form of page) {
      const formCells = [
        form.id,
        form.nummer,
        form.state,
        form.objektId,
        form.objekt,
        form.arrival,
        form.departure,
        euros(form.kurtaxeCents),
        form.created,
      ];
      for (const g of form.guests) {
        chunk += line([
          ...formCells,
          g.position,
          g.tarif,
          g.gastType,
          g.anzahl,
          g.arrival,
          g.departure,
          g.nights,
          euros(g.kurtaxeCents),
          ...fields.map((f) => g.fields[f.name]),
        ]);
      }
    }
    yield chunk;
  }
}

const jsonForm = (form: InspectionForm) => ({
  id: form.id,
  meldescheinnummer: form.nummer,
  state: form.state,
  objekt: { id: form.objektId, alias: form.objekt },
  arrival_date: form.arrival,
  departure_date: form.departure,
  kurtaxe: Number(euros(form.kurtaxeCents)),
  created: form.created,
  personen: form.guests.map((g) => ({
    tarif: g.tarif,
    gast_type: g.gastType,
    anzahl: g.anzahl,
    arrival_date: g.arrival,
    departure_date: g.departure,
    nights: g.nights,
    kurtaxe: Number(euros(g.kurtaxeCents)),
    // Under their own key: a municipality's field may be named like one of the keys above.
    fields: g.fields,
  })),
});

export async function* inspectionJson(
  db: Db,
  landlord: InspectionLandlord,
  q: InspectionQuery,
  now = new Date(),
): AsyncGenerator<string> {
  const fields = await inspectionFields(db, landlord.gemeindeId);
  const head = {
    beherberger: { id: landlord.id, alias: landlord.alias },
    from: q.from,
    to: q.to,
    created: now.toISOString(),
    fields: fields.map((f) => ({ column_name: f.name, alias: f.alias })),
  };
  // The head without its closing brace, then the forms one by one.
  yield `${JSON.stringify(head).slice(0, -1)},"meldescheine":[`;
  let first = true;
  for await (const page of inspectionForms(db, q, landlord.gemeindeId, now)) {
    let chunk = '';
    for (const form of page) {
      chunk += (first ? '' : ',') + JSON.stringify(jsonForm(form));
      first = false;
    }
    yield chunk;
  }
  yield ']}';
}
