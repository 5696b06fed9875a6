// bucheMeldeschein, holeMeldeschein(e) and druckeMeldescheine on the service's own forms: a form
// booked over SOAP is read, corrected and cancelled over JSON and the other way round, with one
// Kurtaxe and one numbering; every refusal is a fehler with AVS's code, every answer valid.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { meldescheine } from '@/lib/db/schema';
import type { Meldeschein } from '@/lib/wire/avs';
import { FormResponse } from '@/lib/wire/meldeschein';
import { apiClient } from '../../helpers/api';
import { avsClient, ident, schemaErrors } from '../../helpers/avs';
import { useTestDb } from '../../helpers/db';
import { avsForm, ERW, soon } from './forms';

const t = useTestDb();
const avs = () => avsClient(t);
const api = () => apiClient(t);

async function buche(m: Meldeschein, o: { kurverwaltung?: string } = {}) {
  const res = await avs().call('bucheMeldeschein', {
    identifikation: ident('BUCHEN', 'demo', o.kurverwaltung),
    meldeschein: m,
  });
  expect(res.status).toBe(200);
  expect(schemaErrors(res.text)).toBeNull();
  if (res.answer.kind === 'refused') {
    const codes = res.answer.fehler.map((f) => f.code);
    return { codes, fehler: res.answer.fehler, ms: {}, text: res.text };
  }
  if (res.answer.kind !== 'answer') throw new Error(res.text);
  const fehler = res.answer.value.fehlermeldungen?.fehler ?? [];
  return {
    codes: fehler.map((f) => f.code),
    fehler,
    ms: res.answer.value.meldeschein!,
    text: res.text,
  };
}

async function hole(nummer: string) {
  const res = await avs().call('holeMeldeschein', {
    identifikation: ident('MS-HOLEN'),
    anfragedaten: { meldescheinnummer: nummer },
  });
  expect(schemaErrors(res.text)).toBeNull();
  if (res.answer.kind !== 'answer') throw new Error(res.text);
  return {
    codes: (res.answer.value.fehlermeldungen?.fehler ?? []).map((f) => f.code),
    ms: res.answer.value.meldeschein,
  };
}

async function jsonForm(id: number): Promise<FormResponse> {
  const token = await api().login('demo');
  const { seeblick } = t.demo.gemeinden;
  const res = await api().post<{ response: FormResponse[] }>(
    'import/meldeschein/get/',
    { meta: { gemeinde: seeblick.id, objekt: t.demo.objekte.moeweA }, meldescheine: [id] },
    { token },
  );
  expect(res.status).toBe(200);
  return res.json.response[0]!;
}

/** Our form id of an AVS meldescheinnummer. */
async function idOf(nummer: string): Promise<number> {
  const [row] = await t.db
    .select({ id: meldescheine.id })
    .from(meldescheine)
    .where(eq(meldescheine.meldescheinnummer, `${nummer.slice(0, 4)}-${nummer.slice(4)}`));
  return row!.id;
}

describe('booking over SOAP, reading and correcting over JSON, and back', () => {
  it('books a party: number, Kurtaxe, state and person ids in the answer; the same form over JSON', async () => {
    const booked = await buche(avsForm(t, 'BN-1'));
    expect(booked.codes).toEqual(['10001']);
    expect(booked.ms.meldescheinnummer).toMatch(/^\d{10}$/);
    expect(booked.ms.abrechnungstatusid).toBe(1);
    expect(booked.ms.begleitperson?.map((p) => typeof p.personid)).toEqual(['number']);
    const form = await jsonForm(await idOf(booked.ms.meldescheinnummer!));
    expect(Math.round(form.verwendete_kurtaxe * 100)).toBe(booked.ms.betrag);
    expect(form.input_id).toBe('BN-1');
    expect(form.personen.map((p) => p.Gast_Name)).toEqual(['de Vries', 'de Vries']);
    expect(form.personen[0]).toMatchObject({ Gast_Strasse: 'Prinsengracht 12', Gast_Land: 'NL' });
    // The companion takes the main traveller's address.
    expect(form.personen[1]).toMatchObject({ Gast_Postleitzahl: '1015 DV', Gast_Land: 'NL' });
    const read = await hole(booked.ms.meldescheinnummer!);
    expect(read.codes).toEqual(['10001']);
    expect(read.ms).toMatchObject({
      buchungsnummer: 'BN-1',
      strasse: 'Prinsengracht',
      hausnummer: '12',
      anredeid: 1,
      betrag: booked.ms.betrag,
      land: { 'land-iso': 'NL', 'land-id': 1412 },
    });
  });

  it('reads a correction made over JSON, and JSON reads a correction and a cancellation made over SOAP', async () => {
    const booked = await buche(avsForm(t, 'BN-2'));
    const nummer = booked.ms.meldescheinnummer!;
    const id = await idOf(nummer);
    const token = await api().login('demo');
    const meta = { gemeinde: t.demo.gemeinden.seeblick.id, objekt: t.demo.objekte.moeweA };
    const before = await jsonForm(id);
    const changed = await api().post(
      'import/meldeschein/aktualisieren/',
      {
        meta,
        meldescheine: [{ id, personen: [{ id: before.personen[0]!.id, Gast_Vorname: 'Anneke' }] }],
      },
      { token },
    );
    expect(changed.status).toBe(200);
    const read = await hole(nummer);
    expect(read.ms?.vorname).toBe('Anneke');
    // Over SOAP: the whole form again, the companion left out (removed), one night shorter.
    const corrected = await buche({ ...read.ms!, abreise: soon(3), begleitperson: [] });
    expect(corrected.codes).toEqual(['10001']);
    const after = await jsonForm(id);
    expect(after.personen).toHaveLength(1);
    expect(after.personen[0]!.departure_date).toBe(soon(3));
    expect(Math.round(after.verwendete_kurtaxe * 100)).toBe(corrected.ms.betrag);
    const cancelled = await buche({ ...corrected.ms, abrechnungstatusid: 4 });
    expect(cancelled.codes).toEqual(['10001']);
    expect(cancelled.ms.abrechnungstatusid).toBe(4);
    expect((await jsonForm(id)).state).toBe('cancelled');
    expect((await buche({ ...corrected.ms, vorname: 'X' })).codes).toEqual(['10107']);
  });

  it('reads a form booked over JSON, with the same number and Kurtaxe', async () => {
    const token = await api().login('demo');
    const meta = { gemeinde: t.demo.gemeinden.seeblick.id, objekt: t.demo.objekte.moeweA };
    const guest = {
      tarif_id: ERW,
      gast_type: 'person',
      arrival_date: soon(1),
      departure_date: soon(4),
      Gast_Vorname: 'Jan',
      Gast_Name: 'Jansen',
      Gast_Geburtsdatum: '1980-02-03',
      Gast_Strasse: 'Dorpsstraat 1',
      Gast_Postleitzahl: '1234 AB',
      Gast_Wohnort: 'Edam',
      Gast_Land: 'NL',
    };
    const res = await api().post<{ meldescheine: FormResponse[] }>(
      'import/meldeschein/buchen/',
      { meta, meldescheine: [{ personen: [guest, { ...guest, Gast_Vorname: 'Els' }] }] },
      { token },
    );
    const form = res.json.meldescheine[0]!;
    const read = await hole(form.meldescheinnummer.replace('-', ''));
    expect(read.ms).toMatchObject({
      name: 'Jansen',
      strasse: 'Dorpsstraat 1',
      betrag: Math.round(form.verwendete_kurtaxe * 100),
      objektid: t.demo.objekte.moeweA,
      firmaid: t.demo.beherberger.moewe,
    });
    expect(read.ms?.begleitperson?.[0]).toMatchObject({
      vorname: 'Els',
      personid: form.personen[1]!.id,
    });
  });
});

describe('refusals with AVS\u2019s codes', () => {
  // One entry per failing person or field; the distinct codes here.
  const refused = async (m: Meldeschein, kurverwaltung?: string) => [
    ...new Set((await buche(m, { kurverwaltung })).codes),
  ];

  it('refuses what AVS refuses on a booking', async () => {
    const ok = avsForm(t, 'R-0');
    expect(await refused({ ...ok, buchungsnummer: 'R-1', kategorieid: 999999 })).toEqual(['10115']);
    expect(await refused({ ...ok, buchungsnummer: 'R-2', abreise: ok.anreise })).toEqual(['10100']);
    expect(
      await refused({
        ...ok,
        buchungsnummer: 'R-3',
        begleitperson: [{ ...ok.begleitperson![0]!, abreise: soon(9) }],
      }),
    ).toEqual(['10102']);
    expect(
      await refused({ ...ok, buchungsnummer: 'R-4', firmaid: t.demo.beherberger.agentur }),
    ).toEqual(['10101']);
    expect(
      await refused({ ...ok, buchungsnummer: 'R-5', objektid: t.demo.objekte.agenturA }),
    ).toEqual(['10009']);
    expect(
      await refused({
        ...ok,
        buchungsnummer: 'R-6',
        begleitperson: undefined,
        begleitgruppe: [{ kategorieid: ok.kategorieid!, anzahl: 0 }],
      }),
    ).toEqual(['10111']);
    expect(
      await refused({
        ...ok,
        buchungsnummer: 'R-7',
        'indiv-zusatzfelder': [{ feld: 'Reisegrund', wert: 'x' }],
      }),
    ).toEqual(['10128']);
    expect(await refused({ ...ok, buchungsnummer: 'R-8', email: 'keine-adresse' })).toEqual([
      '10129',
    ]);
    expect(await refused({ ...ok, buchungsnummer: 'R-9', kz_manuelle_ms: true })).toEqual([
      '10113',
    ]);
    expect(await refused({ ...ok, buchungsnummer: 'R-10', abrechnungstatusid: 4 })).toEqual([
      '10112',
    ]);
    expect(
      await refused({ ...ok, buchungsnummer: 'R-11', meldescheinnummer: '2020999999' }),
    ).toEqual(['10106']);
    expect(
      await refused({
        ...ok,
        buchungsnummer: 'R-12',
        zusatzfelder: { 'sb-gueltig-bis': '2001-01-01' },
      }),
    ).toEqual(['10201']);
    // Numbers beyond the interface's xsd:int are no ids (10002), never a failure of ours.
    expect(await refused({ ...ok, buchungsnummer: 'R-14', kategorieid: 99_999_999_999 })).toEqual([
      '10002',
    ]);
    expect(await refused({ ...ok, buchungsnummer: 'R-15', objektid: 99_999_999_999 })).toEqual([
      '10002',
    ]);
    expect(await refused(ok, String(t.demo.gemeinden.hohenwald.id))).toEqual(['11900']);
    expect(
      await refused({ ...ok, buchungsnummer: 'R-13', strasse: undefined, hausnummer: undefined }),
    ).toEqual(['10002']);
    expect(await refused(ok)).toEqual(['10001']);
    expect(await refused(ok)).toEqual(['10104']);
  });

  it('refuses element values by the schema: dates (10119), lengths (10120), types (10002)', async () => {
    const ok = avsForm(t, 'S-1');
    const res = await avs().raw(
      (
        await avs().call('bucheMeldeschein', { identifikation: ident('BUCHEN'), meldeschein: ok })
      ).request
        .replace(`<anreise>${ok.anreise}</anreise>`, '<anreise>01.07.2026</anreise>')
        .replace('<name>de Vries</name>', `<name>${'x'.repeat(51)}</name>`)
        .replace('<anredeid>1</anredeid>', '<anredeid>Herr</anredeid>'),
    );
    expect(schemaErrors(res.text)).toBeNull();
    for (const code of ['10119', '10120', '10002'])
      expect(res.text).toContain(`<code>${code}</code>`);
  });
});

describe('printing and listing', () => {
  it('prints the guest cards as one PDF, marks the form printed, refuses a cancelled one (10110)', async () => {
    const a = (await buche(avsForm(t, 'P-1'))).ms.meldescheinnummer!;
    const b = (await buche(avsForm(t, 'P-2'))).ms.meldescheinnummer!;
    const res = await avs().call('druckeMeldescheine', {
      identifikation: ident('MS-DRUCKEN'),
      meldeschein: [{ meldescheinnummer: a }, { meldescheinnummer: b }],
    });
    expect(schemaErrors(res.text)).toBeNull();
    if (res.answer.kind !== 'answer') throw new Error(res.text);
    expect(Buffer.from(res.answer.value['ms-pdf']!, 'base64').subarray(0, 5).toString()).toBe(
      '%PDF-',
    );
    expect((await hole(a)).ms?.abrechnungstatusid).toBe(2);
    expect((await jsonForm(await idOf(a))).state).toBe('printed');
    await buche({ ...(await hole(b)).ms!, abrechnungstatusid: 4 });
    const again = await avs().call('druckeMeldescheine', {
      identifikation: ident('MS-DRUCKEN'),
      meldeschein: [{ meldescheinnummer: b }],
    });
    expect(schemaErrors(again.text)).toBeNull();
    expect(again.text).toContain('<code>10110</code>');
  });

  it('lists forms by booking number and by municipality', async () => {
    await buche(avsForm(t, 'L-1'));
    const res = await avs().call('holeMeldescheine', {
      identifikation: ident('MS-HOLEN'),
      anfragedaten: { buchungsnummer: 'L-1' },
    });
    expect(schemaErrors(res.text)).toBeNull();
    if (res.answer.kind !== 'answer') throw new Error(res.text);
    expect(res.answer.value.meldescheine?.map((m) => m.buchungsnummer)).toEqual(['L-1']);
    const all = await avs().call('holeMeldescheine', {
      identifikation: ident('MS-HOLEN'),
      anfragedaten: { 'ort-id': t.demo.gemeinden.seeblick.id },
    });
    expect(schemaErrors(all.text)).toBeNull();
    if (all.answer.kind !== 'answer') throw new Error(all.text);
    expect(all.answer.value.meldescheine!.length).toBeGreaterThan(1);
  });
});
