// `npx tsx bench/booking-shape.ts`: what answering each booked form twice costs (flat, spec 4.2,
// and again under `meldeschein`, DECISIONS 2.10): bytes and serialization time of one `buchen/`
// answer of one form with two guests (the booking bench's body), JSON and XML, the two shapes
// measured alternately in one process so both see the same machine load. Figures:
// docs/performance.md.
import { performance } from 'node:perf_hooks';
import type { BookedForm, FormResponse } from '../lib/wire/meldeschein';
import { toXml } from '../lib/wire/xml';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20_000);

function guest(id: number): FormResponse['personen'][number] {
  return {
    id,
    tarif_id: 1,
    meldeschein_id: 1,
    gast_type: 'person',
    created: '2026-11-23T21:14:32.181+01:00',
    modified: null,
    anzahl: 1,
    arrival_date: '2027-07-14',
    departure_date: '2027-07-17',
    CSID: null,
    kurtaxe_calc: 9,
    Gast_Vorname: 'Erika',
    Gast_Name: 'Mustermann',
    Gast_Geburtsdatum: '1985-03-09',
    Gast_Strasse: 'Lindenallee 5',
    Gast_Postleitzahl: '10115',
    Gast_Wohnort: 'Berlin',
    Gast_Land: 'DE',
    Gast_Staatsangehoerigkeit: null,
    Gast_Ausweisnummer: null,
    Gast_Email: null,
    address_id: null,
    address_lat: null,
    address_lng: null,
    address_label: null,
  };
}

const form: FormResponse = {
  id: 1,
  input_id: null,
  personen: [guest(1), guest(2)],
  travel_span: {
    arrival_date: '2027-07-14T00:00:00',
    departure_date: '2027-07-17T00:00:00',
    travel_days: 3,
    uebernachtungen_sum: 6,
  },
  objekt: {
    id: 1,
    beherberger_id: 1,
    beherberger: {
      id: 1,
      firma: 'Ferienwohnungen Möwe GbR',
      vorname: 'Anna',
      nachname: 'Möller',
      comment: null,
      debitor_nr: null,
      alias: 'Ferienwohnungen Möwe',
      ansprechpartner: null,
      gemeinde_id: 1,
    },
    beherberger_alias: 'Ferienwohnungen Möwe',
    ortsteil: { id: 1, alias: 'Seeblick', gemeinde: 1 },
    created: '2026-11-23T21:14:29.205+01:00',
    modified: '2026-11-23T21:14:29.205+01:00',
    anzahl_betten: 4,
    alias: 'Möwennest',
    strasse: 'Strandweg 3',
    plz: '18999',
    ort: 'Seeblick',
    tarifzone: 1,
    unterkunftsart: 1,
  },
  meldescheinnummer: '2026-000001',
  objekt_id: 1,
  beherberger_id: 1,
  verwendete_kurtaxe: 18,
  creation_user: { id: 1, username: 'demo', alias: 'Anna Möller' },
  precheck_errors: [],
  state_display: 'Entwurf',
  faktura_date: null,
  CSID: null,
  Form_Id: null,
  BatchNo: null,
  BatchRDate: null,
  BatchPgDta: null,
  BatchTrack: null,
  ms_type: 'ems',
  state: 'draft',
  created: '2026-11-23T21:14:32.181+01:00',
  modified: null,
  user_note: null,
  is_storniert: false,
  source: null,
  storno_bestaetigt: false,
  kurtaxe_ist: null,
  manueller_betrag: 0,
  kz_manueller_betrag: false,
  kurtaxe_calc: 18,
  stat_alter_kind_1: null,
  stat_alter_kind_2: null,
  stat_alter_kind_3: null,
  stat_alter_kind_4: null,
  invoice: null,
};

const meta = {
  requestId: '3ebfe48e-79cc-40a2-9d02-fff2c4d199ed',
  timestamp: '2026-11-23T21:14:32.019',
  user: { id: 1, username: 'demo', alias: 'Anna Möller' },
  gemeinde: 1,
};
const answer = (entry: FormResponse | BookedForm) => ({
  meta,
  status: 'success',
  meldescheine: [entry],
});
const flat = () => answer({ ...form });
const both = () => answer({ ...form, meldeschein: form });

function time(serialize: (v: unknown) => string, build: () => unknown): number {
  const start = performance.now();
  for (let i = 0; i < ROUNDS; i++) serialize(build());
  return ((performance.now() - start) * 1000) / ROUNDS;
}

for (const [name, serialize] of [
  ['JSON', JSON.stringify],
  ['XML', toXml],
] as const) {
  time(serialize, flat); // warm-up
  time(serialize, both);
  const runs = { flat: [] as number[], both: [] as number[] };
  for (let r = 0; r < 5; r++) {
    runs.flat.push(time(serialize, flat));
    runs.both.push(time(serialize, both));
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[2]!;
  const bytes = (build: () => unknown) => Buffer.byteLength(serialize(build()));
  console.info(
    `${name}: flat ${bytes(flat)} B, ${median(runs.flat).toFixed(1)} µs; ` +
      `flat + meldeschein ${bytes(both)} B, ${median(runs.both).toFixed(1)} µs per answer`,
  );
}
