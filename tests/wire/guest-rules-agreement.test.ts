// The service and the portal's form decide guest input by one set of rules (lib/wire/guest-rules.ts).
// Each row is a party as the landlord types it: the portal's form schema judges it, and the same
// party, converted as the portal sends it, goes through the service's validation. Both must give
// the same verdict, on the same field, in the same words (the portal's sentence for the service's
// detail code).
import { describe, expect, it } from 'vitest';
import { buildStaySchema, validateStay } from '@/lib/portal/guest-form/schema';
import { servicePathToField, toBookForm } from '@/lib/portal/guest-form/wire';
import { emptyGuest, type GuestValues } from '@/lib/portal/guest-form/values';
import { explainDetailCode } from '@/lib/portal/guest-form/error-details';
import type { GemeindeFormConfig } from '@/lib/portal/config/view';
import { messagesFor } from '@/lib/portal/i18n';
import type { FieldDef, GemeindeConfig } from '@/lib/service/meldescheine/config';
import { validateBooking } from '@/lib/service/meldescheine/guests';
import { fieldSize, type FieldDataType } from '@/lib/wire/guest-rules';
import { fromZodError, ServiceError, type ErrorDetail } from '@/lib/wire/errors';
import { BookGuest, type BookForm } from '@/lib/wire/meldeschein';
import { field, tarif } from '../portal/fixtures';

const de = messagesFor('de');

const FIELDS: FieldDef[] = [
  def('Gast_Vorname', 'text', { required: true, size: 60 }),
  // No size configured: the one default text length applies.
  def('Gast_Name', 'text', { required: true }),
  def('Gast_Email', 'email'),
  def('Gast_Geburtsdatum', 'date'),
  def('Gast_Kinder', 'number', { size: 2 }),
  def('Gast_Staatsangehoerigkeit', 'country'),
  def('Gast_Ausweisnummer', 'text', { size: 20, requiredForeignOnly: true }),
  def('Gast_Newsletter', 'boolean'),
];

function def(
  name: string,
  dataType: FieldDataType,
  over: Partial<Pick<FieldDef, 'required' | 'size' | 'requiredForeignOnly'>> = {},
): FieldDef {
  return { name, alias: name, dataType, required: false, size: null, ...over };
}

const TARIF = {
  id: 1,
  alias: 'Erwachsene',
  fullAlias: 'Erwachsene',
  tarifCode: 'E',
  isActive: true,
  allowBeherberger: true,
  printKurkarte: true,
};

const SERVICE: GemeindeConfig = {
  id: 1,
  alias: 'Seebad',
  fields: FIELDS,
  fieldByName: new Map(FIELDS.map((f) => [f.name, f])),
  tarife: new Map([[1, TARIF]]),
  seasons: [],
  rates: new Map(),
  objekte: new Map(),
  landlords: new Set(),
};

// The portal sees the municipality as the service's configuration call answers it.
const PORTAL: GemeindeFormConfig = {
  id: 1,
  alias: 'Seebad',
  fields: FIELDS.map((f) => ({
    ...field(f.name, f.dataType, f.required, fieldSize(f.dataType, f.size)),
    required_foreign_only: f.requiredForeignOnly === true,
  })),
  tarife: [tarif(1, 'Erwachsene', true)],
};

const STAY = { arrival: '2027-07-14', departure: '2027-07-17' };

function person(fields: Record<string, string | boolean> = {}): GuestValues {
  const g = emptyGuest(PORTAL, STAY);
  return {
    ...g,
    fields: {
      ...g.fields,
      Gast_Vorname: 'Erika',
      Gast_Name: 'Mustermann',
      Gast_Staatsangehoerigkeit: 'DE',
      ...fields,
    },
  };
}

function group(anzahl: string, fields: Record<string, string | boolean> = {}): GuestValues {
  return { ...person({ Gast_Vorname: '', Gast_Name: '', ...fields }), type: 'gruppe', anzahl };
}

/** The service's details for the party as the portal sends it (schema first, then the rules). */
function serviceDetails(guests: GuestValues[]): ErrorDetail[] {
  // Through JSON, as the portal's client sends it.
  const form: BookForm = JSON.parse(
    JSON.stringify(toBookForm({ objektId: '7', ...STAY, guests }, PORTAL)),
  );
  const parsed = form.personen.map((g) => BookGuest.safeParse(g, { reportInput: true }));
  const failed = parsed.flatMap((p, i) =>
    p.success ? [] : fromZodError(p.error, ['meldescheine', 0, 'personen', i]).details,
  );
  if (failed.length) return failed;
  try {
    validateBooking(SERVICE, [form]);
    return [];
  } catch (e) {
    if (e instanceof ServiceError) return e.details;
    throw e;
  }
}

/** Both halves' judgements as form field -> sentence. */
function verdicts(guests: GuestValues[]) {
  const schema = buildStaySchema(PORTAL, de, { mode: 'new', objektIds: ['7'] });
  const values = { objektId: '7', ...STAY, guests };
  const portal = validateStay(schema, values);
  const portalCodes: Record<string, unknown> = {};
  for (const issue of schema.safeParse(values).error?.issues ?? []) {
    portalCodes[issue.path.join('.')] ??= (issue as { params?: { code?: unknown } }).params?.code;
  }
  const service: Record<string, string> = {};
  const serviceCodes: Record<string, unknown> = {};
  for (const d of serviceDetails(guests)) {
    const field = servicePathToField(d.path, PORTAL) ?? d.path;
    service[field] ??= explainDetailCode(d, de);
    serviceCodes[field] ??= d.code;
  }
  return { portal, service, portalCodes, serviceCodes };
}

const x = (n: number, c = 'x') => c.repeat(n);

const CASES: [string, GuestValues[], string[]][] = [
  // [what, party, form fields that must be refused (none: accepted)]
  ['a complete person', [person()], []],
  ['a first name left empty', [person({ Gast_Vorname: '' })], ['guests.0.fields.Gast_Vorname']],
  [
    'a first name of a zero-width space only',
    [person({ Gast_Vorname: '\u200b ' })],
    ['guests.0.fields.Gast_Vorname'],
  ],
  ['60 characters where 60 are allowed', [person({ Gast_Vorname: x(60) })], []],
  ['60 emoji where 60 characters are allowed', [person({ Gast_Vorname: x(60, '😀') })], []],
  [
    '61 characters where 60 are allowed',
    [person({ Gast_Vorname: x(61) })],
    ['guests.0.fields.Gast_Vorname'],
  ],
  ['the default text length exactly', [person({ Gast_Name: x(1000) })], []],
  [
    'one over the default text length',
    [person({ Gast_Name: x(1001) })],
    ['guests.0.fields.Gast_Name'],
  ],
  [
    'a control character',
    [person({ Gast_Vorname: 'Er\u0001ka' })],
    ['guests.0.fields.Gast_Vorname'],
  ],
  ['an e-mail address', [person({ Gast_Email: 'erika@example.de' })], []],
  ['no e-mail address', [person({ Gast_Email: 'erika@example' })], ['guests.0.fields.Gast_Email']],
  ['a real date', [person({ Gast_Geburtsdatum: '1980-02-29' })], []],
  [
    'a date that does not exist',
    [person({ Gast_Geburtsdatum: '1981-02-29' })],
    ['guests.0.fields.Gast_Geburtsdatum'],
  ],
  ['a number with a decimal comma', [person({ Gast_Kinder: '1,5' })], []],
  ['a number longer than its size (sizes bound text only)', [person({ Gast_Kinder: '123' })], []],
  ['no number', [person({ Gast_Kinder: 'zwei' })], ['guests.0.fields.Gast_Kinder']],
  ['a country code in lower case', [person({ Gast_Staatsangehoerigkeit: 'de' })], []],
  ['a country by its German name', [person({ Gast_Staatsangehoerigkeit: 'Deutschland' })], []],
  [
    'no country',
    [person({ Gast_Staatsangehoerigkeit: 'XY' })],
    ['guests.0.fields.Gast_Staatsangehoerigkeit'],
  ],
  [
    'a German guest without an identity document',
    [person({ Gast_Staatsangehoerigkeit: 'DE' })],
    [],
  ],
  [
    'a foreign guest without an identity document',
    [person({ Gast_Staatsangehoerigkeit: 'FR' })],
    ['guests.0.fields.Gast_Ausweisnummer'],
  ],
  [
    'a foreign guest with an identity document',
    [person({ Gast_Staatsangehoerigkeit: 'FR', Gast_Ausweisnummer: 'X123' })],
    [],
  ],
  [
    'an identity document number over its size',
    [person({ Gast_Ausweisnummer: x(21) })],
    ['guests.0.fields.Gast_Ausweisnummer'],
  ],
  ['a checkbox', [person({ Gast_Newsletter: true })], []],
  ['a group of four without names', [group('4')], []],
  ['a group of one (gast_type gruppe takes anzahl >= 1)', [group('1')], []],
  ['the largest group', [group('9999')], []],
  ['a group over the largest size', [group('10000')], ['guests.0.anzahl']],
  ['a group of none', [group('0')], ['guests.0.anzahl']],
  ['a group of no number', [group('vier')], ['guests.0.anzahl']],
  ["a group's individual data is not checked", [group('3', { Gast_Email: 'kaputt' })], []],
  ['a person and a group', [person(), group('2')], []],
  [
    'departure on the day of arrival',
    [{ ...person(), departure: STAY.arrival }],
    ['guests.0.departure'],
  ],
  ['a stay of 366 nights', [{ ...person(), arrival: '2027-01-01', departure: '2028-01-02' }], []],
  [
    'a stay of 367 nights',
    [{ ...person(), arrival: '2027-01-01', departure: '2028-01-03' }],
    ['guests.0.departure'],
  ],
];

describe('the one deliberate difference: the nationality', () => {
  it('is asked by the portal of every guest (it decides the BMG form), not refused by the service', () => {
    // The service keeps the municipality's own flag: a municipal system decides for itself what it
    // refuses (decision 028); the portal must know who signs on the arrival day.
    const { portal, service } = verdicts([person({ Gast_Staatsangehoerigkeit: '' })]);
    expect(portal).toEqual({
      'guests.0.fields.Gast_Staatsangehoerigkeit': de.form.validation.required,
    });
    expect(service).toEqual({});
  });
});

describe('service and portal form judge guest input alike', () => {
  it.each(CASES)('%s', (_what, guests, refused) => {
    const { portal, service, portalCodes, serviceCodes } = verdicts(guests);
    expect(Object.keys(service).sort()).toEqual(refused);
    // Same fields, same codes, same words (the portal's sentence for the service's code).
    expect(portalCodes).toEqual(serviceCodes);
    expect(portal).toEqual(service);
  });
});
