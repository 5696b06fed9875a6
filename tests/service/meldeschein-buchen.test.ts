// Booking (spec 4.2, DECISIONS 2.6, 2.7): complete forms, Kurtaxe to the cent, travel span,
// groups, numbering, several forms in one call, XML equal to JSON.
import { beforeAll, describe, expect, it } from 'vitest';
import { BuchenResponse, FormResponse } from '@/lib/wire/meldeschein';
import { useTestDb } from '../helpers/db';
import {
  count,
  formsClient,
  group,
  person,
  tarif,
  Y,
  type FormsClient,
} from './meldeschein-fixtures';

const t = useTestDb();
let c: FormsClient;
let ERW: number;
let KIND: number;

beforeAll(async () => {
  c = await formsClient(t);
  ERW = await tarif(t, t.demo.gemeinden.seeblick.id, 'ERW');
  KIND = await tarif(t, t.demo.gemeinden.seeblick.id, 'KIND');
});

describe('buchen', () => {
  it('computes Kurtaxe per night, season, tariff and zone, counting a group anzahl times', async () => {
    // Möwennest is in Zone I: ERW 2.00 (Nebensaison, Jan-Apr) / 3.00 (Hauptsaison, May-Sep),
    // KIND 1.00 / 1.50. The stays cross the season boundary on 1 May.
    const res = await c.book([
      // 28, 29, 30 April at 2.00 + 1, 2 May at 3.00 = 12.00
      person({ tarif_id: ERW, arrival_date: `${Y}-04-28`, departure_date: `${Y}-05-03` }),
      // 29, 30 April at 1.00 + 1 May at 1.50 = 3.50
      person({
        tarif_id: KIND,
        arrival_date: `${Y}-04-29`,
        departure_date: `${Y}-05-02`,
        Gast_Vorname: 'Max',
      }),
      // 30 April at 2.00 + 1, 2, 3 May at 3.00 = 11.00 per person, 4 persons = 44.00
      group(4, { tarif_id: ERW, arrival_date: `${Y}-04-30`, departure_date: `${Y}-05-04` }),
    ]);
    expect(res.status).toBe(200);
    const form = res.json.meldescheine[0]!;
    expect(form.personen.map((p) => p.kurtaxe_calc)).toEqual([12, 3.5, 44]);
    expect(form.kurtaxe_calc).toBe(59.5);
    expect(form.verwendete_kurtaxe).toBe(59.5);
    expect(form.manueller_betrag).toBe(0);
    expect(form.kz_manueller_betrag).toBe(false);
    expect(form.kurtaxe_ist).toBeNull();
    expect(form.travel_span).toEqual({
      arrival_date: `${Y}-04-28T00:00:00`,
      departure_date: `${Y}-05-04T00:00:00`,
      travel_days: 6,
      // 5 + 3 + 4 persons x 4 nights
      uebernachtungen_sum: 24,
    });
  });

  it("reproduces the vendor's example: 4 adults, 3 nights at 2.00 give 6.00 each and 24.00", async () => {
    const guests = ['A', 'B', 'C', 'D'].map((n) =>
      person({ arrival_date: `${Y}-10-14`, departure_date: `${Y}-10-17`, Gast_Vorname: n }),
    );
    const form = await c.bookOk(guests);
    expect(form.personen.map((p) => p.kurtaxe_calc)).toEqual([6, 6, 6, 6]);
    expect(form.kurtaxe_calc).toBe(24);
    expect(form.travel_span.travel_days).toBe(3);
    expect(form.travel_span.uebernachtungen_sum).toBe(12);
  });

  it('uses the rate of the object zone (Zone II is cheaper)', async () => {
    const zone2 = await formsClient(t, 'demo', {
      gemeinde: t.demo.gemeinden.seeblick.id,
      objekt: t.demo.objekte.moeweB,
    });
    const form = await zone2.bookOk([person()]);
    // Hauptsaison ERW in Zone II: 2.50 x 3 nights
    expect(form.kurtaxe_calc).toBe(7.5);
    expect(form.objekt.tarifzone).not.toBe((await c.bookOk([person()])).objekt.tarifzone);
  });

  it('answers the complete form: every field of spec 2.5, nulls where unknown', async () => {
    const res = await c.book([person({ Gast_Email: 'erika@example.org' })], {
      meldescheine: [{ input_id: 'pms-4711', personen: [person()] }],
    });
    expect(res.status).toBe(200);
    const parsed = BuchenResponse.parse(res.json);
    const { meldeschein, ...form } = parsed.meldescheine[0]!;
    // Extensions absent from a fresh booking: `anonymised` (erased forms), `protokoll` (on request).
    const optional = new Set(['anonymised', 'protokoll']);
    const keys = Object.keys(FormResponse.shape).filter((k) => !optional.has(k));
    expect(Object.keys(form).sort()).toEqual(keys.sort());
    // The same complete form again under `meldeschein` (DECISIONS 2.10).
    expect(meldeschein).toEqual(form);
    expect(form).toMatchObject({
      input_id: 'pms-4711',
      ms_type: 'ems',
      state: 'draft',
      state_display: 'Entwurf',
      is_storniert: false,
      storno_bestaetigt: false,
      precheck_errors: [],
      faktura_date: null,
      invoice: null,
      objekt_id: t.demo.objekte.moeweA,
      creation_user: { username: 'demo', alias: 'Anna Möller' },
      objekt: { id: t.demo.objekte.moeweA, alias: 'Möwennest', ortsteil: { alias: 'Seeblick' } },
    });
    expect(form.meldescheinnummer).toMatch(/^\d{4}-\d{6}$/);
    expect(form.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/);
    const guest = form.personen[0]!;
    // Every field of the municipality is present; unset ones are null.
    expect(guest).toMatchObject({
      meldeschein_id: form.id,
      gast_type: 'person',
      anzahl: 1,
      Gast_Land: 'DE',
      Gast_Email: null,
      Gast_Ausweisnummer: null,
      Gast_Staatsangehoerigkeit: null,
      address_label: null,
      CSID: null,
      modified: null,
    });
    expect(parsed.meta).toMatchObject({ gemeinde: c.meta.gemeinde, user: { username: 'demo' } });
    expect(parsed.meta.requestId).toBeTruthy();
  });

  it('keeps guests in request order with their ids, as get returns them', async () => {
    const names = ['Zoe', 'Adam', 'Mia', 'Ben'];
    const form = await c.bookOk(names.map((n) => person({ Gast_Vorname: n })));
    expect(form.personen.map((p) => p.Gast_Vorname)).toEqual(names);
    const ids = form.personen.map((p) => p.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const got = await c.get([form.id]);
    expect(got.json.response[0]!.personen.map((p) => [p.id, p.Gast_Vorname])).toEqual(
      form.personen.map((p) => [p.id, p.Gast_Vorname]),
    );
    expect(got.json.response[0]).toEqual(form);
  });

  it('drops and does not require individual data of group guests', async () => {
    const form = await c.bookOk([
      group(5, { Gast_Vorname: 'Kegelclub', Gast_Land: 'not checked' }),
      // A person with anzahl > 1 counts as a group too.
      {
        tarif_id: ERW,
        gast_type: 'person',
        anzahl: 2,
        arrival_date: `${Y}-07-14`,
        departure_date: `${Y}-07-15`,
      },
    ]);
    expect(form.personen[0]).toMatchObject({
      gast_type: 'gruppe',
      anzahl: 5,
      Gast_Vorname: null,
      Gast_Land: null,
    });
    expect(form.personen[1]).toMatchObject({ gast_type: 'person', anzahl: 2, Gast_Vorname: null });
    expect(form.personen[1]!.kurtaxe_calc).toBe(6);
  });

  it('books several forms in one call, in request order, with distinct numbers', async () => {
    const res = await c.post<{ meldescheine: FormResponse[] }>('buchen/', {
      meta: c.meta,
      meldescheine: [
        { input_id: 'a', personen: [person()] },
        { input_id: 'b', personen: [person(), person({ Gast_Vorname: 'Max' })] },
        { input_id: 'c', personen: [group(3)] },
      ],
    });
    expect(res.status).toBe(200);
    const forms = res.json.meldescheine;
    expect(forms.map((f) => [f.input_id, f.personen.length])).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 1],
    ]);
    expect(new Set(forms.map((f) => f.meldescheinnummer)).size).toBe(3);
    expect(forms[0]!.id).toBeLessThan(forms[1]!.id);
  });

  it('books nothing when one form of the call is invalid', async () => {
    const before = [await count(t, 'meldescheine'), await count(t, 'personen')];
    const res = await c.post('buchen/', {
      meta: c.meta,
      meldescheine: [{ personen: [person()] }, { personen: [person({ Gast_Name: null })] }],
    });
    expect(res.status).toBe(400);
    expect([await count(t, 'meldescheine'), await count(t, 'personen')]).toEqual(before);
  });

  it('stores text exactly as sent: quotes, backslashes, SQL-like and non-Latin text', async () => {
    // The booking statement is prepared once and run with its values written as SQL literals on
    // the embedded database (lib/service/meldescheine/prepared.ts): nothing may be lost or run.
    const tricky = {
      Gast_Vorname: "O'Brien \\'; drop table personen; --",
      Gast_Name: 'Ünal \\x27 "Zitat" Παπαδόπουλος Иванов 李 😀',
      Gast_Strasse: "E'\\\\n' $1 $$ ::jsonb",
    };
    const res = await c.post<{ meldescheine: { id: number; input_id: string }[] }>('buchen/', {
      meta: c.meta,
      meldescheine: [{ input_id: "ref'\\; --", personen: [person(tricky)] }],
    });
    expect(res.status).toBe(200);
    const form = res.json.meldescheine[0]!;
    expect(form.input_id).toBe("ref'\\; --");
    const read = await c.get([form.id]);
    const guest = read.json.response[0]!.personen[0]! as Record<string, unknown>;
    for (const [field, value] of Object.entries(tricky)) expect(guest[field]).toBe(value);
  });

  it('numbers forms YYYY-NNNNNN per municipality, increasing', async () => {
    const a = await c.bookOk([person()]);
    const b = await c.bookOk([person()]);
    const year = String(new Date().getFullYear());
    expect(a.meldescheinnummer.slice(0, 4)).toBe(year);
    expect(Number(b.meldescheinnummer.slice(5))).toBeGreaterThan(
      Number(a.meldescheinnummer.slice(5)),
    );
  });

  it('treats a missing ms_type as ems and accepts meta.vermieter of the object', async () => {
    const res = await c.post<{ meldescheine: FormResponse[] }>('buchen/', {
      meta: { ...c.meta, vermieter: t.demo.beherberger.moewe },
      meldescheine: [{ personen: [person()] }],
    });
    expect(res.status).toBe(200);
    expect(res.json.meldescheine[0]!.ms_type).toBe('ems');
  });

  it('lists warnings in precheck_errors without refusing the booking', async () => {
    const form = await c.bookOk([
      person({ Gast_Geburtsdatum: `${Y + 1}-01-01` }),
      group(4),
      // Two years ahead no season is configured and Seeblick has no rate without season.
      person({ arrival_date: `${Y + 1}-07-14`, departure_date: `${Y + 1}-07-16` }),
    ]);
    const codes = form.precheck_errors.map((p) => [p.code, p.path]);
    expect(codes).toEqual(
      expect.arrayContaining([
        ['beds_exceeded', 'personen'],
        ['birth_date_in_future', 'personen[0].Gast_Geburtsdatum'],
        ['no_season', 'personen[2]'],
      ]),
    );
    expect(form.personen[2]!.kurtaxe_calc).toBe(0);
  });

  it('converts number and boolean fields from their string forms (Hohenwald)', async () => {
    const wald = await formsClient(t, 'multi', {
      gemeinde: t.demo.gemeinden.hohenwald.id,
      objekt: t.demo.objekte.agenturB,
    });
    const erw = await tarif(t, t.demo.gemeinden.hohenwald.id, 'ERW');
    const form = await wald.bookOk([
      {
        tarif_id: erw,
        gast_type: 'person',
        arrival_date: `${Y}-03-01`,
        departure_date: `${Y}-03-03`,
        Gast_Vorname: 'Jörg',
        Gast_Name: 'Wald',
        Gast_Land: 'at',
        Gast_Anreise_Bahn: 'true',
        Gast_Hund_Anzahl: '2',
      },
    ]);
    expect(form.personen[0]).toMatchObject({
      Gast_Land: 'AT',
      Gast_Anreise_Bahn: true,
      Gast_Hund_Anzahl: 2,
    });
    expect(form.kurtaxe_calc).toBe(4.4);
  });
});

describe('buchen as XML', () => {
  const xmlGuest = (g: Record<string, unknown>) =>
    `<list-item>${Object.entries(g)
      .map(([k, v]) => `<${k}>${String(v)}</${k}>`)
      .join('')}</list-item>`;

  it('gives the same result as the same booking in JSON', async () => {
    const guests = [person({ tarif_id: ERW }), group(3, { tarif_id: KIND })];
    const json = await c.book(guests, {
      meldescheine: [{ input_id: 'x1', ms_type: 'ems', personen: guests }],
    });
    const xml = `<?xml version="1.0" encoding="UTF-8"?><root><meta><gemeinde>${c.meta.gemeinde}</gemeinde><objekt>${c.meta.objekt}</objekt></meta><meldescheine><list-item><input_id>x1</input_id><ms_type>ems</ms_type><personen>${guests.map(xmlGuest).join('')}</personen></list-item></meldescheine></root>`;
    const res = await c.post('buchen/', undefined, { raw: xml, contentType: 'application/xml' });
    expect(res.status).toBe(200);
    // Answer as JSON to compare; the XML answer is checked below.
    const again = await c.post<{ meldescheine: FormResponse[] }>('buchen/', undefined, {
      raw: xml,
      contentType: 'application/xml',
      format: 'json',
    });
    const strip = (f: FormResponse & { meldeschein?: unknown }) => ({
      ...f,
      meldeschein: undefined,
      id: 0,
      meldescheinnummer: '',
      created: '',
      personen: f.personen.map((p) => ({ ...p, id: 0, meldeschein_id: 0, created: '' })),
    });
    expect(strip(again.json.meldescheine[0]!)).toEqual(strip(json.json.meldescheine[0]!));
  });

  it('answers in XML with ?format=xml', async () => {
    const xml = `<root><meta><gemeinde>${c.meta.gemeinde}</gemeinde><objekt>${c.meta.objekt}</objekt></meta><meldescheine><list-item><personen>${xmlGuest(person())}</personen></list-item></meldescheine></root>`;
    const res = await c.post('buchen/', undefined, {
      raw: xml,
      contentType: 'application/xml',
      format: 'xml',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    expect(res.text).toContain('<status>success</status>');
    expect(res.text).toMatch(/<meldescheine><list-item><id>\d+<\/id>/);
    expect(res.text).toContain('<Gast_Email></Gast_Email>');
  });
});
