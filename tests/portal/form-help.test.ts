// The guest form's helpers for a landlord: the error summary, copying guest 1's address, the
// stay's dates for every guest, and the warnings shown before booking.
import { describe, expect, it } from 'vitest';
import type { GemeindeFormConfig } from '@/lib/portal/config/view';
import { summarizeErrors } from '@/lib/portal/guest-form/error-summary';
import { applyIntent, followStayDates } from '@/lib/portal/guest-form/intents';
import { buildStaySchema, validateStay } from '@/lib/portal/guest-form/schema';
import { emptyGuest, type StayValues } from '@/lib/portal/guest-form/values';
import { formWarnings } from '@/lib/portal/guest-form/warnings';
import { messagesFor } from '@/lib/portal/i18n';
import { CONFIG, field } from './fixtures';

const m = messagesFor('de');
const ADDRESS_CONFIG: GemeindeFormConfig = {
  ...CONFIG,
  fields: [
    field('Gast_Vorname', 'text', true),
    field('Gast_Name', 'text', true),
    field('Gast_Strasse', 'text', true),
    field('Gast_Postleitzahl', 'text', true),
    field('Gast_Wohnort', 'text', true),
    field('Gast_Land', 'country', true),
    field('Gast_Geburtsdatum', 'date'),
  ],
};

function stay(guests = 2): StayValues {
  const dates = { arrival: '2027-07-14', departure: '2027-07-17' };
  return {
    objektId: '7',
    ...dates,
    guests: Array.from({ length: guests }, () => emptyGuest(ADDRESS_CONFIG, dates)),
  };
}

describe('error summary', () => {
  it('names field and guest, follows the page order and links to the control', () => {
    const values = stay(2);
    values.departure = '2027-07-10';
    values.guests.forEach((g) => (g.departure = '2027-07-10'));
    const schema = buildStaySchema(ADDRESS_CONFIG, m, { mode: 'new', objektIds: ['7'] });
    const errors = validateStay(schema, values);
    const entries = summarizeErrors(errors, values, ADDRESS_CONFIG, m.form);
    const texts = entries.map((e) => e.text);
    // The date error once (the stay's), not again for each guest that follows it.
    expect(texts.filter((t) => t.includes('Die Abreise muss nach der Anreise liegen.'))).toEqual([
      'Abreise: Die Abreise muss nach der Anreise liegen.',
    ]);
    expect(texts[0]).toBe('Abreise: Die Abreise muss nach der Anreise liegen.');
    expect(texts.slice(1, 3)).toEqual([
      'Gast 1, Vorname: Bitte ausfüllen.',
      'Gast 1, Name: Bitte ausfüllen.',
    ]);
    expect(texts.at(-1)).toBe('Gast 2, Land: Bitte ausfüllen.');
    expect(new Set(texts).size).toBe(texts.length);
    expect(entries[1]).toMatchObject({
      name: 'guests.0.fields.Gast_Vorname',
      target: 'g0-Gast_Vorname',
    });
    expect(entries.find((e) => e.name === 'departure')?.target).toBe('departure');
  });

  it('keeps a guest date error of its own', () => {
    const values = stay(2);
    values.guests[1]!.departure = '2027-07-01';
    const entries = summarizeErrors(
      {
        'guests.1.departure': 'Die Abreise muss nach der Anreise liegen.',
        'guests.1.tarifId': 'x',
      },
      values,
      ADDRESS_CONFIG,
      m.form,
    );
    expect(entries.map((e) => [e.target, e.text])).toEqual([
      ['g1-tarif', 'Gast 2, Tarif: x'],
      ['g1-departure', 'Gast 2, Abreise des Gasts: Die Abreise muss nach der Anreise liegen.'],
    ]);
  });
});

describe('copying guest 1’s address', () => {
  it('copies street, postcode, town and country, not the name or birth date', () => {
    const values = stay(2);
    Object.assign(values.guests[0]!.fields, {
      Gast_Vorname: 'Erika',
      Gast_Name: 'Muster',
      Gast_Strasse: 'Hauptstraße 1',
      Gast_Postleitzahl: '10115',
      Gast_Wohnort: 'Berlin',
      Gast_Land: 'DE',
      Gast_Geburtsdatum: '1980-01-01',
    });
    const copied = applyIntent(values, 'copy-address:1', ADDRESS_CONFIG).guests[1]!.fields;
    expect(copied).toMatchObject({
      Gast_Strasse: 'Hauptstraße 1',
      Gast_Postleitzahl: '10115',
      Gast_Wohnort: 'Berlin',
      Gast_Land: 'DE',
      Gast_Vorname: '',
      Gast_Name: '',
      Gast_Geburtsdatum: '',
    });
    expect(applyIntent(values, 'copy-address:0', ADDRESS_CONFIG)).toEqual(values);
  });
});

describe('the stay’s dates for all guests', () => {
  it('moves every guest with the old date, keeps a guest’s own dates', () => {
    const values = stay(3);
    values.guests[2]!.departure = '2027-07-16'; // left a day early already
    const early = followStayDates(
      { ...values, departure: '2027-07-15' },
      { arrival: '2027-07-14', departure: '2027-07-17' },
    );
    expect(early.guests.map((g) => g.departure)).toEqual([
      '2027-07-15',
      '2027-07-15',
      '2027-07-16',
    ]);
    expect(early.guests.map((g) => g.arrival)).toEqual(['2027-07-14', '2027-07-14', '2027-07-14']);
  });
});

describe('warnings before booking', () => {
  const today = '2027-07-20';
  it('flags a birth date in the future, more persons than beds, an arrival long past', () => {
    const values = stay(2);
    values.guests[0]!.fields.Gast_Geburtsdatum = '2027-08-01';
    values.guests[1] = { ...values.guests[1]!, type: 'gruppe', anzahl: '4' };
    values.guests.forEach((g) => (g.arrival = '2027-07-01'));
    expect(formWarnings(values, { config: ADDRESS_CONFIG, beds: 4, today }, m)).toEqual([
      '5 Personen, aber das Objekt hat nur 4 Betten.',
      'Gast 1: Die Anreise liegt mehr als 7 Tage zurück.',
      'Gast 1: Das Geburtsdatum liegt in der Zukunft.',
      'Gast 2: Die Anreise liegt mehr als 7 Tage zurück.',
    ]);
  });

  it('says nothing for an ordinary stay', () => {
    const values = stay(2);
    values.guests[0]!.fields.Gast_Geburtsdatum = '1980-01-01';
    expect(
      formWarnings(values, { config: ADDRESS_CONFIG, beds: 4, today: '2027-07-14' }, m),
    ).toEqual([]);
  });
});
