// The BeherbMeldV records: valid against our XSD (xmllint, libxml2-utils), named and foldered in
// the export ZIP as BeherbMeldV § 2 asks; the paper form read back with pdftotext.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { portalArrivalSigners, portalArrivals, portalForms } from '@/lib/db/schema';
import { confirmByCard, confirmOnPaper, noteIdCheck } from '@/lib/portal/arrival/confirm';
import { recordsBetween, zipRecords } from '@/lib/portal/arrival/export';
import { paperForms } from '@/lib/portal/arrival/paper';
import { arrivalState } from '@/lib/portal/arrival/record';
import { recordXml, recordPath } from '@/lib/portal/arrival/xml';
import { saveForms } from '@/lib/portal/stays/forms-index';
import { addDays, berlinInstant, berlinToday } from '@/lib/wire/time';
import { useEmptyDb } from '../helpers/db';
import { readBack } from '../kurkarte/pdf-tools';
import { anna, jens } from '../portal/fixtures';
import { dutchParty } from './fixtures';

const t = useEmptyDb([portalArrivalSigners, portalArrivals, portalForms]);
const XSD = path.resolve('lib/portal/arrival/beherbmeld-v1.xsd');
const dir = mkdtempSync(path.join(tmpdir(), 'beherbmeld-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** xmllint's verdict: null when valid, else its message. */
function xsdErrors(xml: string): string | null {
  const file = path.join(dir, `r${Math.random().toString(36).slice(2)}.xml`);
  writeFileSync(file, xml, 'utf8');
  try {
    execFileSync('xmllint', ['--noout', '--schema', XSD, file], { stdio: 'pipe' });
    return null;
  } catch (err) {
    return String((err as { stderr?: Buffer }).stderr ?? err);
  }
}

const today = berlinToday();
const ref = (formId: number, owner = anna) => ({ ...owner, formId });

describe('the record XML', () => {
  it('is valid for the card route and names the reference and the provider', async () => {
    await saveForms(anna, 1, [dutchParty(5, today)]);
    await confirmByCard(t.db, ref(5), 51, {
      provider: 'Stripe',
      reference: 'pm_1Q & <ref>',
      paymentId: 'pi_1',
      confirmedAt: new Date(),
    });
    await confirmByCard(t.db, ref(5), 52, {
      provider: 'Stripe',
      reference: 'pm_1Q & <ref>',
      paymentId: 'pi_1',
      confirmedAt: new Date(),
    });
    await noteIdCheck(t.db, ref(5), 51, 'deviation', 'Adresse: "Prinsengracht" <4> & mehr');
    const [s] = (await arrivalState(t.db, ref(5)))!.signers;
    expect(s!.hasXml).toBe(true);
    const records = await recordsBetween(t.db, anna, today, today);
    expect(records).toHaveLength(2);
    const xml = records[0]!.xml;
    expect(xsdErrors(xml)).toBeNull();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(xml).toContain(
      '<Zahlungszuordnungsnummer>pm_1Q &amp; &lt;ref&gt;</Zahlungszuordnungsnummer>',
    );
    expect(xml).toContain('<Zahlungsdienstleister>Stripe</Zahlungsdienstleister>');
    expect(xml).toContain('<Familienname>de Vries</Familienname>');
    expect(xml).toContain('<Weg>Zahlungsvorgang</Weg>');
    expect(xml).toContain('<Ergebnis>Abweichung</Ergebnis>');
    // The child is counted on the first signer's record, by nationality.
    expect(xml).toMatch(
      /<Mitreisende>\s*<Anzahl>1<\/Anzahl>\s*<Staatsangehoerigkeit>\s*<Staat>NL<\/Staat>/,
    );
    expect(xsdErrors(records[1]!.xml)).toBeNull();
  });

  it('is valid for the paper route with sparse data, and a broken record is refused by the XSD', () => {
    const party = {
      meldescheinnummer: '2026-000001',
      objekt: { alias: 'Möwennest', address: '', landlord: 'Möwe' },
      guests: [],
    };
    const guest = {
      id: 1,
      position: 0,
      group: false,
      anzahl: 1,
      arrival: '2026-07-14',
      departure: '2026-07-17',
      familyName: 'Ωμέγα\u0001',
      firstNames: null,
      birthDate: null,
      nationality: 'GR',
      street: null,
      postcode: null,
      town: null,
      country: null,
      documentNumber: null,
    };
    const xml = recordXml(
      party,
      {
        guestId: 1,
        route: 'paper',
        confirmedAt: berlinInstant('2026-07-14', '15:00:00'),
        paymentProvider: null,
        paymentReference: null,
        idCheck: null,
        idCheckNote: null,
        idCheckAt: null,
      },
      guest,
      [],
    );
    expect(xsdErrors(xml)).toBeNull();
    expect(xml).toContain('<Familienname>Ωμέγα</Familienname>');
    expect(xml).toContain('<Zeitpunkt>2026-07-14T15:00:00.000+02:00</Zeitpunkt>');
    expect(xml).not.toContain('Zahlungszuordnungsnummer');
    expect(
      xsdErrors(xml.replace('<Weg>Unterschrift</Weg>', '<Weg>Touchscreen</Weg>')),
    ).not.toBeNull();
  });
});

describe('the export ZIP', () => {
  it('has year/month folders and JJJJMMTT_BeherbMeldeschein_Zaehler.xml, counted per day from 1', async () => {
    const day2 = addDays(today, 1);
    await saveForms(anna, 1, [dutchParty(5, today), dutchParty(6, today), dutchParty(7, day2)]);
    await saveForms(jens, 1, [dutchParty(8, today)]);
    await confirmOnPaper(t.db, ref(5), 51);
    await confirmOnPaper(t.db, ref(5), 52);
    await confirmByCard(t.db, ref(6), 61, {
      provider: 'Stripe',
      reference: 'pm_6',
      paymentId: 'pi_6',
      confirmedAt: new Date(),
    });
    await confirmByCard(t.db, ref(6), 62, {
      provider: 'Stripe',
      reference: 'pm_6',
      paymentId: 'pi_6',
      confirmedAt: new Date(),
    });
    await confirmOnPaper(t.db, ref(8, jens), 81);
    await confirmByCard(t.db, ref(7), 71, {
      provider: 'Stripe',
      reference: 'pm_7',
      paymentId: 'pi_7',
      confirmedAt: berlinInstant(day2, '12:00:00'),
    });
    await confirmByCard(t.db, ref(7), 72, {
      provider: 'Stripe',
      reference: 'pm_7',
      paymentId: 'pi_7',
      confirmedAt: berlinInstant(day2, '12:00:00'),
    });
    const records = await recordsBetween(t.db, anna, today, day2);
    const files = unzipSync(zipRecords(records));
    const [y, m, d] = today.split('-');
    const [y2, m2, d2] = day2.split('-');
    expect(Object.keys(files).sort()).toEqual(
      [
        `${y}/${m}/${y}${m}${d}_BeherbMeldeschein_1.xml`,
        `${y}/${m}/${y}${m}${d}_BeherbMeldeschein_2.xml`,
        `${y}/${m}/${y}${m}${d}_BeherbMeldeschein_3.xml`,
        `${y}/${m}/${y}${m}${d}_BeherbMeldeschein_4.xml`,
        `${y2}/${m2}/${y2}${m2}${d2}_BeherbMeldeschein_1.xml`,
        `${y2}/${m2}/${y2}${m2}${d2}_BeherbMeldeschein_2.xml`,
      ].sort(),
    );
    // Form 5's first signer is the day's first record; another landlord's records are not in it.
    const first = strFromU8(files[`${y}/${m}/${y}${m}${d}_BeherbMeldeschein_1.xml`]!);
    expect(first).toContain('<Vornamen>Daan</Vornamen>');
    expect(first).toContain('<Weg>Unterschrift</Weg>');
    expect(Object.values(files).some((f) => strFromU8(f).includes('pm_6'))).toBe(true);
    expect(recordPath('2027-01-09', 12)).toBe('2027/01/20270109_BeherbMeldeschein_12.xml');
  });
});

describe('the paper form', () => {
  it('names the signer’s § 30(2) data, in German with Dutch beside it, with a signature line', async () => {
    await saveForms(anna, 1, [dutchParty(5, today)]);
    const state = (await arrivalState(t.db, ref(5)))!;
    const pdf = await paperForms(state.party, state.signers);
    const read = readBack(pdf);
    expect(read.pages).toBe(2);
    const first = read.text[0]!.replace(/\s+/g, ' ');
    for (const text of [
      'Besonderer Meldeschein',
      'Familienname',
      'Achternaam',
      'de Vries',
      'Daan',
      'NXC4R8T21',
      'Keizersgracht 12',
      'Niederlande / Nederland (NL)',
      '1 × Niederlande',
      'Unterschrift / Handtekening',
      'Ort, Datum / Plaats, datum',
    ])
      expect(first).toContain(text);
    expect(read.text[1]).toContain('Sanne');
    expect(read.fonts.every((f) => f.embedded)).toBe(true);
  });
});
