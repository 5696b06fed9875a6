// Booking software written for the real municipal service works against ours unchanged (issue 9,
// DECISIONS 2.10). The bodies below are what the public Go client omniboost/go-intenik puts on the
// wire, byte for byte: encoding/json of its structs (field order, `ms_type` always sent, `"status":
// ""` in stornieren, a trailing newline), with its headers.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUserResponse } from '@/lib/wire/config';
import type { FormResponse } from '@/lib/wire/meldeschein';
import { useTestDb } from '../helpers/db';
import type { CallOptions } from '../helpers/api';
import {
  formsClient,
  person,
  query,
  Y,
  type BookResult,
  type FormsClient,
  type GetResult,
  type UpdateResult,
} from './meldeschein-fixtures';

const t = useTestDb();
let c: FormsClient;
let metaJson: string;

/** The Go client's request headers (client.go: NewRequest, InitToken). */
const goClient = (): CallOptions => ({
  token: c.token,
  contentType: 'application/json; charset=utf-8',
  userAgent: 'go-intenik/0.0.1',
  headers: { accept: 'application/json' },
});

/** `Meta` of the Go client: objekt before gemeinde, requestId and idempotent omitted when empty. */
const goMeta = () => `{"objekt":${c.meta.objekt},"gemeinde":${c.meta.gemeinde}}`;

/** A `Person` as the Go client encodes it (types.go field order, empty fields omitted). */
const goPerson = (land: string) =>
  `{"tarif_id":1,"gast_type":"person","arrival_date":"${Y}-07-14","departure_date":"${Y}-07-17",` +
  `"Gast_Vorname":"Erika","Gast_Name":"Mustermann","Gast_Geburtsdatum":"1985-03-09",` +
  `"Gast_Strasse":"Lindenallee 5","Gast_Postleitzahl":"10115","Gast_Wohnort":"Berlin",` +
  `"Gast_Land":"${land}"}`;

async function goBook(personen: string, msType = '""') {
  const raw = `{"meta":${metaJson},"meldescheine":[{"personen":[${personen}],"ms_type":${msType}}]}\n`;
  return c.post<BookResult>('buchen/', undefined, { ...goClient(), raw });
}

beforeAll(async () => {
  c = await formsClient(t);
  metaJson = goMeta();
});

interface HistoryRow {
  action: string;
  ignored_fields: string[] | null;
}

const history = (personId: number) =>
  query<HistoryRow>(
    t,
    sql`select action, ignored_fields from personen_history where person_id = ${personId}
        order by id`,
  );

describe('requests of clients of the municipal service', () => {
  it('books with an empty ms_type and a country given by its German name', async () => {
    const res = await goBook(goPerson('Deutschland'));
    expect(res.status, res.text).toBe(200);
    const entry = res.json.meldescheine[0]!;
    expect(entry.ms_type).toBe('ems');
    expect(entry.personen[0]!.Gast_Land).toBe('DE');
    const read = await c.get([entry.id]);
    expect(read.json.response[0]!.personen[0]!.Gast_Land).toBe('DE');
  });

  it('books with a null ms_type and English or differently written country names', async () => {
    const res = await goBook(
      [goPerson('Germany'), goPerson('österreich'), goPerson('  United   Kingdom ')].join(','),
      'null',
    );
    expect(res.status, res.text).toBe(200);
    expect(res.json.meldescheine[0]!.personen.map((p) => p.Gast_Land)).toEqual(['DE', 'AT', 'GB']);
  });

  it('still refuses a country it cannot name, and another ms_type', async () => {
    const land = await goBook(goPerson('Atlantis'));
    expect(land.status).toBe(400);
    expect(land.json.error?.details[0]).toMatchObject({
      path: 'meldescheine[0].personen[0].Gast_Land',
      code: 'invalid_country',
    });
    const type = await goBook(goPerson('DE'), '"paper"');
    expect(type.status).toBe(400);
    expect(type.json.error?.details[0]).toMatchObject({
      path: 'meldescheine[0].ms_type',
      code: 'invalid_value',
    });
  });

  it('answers each booked form flat and again under `meldeschein`', async () => {
    const res = await goBook(goPerson('DE'));
    const text = res.text;
    const entry = res.json.meldescheine[0]!;
    const { meldeschein, ...flat } = entry;
    expect(meldeschein).toEqual(flat);
    // The Go client's MeldescheinBuchenPostResponseBody: meldescheine[].id and .meldeschein.
    expect(entry.id).toBeGreaterThan(0);
    expect(meldeschein!.personen[0]!.id).toBe(flat.personen[0]!.id);
    expect(text).toContain('"meldeschein":{"id":');
  });

  it('updates with an empty ms_type', async () => {
    const booked = (await goBook(goPerson('DE'))).json.meldescheine[0]!;
    const raw =
      `{"meta":${metaJson},"meldescheine":[{"id":${booked.id},"personen":[{"id":` +
      `${booked.personen[0]!.id},"Gast_Vorname":"Erika Maria"}],"ms_type":""}]}\n`;
    const res = await c.post<UpdateResult>('aktualisieren/', undefined, { ...goClient(), raw });
    expect(res.status, res.text).toBe(200);
    expect(res.json.response.meldescheine[0]!.personen[0]!.Gast_Vorname).toBe('Erika Maria');
  });

  it('cancels with the stornieren body of the Go client (`"status": ""`)', async () => {
    const booked = (await goBook(goPerson('DE'))).json.meldescheine[0]!;
    const raw = `{"meta":${metaJson},"status":"","meldescheine":[${booked.id}]}\n`;
    const res = await c.post<{ meldescheine: number[] }>('stornieren/', undefined, {
      ...goClient(),
      raw,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.meldescheine).toEqual([booked.id]);
    expect((await c.get([booked.id])).json.response[0]!.state).toBe('cancelled');
  });

  it('ignores a top-level status in XML and on every other endpoint too', async () => {
    const booked = (await goBook(goPerson('DE'))).json.meldescheine[0]!;
    const xml =
      `<?xml version="1.0" encoding="UTF-8"?><root><meta><objekt>${c.meta.objekt}</objekt>` +
      `<gemeinde>${c.meta.gemeinde}</gemeinde></meta><status></status><meldescheine>` +
      `<list-item>${booked.id}</list-item></meldescheine></root>`;
    const get = await c.post('get/', undefined, {
      token: c.token,
      contentType: 'application/xml',
      raw: xml,
    });
    expect(get.status, get.text).toBe(200);
    const token = await c.api.post<{ token: string }>('token/', {
      username: 'demo',
      password: 'demo',
      status: 'anything',
    });
    expect(token.status).toBe(200);
  });

  it('takes back a form read with get/ unchanged, and changes nothing', async () => {
    const booked = (await goBook(goPerson('DE'))).json.meldescheine[0]!;
    const read = await c.get([booked.id]);
    const form = read.json.response[0]!;
    // The form exactly as the service wrote it, sent back.
    const formText = JSON.stringify(form);
    expect(read.text).toContain(formText);
    const raw = `{"meta":${metaJson},"meldescheine":[${formText}],"status":""}`;
    const res = await c.post<UpdateResult>('aktualisieren/', undefined, { ...goClient(), raw });
    expect(res.status, res.text).toBe(200);
    expect(res.json.response.meldescheine[0]).toEqual(form);
    expect(await history(form.personen[0]!.id)).toEqual([
      { action: 'create', ignored_fields: null },
    ]);
  });

  it('applies the changes of a form sent back and notes the ignored fields in the history', async () => {
    const booked = (await goBook(goPerson('DE'))).json.meldescheine[0]!;
    const form = (await c.get([booked.id])).json.response[0]!;
    const changed: FormResponse & { Vermieter_Notiz: string } = {
      ...form,
      state: 'cancelled',
      kurtaxe_calc: 0,
      meldescheinnummer: '1999-000001',
      Vermieter_Notiz: 'not a field of the municipality',
      personen: [{ ...form.personen[0]!, Gast_Vorname: 'Erika Maria', kurtaxe_calc: 0 }],
    };
    const res = await c.update(changed);
    expect(res.status, res.text).toBe(200);
    const now = res.json.response.meldescheine[0]!;
    expect(now).toMatchObject({
      state: 'draft',
      kurtaxe_calc: form.kurtaxe_calc,
      meldescheinnummer: form.meldescheinnummer,
    });
    expect(now.personen[0]!.Gast_Vorname).toBe('Erika Maria');
    const [, update] = await history(form.personen[0]!.id);
    expect(update!.action).toBe('update');
    expect(update!.ignored_fields).toEqual(
      expect.arrayContaining([
        'meldescheine[0].state',
        'meldescheine[0].kurtaxe_calc',
        'meldescheine[0].meldescheinnummer',
        'meldescheine[0].travel_span',
        'meldescheine[0].objekt',
        'meldescheine[0].Vermieter_Notiz',
        'meldescheine[0].personen[0].created',
        'meldescheine[0].personen[0].meldeschein_id',
        'meldescheine[0].personen[0].kurtaxe_calc',
      ]),
    );
  });

  it('still refuses response-only and unknown fields on booking', async () => {
    const res = await c.book([person({ created: '2026-01-01T00:00:00' })], {});
    expect(res.status).toBe(400);
    expect(res.json.error?.code).toBe('unknown_field');
    const form = await c.post<GetResult>('buchen/', {
      meta: c.meta,
      meldescheine: [{ ms_type: 'ems', state: 'draft', personen: [person()] }],
    });
    expect(form.status).toBe(400);
    expect(form.json.error?.details[0]).toMatchObject({
      path: 'meldescheine[0].state',
      code: 'unknown_field',
    });
  });
});

describe('responses clients of the municipal service read', () => {
  it('gives errors as {status_code, detail} beside the documented envelope', async () => {
    const raw = `{"meta":${metaJson},"status":"","meldescheine":[2147483000]}\n`;
    const res = await c.post<Record<string, unknown>>('stornieren/', undefined, {
      ...goClient(),
      raw,
    });
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({
      status: 'error',
      status_code: 404,
      detail: expect.stringContaining('2147483000'),
      error: { code: 'not_found', details: [{ code: 'not_found', params: { id: 2147483000 } }] },
    });
  });

  it('types the configuration as the vendor does: sizes, kinds of accommodation, modified', async () => {
    const res = await c.api.get<CurrentUserResponse>('users/get_current_user/', {
      token: c.token,
    });
    const seeblick = res.json.gemeinden[0]!;
    for (const f of seeblick.meldeschein_fields) expect(Number.isInteger(f.size)).toBe(true);
    const size = (name: string) =>
      seeblick.meldeschein_fields.find((f) => f.column_name === name)?.size;
    expect(size('Gast_Geburtsdatum')).toBe(10);
    expect(size('Gast_Land')).toBe(2);
    expect(seeblick.unterkunftsarten.map((u) => u.alias)).toContain('Ferienwohnung');
    expect(seeblick.modified).toBe(seeblick.created);
    for (const z of seeblick.tarifzonen) expect(z.modified).toBe(z.created);

    const form = (await goBook(goPerson('DE'))).json.meldescheine[0]!;
    const kind = seeblick.unterkunftsarten.find((u) => u.id === form.objekt.unterkunftsart);
    expect(kind?.alias).toBe('Ferienwohnung');
    expect(form.objekt.modified).toBe(form.objekt.created);
  });
});
