import { describe, expect, it } from 'vitest';
import { readPostedForm } from '@/lib/portal/guest-form/form-data';
import { applyIntent } from '@/lib/portal/guest-form/intents';
import { buildStaySchema, validateStay } from '@/lib/portal/guest-form/schema';
import { emptyGuest, type GuestValues, type StayValues } from '@/lib/portal/guest-form/values';
import {
  toBookForm,
  toUpdatePlan,
  valuesFromForm,
  withStayDates,
} from '@/lib/portal/guest-form/wire';
import { messagesFor } from '@/lib/portal/i18n';
import { CONFIG, form, guest } from './fixtures';

const de = messagesFor('de');
const v = de.form.validation;
const schema = buildStaySchema(CONFIG, de, { mode: 'new', objektIds: ['7'] });

function person(
  over: Partial<GuestValues['fields']> = {},
  rest: Partial<GuestValues> = {},
): GuestValues {
  const g = emptyGuest(CONFIG, { arrival: '2027-07-14', departure: '2027-07-17' });
  return {
    ...g,
    ...rest,
    fields: { ...g.fields, Gast_Vorname: 'Erika', Gast_Name: 'Muster', Gast_Land: 'DE', ...over },
  };
}

function stay(guests: GuestValues[], over: Partial<StayValues> = {}): StayValues {
  return { objektId: '7', arrival: '2027-07-14', departure: '2027-07-17', guests, ...over };
}

describe('schema from meldeschein_fields', () => {
  it('accepts a complete person and preselects the default tariff', () => {
    expect(person().tarifId).toBe('1');
    expect(validateStay(schema, stay([person()]))).toEqual({});
  });

  it('enforces required fields, sizes in code points and data types', () => {
    const errors = validateStay(
      schema,
      stay([
        person({
          Gast_Vorname: '',
          Gast_Name: 'x'.repeat(61),
          Gast_Geburtsdatum: '2027-02-30',
          Gast_Email: 'a@b',
          Gast_Land: 'XX',
          Gast_Hunde: 'zwei',
        }),
      ]),
    );
    expect(errors).toEqual({
      'guests.0.fields.Gast_Vorname': v.required,
      'guests.0.fields.Gast_Name': 'Höchstens 60 Zeichen.',
      'guests.0.fields.Gast_Geburtsdatum': v.date,
      'guests.0.fields.Gast_Email': v.email,
      'guests.0.fields.Gast_Land': v.country,
      'guests.0.fields.Gast_Hunde': v.number,
    });
    // Size counts characters, not UTF-16 units: ten emoji fit a size of 10.
    expect(validateStay(schema, stay([person({ Gast_Vorname: '😀'.repeat(10) })]))).toEqual({});
  });

  it('requires no personal data of a group of 1 to 9999 persons (the service takes a group of one)', () => {
    const group = person(
      { Gast_Vorname: '', Gast_Name: '', Gast_Land: '' },
      { type: 'gruppe', anzahl: '1' },
    );
    expect(validateStay(schema, stay([group]))).toEqual({});
    expect(validateStay(schema, stay([{ ...group, anzahl: '0' }]))).toEqual({
      'guests.0.anzahl': 'Mindestens 1.',
    });
    expect(validateStay(schema, stay([{ ...group, anzahl: '10000' }]))).toEqual({
      'guests.0.anzahl': 'Höchstens 9999.',
    });
  });

  it('checks dates, tariff and object', () => {
    const errors = validateStay(
      schema,
      stay([person({}, { departure: '2027-07-14', tarifId: '99' })], {
        objektId: '8',
        departure: '2027-07-01',
      }),
    );
    expect(errors).toEqual({
      'guests.0.departure': v.departureAfterArrival,
      'guests.0.tarifId': v.tariff,
      objektId: v.object,
      departure: v.departureAfterArrival,
    });
    expect(validateStay(schema, stay([]))).toEqual({ guests: v.lastGuest });
  });

  it('in an edit, checks guests only (the form keeps its object)', () => {
    const edit = buildStaySchema(CONFIG, de, { mode: 'edit', objektIds: [] });
    expect(
      validateStay(edit, stay([person()], { objektId: '', arrival: '', departure: '' })),
    ).toEqual({});
  });

  it('speaks English when asked', () => {
    const en = buildStaySchema(CONFIG, messagesFor('en'), { mode: 'new', objektIds: ['7'] });
    expect(
      validateStay(en, stay([person({ Gast_Vorname: '' })]))['guests.0.fields.Gast_Vorname'],
    ).toBe('Please fill in.');
  });
});

describe('to the wire', () => {
  it('books persons with typed fields, groups without personal data', () => {
    const values = stay([
      person({
        Gast_Email: ' erika@example.org ',
        Gast_Hunde: '2,5',
        Gast_Bahn: 'true',
        Gast_Land: 'de',
      }),
      person({}, { type: 'gruppe', anzahl: '4', tarifId: '2' }),
    ]);
    expect(toBookForm(values, CONFIG).personen).toEqual([
      {
        tarif_id: 1,
        gast_type: 'person',
        arrival_date: '2027-07-14',
        departure_date: '2027-07-17',
        Gast_Vorname: 'Erika',
        Gast_Name: 'Muster',
        Gast_Land: 'DE',
        Gast_Email: 'erika@example.org',
        Gast_Hunde: 2.5,
        Gast_Bahn: true,
      },
      {
        tarif_id: 2,
        gast_type: 'gruppe',
        arrival_date: '2027-07-14',
        departure_date: '2027-07-17',
        anzahl: 4,
      },
    ]);
  });

  it('fills empty guest dates from the stay (posts without JavaScript)', () => {
    const values = withStayDates(
      stay([person({}, { arrival: '', departure: '' })], {
        arrival: '2027-01-02',
        departure: '2027-01-05',
      }),
    );
    expect(values.guests[0]).toMatchObject({ arrival: '2027-01-02', departure: '2027-01-05' });
  });

  it('updates only what changed: new guests, changed fields, deletions', () => {
    const saved = form(5, {
      personen: [
        guest(11),
        guest(12, { Gast_Vorname: 'Max' }),
        guest(13, { gast_type: 'gruppe', anzahl: 3 }),
      ],
    });
    const values = valuesFromForm(saved, CONFIG);
    expect(values.guests[2]).toMatchObject({ id: '13', type: 'gruppe', anzahl: '3' });
    expect(toUpdatePlan(saved, values, CONFIG).empty).toBe(true);

    values.guests[1]!.fields.Gast_Vorname = 'Moritz';
    values.guests[1]!.fields.Gast_Land = '';
    values.guests.splice(2, 1); // remove the group
    values.guests.push(person({ Gast_Vorname: 'Neu' }));
    const plan = toUpdatePlan(saved, values, CONFIG);
    expect(plan.form.id).toBe(5);
    expect(plan.form.personen).toEqual([
      { id: 12, Gast_Vorname: 'Moritz', Gast_Land: null },
      expect.objectContaining({ gast_type: 'person', Gast_Vorname: 'Neu' }),
      { id: 13, delete: true },
    ]);
    expect(plan.indexMap).toEqual([1, 2, -1]);
  });
});

describe('posted forms (no JavaScript)', () => {
  it('reads nested names back into values, ignoring action fields and prototype keys', () => {
    const fd = new FormData();
    fd.set('$ACTION_ID_abc', '');
    fd.set('objektId', '7');
    fd.set('arrival', '2027-07-14');
    fd.set('guests.1.fields.Gast_Vorname', 'Zweite');
    fd.set('guests.0.fields.Gast_Vorname', 'Erste');
    fd.set('guests.0.type', 'gruppe');
    fd.set('guests.0.fields.Gast_Bahn', 'true');
    fd.set('guests.__proto__.polluted', 'x');
    fd.set('intent', 'add-guest');
    fd.set('requestId', 'req-1');
    const posted = readPostedForm(fd, 200);
    expect(posted.intent).toBe('add-guest');
    expect(posted.requestId).toBe('req-1');
    expect(posted.values.objektId).toBe('7');
    expect(posted.values.guests.map((g) => g.fields.Gast_Vorname)).toEqual(['Erste', 'Zweite']);
    expect(posted.values.guests[0]).toMatchObject({
      type: 'gruppe',
      fields: { Gast_Bahn: 'true' },
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('applies the buttons: add, remove, copy dates', () => {
    let values = stay([person({}, { arrival: '2027-07-10', departure: '2027-07-12' })]);
    values = applyIntent(values, 'add-guest', CONFIG);
    expect(values.guests[1]).toMatchObject({
      arrival: '2027-07-10',
      departure: '2027-07-12',
      tarifId: '1',
    });
    values.guests[1] = { ...values.guests[1]!, arrival: '2027-08-01' };
    values = applyIntent(values, 'copy-dates:1', CONFIG);
    expect(values.guests[1]?.arrival).toBe('2027-07-10');
    values = applyIntent(values, 'remove-guest:0', CONFIG);
    expect(values.guests).toHaveLength(1);
    expect(applyIntent(values, 'remove-guest:0', CONFIG).guests).toHaveLength(1); // keeps one
  });
});
