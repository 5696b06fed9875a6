// Guest check-in rules without a database: the guest's language, the landlord's invitation input,
// and a party checked with the municipality's fields and the check-in's own limits.
import { describe, expect, it } from 'vitest';
import type { CheckinSnapshot } from '@/lib/portal/checkin/snapshot';
import { autofillToken } from '@/lib/portal/checkin/autofill';
import { readInvitationInput } from '@/lib/portal/checkin/invitation-input';
import {
  emptyParty,
  normaliseParty,
  partyWarnings,
  toCheckinGuests,
  validateParty,
} from '@/lib/portal/checkin/party';
import { messagesFor } from '@/lib/portal/i18n';
import { checkinMessages } from '@/lib/portal/i18n/checkin';
import type { MeldescheinField } from '@/lib/wire/config';

const field = (
  column_name: string,
  data_type: MeldescheinField['data_type'],
  required = true,
  size = 20,
) =>
  ({
    id: column_name.length,
    created: '2026-01-01T00:00:00',
    modified: null,
    alias: column_name,
    gemeinde: 1,
    column_name,
    data_type,
    required,
    size,
    transferable: true,
    list_visible: true,
    priority: '',
    view_order: 0,
  }) as MeldescheinField;

const snapshot: CheckinSnapshot = {
  objekt: { id: 7, alias: 'Möwennest', address: 'Strandweg 3', beds: 2 },
  gemeinde: {
    id: 1,
    alias: 'Seeblick',
    fields: [field('Gast_Name', 'text'), field('Gast_Land', 'country')],
    tarife: [
      {
        id: 3,
        created: '',
        modified: null,
        alias: 'Erwachsene',
        gemeinde: 1,
        full_alias: 'Erwachsene',
        is_active: true,
        tarif_code: 'ERW',
        allow_beherberger: true,
        print_kurkarte: true,
        default_selected: true,
      },
    ],
  },
};
const invitation = {
  kind: 'stay' as const,
  arrivalDate: '2027-07-03',
  departureDate: '2027-07-10',
  expectedGuests: 1,
  snapshot,
};
const NOW = new Date('2027-07-01T10:00:00Z');
const de = messagesFor('de');
const c = checkinMessages('de').guest;

describe('a new invitation', () => {
  const form = (v: Record<string, string>) => new Map(Object.entries(v));
  it('needs an object, real dates in order, not in the past, and 1 to 50 guests', () => {
    const ok = { objektId: '7', arrival: '2027-07-03', departure: '2027-07-10', guests: '2' };
    expect(readInvitationInput(form(ok), NOW)).toEqual({
      ok: true,
      value: { objektId: 7, arrival: '2027-07-03', departure: '2027-07-10', guests: 2 },
    });
    const error = (over: Record<string, string>) => {
      const r = readInvitationInput(form({ ...ok, ...over }), NOW);
      return r.ok ? null : r.error;
    };
    expect(error({ objektId: '' })).toBe('object');
    expect(error({ arrival: '2027-02-30' })).toBe('date');
    expect(error({ departure: '2027-07-03' })).toBe('departureAfterArrival');
    expect(error({ arrival: '2027-06-01', departure: '2027-06-20' })).toBe('departurePast');
    expect(error({ guests: '0' })).toBe('guests');
    expect(error({ guests: '51' })).toBe('guests');
  });
});

describe('a party', () => {
  it('takes the invitation’s object and dates, whatever the browser sent', () => {
    const party = normaliseParty(
      {
        objektId: '99',
        arrival: '2020-01-01',
        departure: '2020-01-02',
        guests: [
          {
            id: '5',
            type: 'gruppe',
            anzahl: '9',
            tarifId: '3',
            arrival: '',
            departure: '',
            fields: { Gast_Name: 'A', Extra: 'x' },
          },
        ],
      },
      invitation,
    );
    expect(party.objektId).toBe('7');
    expect([party.arrival, party.departure]).toEqual(['2027-07-03', '2027-07-10']);
    expect(party.guests[0]).toMatchObject({ id: '', type: 'person', anzahl: '1' });
    expect(party.guests[0]!.fields).toEqual({ Gast_Name: 'A', Gast_Land: '' });
  });

  it('is checked with the municipality’s fields and the expected guests plus the margin', () => {
    const one = emptyParty(invitation);
    expect(validateParty(one, invitation, de, c, NOW)).toMatchObject({
      'guests.0.fields.Gast_Name': 'Bitte ausfüllen.',
      'guests.0.fields.Gast_Land': 'Bitte ausfüllen.',
    });
    const guest = { ...one.guests[0]!, fields: { Gast_Name: 'A', Gast_Land: 'DE' } };
    const party = (n: number) => ({ ...one, guests: Array.from({ length: n }, () => guest) });
    expect(validateParty(party(3), invitation, de, c, NOW)).toEqual({});
    expect(validateParty(party(4), invitation, de, c, NOW)).toEqual({
      root: 'Für diese Unterkunft sind höchstens 3 Personen möglich.',
    });
  });

  it('at an object’s code needs a stay near today', () => {
    const code = { ...invitation, kind: 'object' as const, arrivalDate: null, departureDate: null };
    const guest = { ...emptyParty(code).guests[0]!, fields: { Gast_Name: 'A', Gast_Land: 'DE' } };
    const at = (arrival: string, departure: string) =>
      validateParty(
        normaliseParty({ objektId: '7', arrival, departure, guests: [guest] }, code),
        code,
        de,
        c,
        NOW,
      );
    expect(at('2027-07-02', '2027-07-05')).toEqual({});
    expect(at('2027-06-01', '2027-06-05')).toEqual({ arrival: c.errors.arrivalTooEarly });
    expect(at('2029-01-01', '2029-01-05')).toEqual({ arrival: c.errors.arrivalTooLate });
    expect(at('2027-07-02', '2027-12-05')).toEqual({ departure: c.errors.tooLong });
  });
});

describe('the guest’s own data', () => {
  it('names what each usual field holds, so a phone can fill it in; nothing else', () => {
    const tokens = Object.fromEntries(
      (
        [
          ['Gast_Vorname', 'text'],
          ['Gast_Name', 'text'],
          ['Gast_Geburtsdatum', 'date'],
          ['Gast_Strasse', 'text'],
          ['Gast_Postleitzahl', 'text'],
          ['Gast_Wohnort', 'text'],
          ['Gast_Land', 'country'],
          ['Gast_Staatsangehoerigkeit', 'country'],
          ['Gast_Ausweisnummer', 'text'],
          ['Gast_Email', 'email'],
          ['Gast_Anreisedatum', 'date'],
        ] as const
      ).map(([name, type]) => [name, autofillToken(field(name, type))]),
    );
    expect(tokens).toEqual({
      Gast_Vorname: 'given-name',
      Gast_Name: 'family-name',
      Gast_Geburtsdatum: 'bday',
      Gast_Strasse: 'street-address',
      Gast_Postleitzahl: 'postal-code',
      Gast_Wohnort: 'address-level2',
      Gast_Land: 'country',
      Gast_Staatsangehoerigkeit: undefined,
      Gast_Ausweisnummer: undefined,
      Gast_Email: 'email',
      Gast_Anreisedatum: undefined,
    });
  });
});

describe('junk in a party (issue 17)', () => {
  // The demo municipality's yes/no and number fields have no size of their own.
  const junkSnapshot: CheckinSnapshot = {
    ...snapshot,
    gemeinde: {
      ...snapshot.gemeinde,
      fields: [
        field('Gast_Name', 'text'),
        field('Gast_Land', 'country'),
        field('Gast_Geburtsdatum', 'date', false, 0),
        field('Gast_Anreise_Bahn', 'boolean', false, 0),
        field('Gast_Hund_Anzahl', 'number', false, 0),
      ],
    },
  };
  const link = { ...invitation, snapshot: junkSnapshot };
  const party = (fields: Record<string, string | boolean>) => {
    const empty = emptyParty(link);
    const guest = { ...empty.guests[0]!, fields: { Gast_Name: 'A', Gast_Land: 'DE', ...fields } };
    return normaliseParty({ ...empty, guests: [guest] }, link);
  };
  const long = 'x'.repeat(100_000);

  it('refuses a 100,000-character value in a yes/no or number field, in words', () => {
    // Number() reads 100,000 zeros after "0." as 0: the old check let it through.
    const errors = validateParty(
      party({ Gast_Anreise_Bahn: long, Gast_Hund_Anzahl: `0.${'0'.repeat(99_998)}` }),
      link,
      de,
      c,
      NOW,
    );
    expect(errors['guests.0.fields.Gast_Anreise_Bahn']).toBe('Höchstens 64 Zeichen.');
    expect(errors['guests.0.fields.Gast_Hund_Anzahl']).toBe('Höchstens 64 Zeichen.');
    // A text field is capped by its own size.
    const text = validateParty(party({ Gast_Name: 'y'.repeat(21) }), link, de, c, NOW);
    expect(text['guests.0.fields.Gast_Name']).toBe('Höchstens 20 Zeichen.');
  });

  it('stores the converted values only', () => {
    const values = party({
      Gast_Name: '  Erika ',
      Gast_Land: 'deutschland',
      Gast_Geburtsdatum: '1980-02-03',
      Gast_Anreise_Bahn: 'on',
      Gast_Hund_Anzahl: '0002,0',
    });
    expect(validateParty(values, link, de, c, NOW)).toEqual({});
    expect(toCheckinGuests(values, junkSnapshot.gemeinde)).toEqual([
      {
        tarifId: '3',
        fields: {
          Gast_Name: 'Erika',
          Gast_Land: 'DE',
          Gast_Geburtsdatum: '1980-02-03',
          Gast_Anreise_Bahn: true,
          Gast_Hund_Anzahl: '2',
        },
      },
    ]);
    const unticked = party({ Gast_Anreise_Bahn: 'yes please', Gast_Hund_Anzahl: '' });
    expect(toCheckinGuests(unticked, junkSnapshot.gemeinde)[0]!.fields).toEqual({
      Gast_Name: 'A',
      Gast_Land: 'DE',
      Gast_Anreise_Bahn: false,
    });
  });

  it('warns about a birth date in the future before sending, as the landlord’s form does', () => {
    const today = '2027-07-01';
    expect(
      partyWarnings(party({ Gast_Geburtsdatum: '1980-02-03' }), junkSnapshot.gemeinde, de, today),
    ).toEqual([]);
    expect(
      partyWarnings(party({ Gast_Geburtsdatum: '2027-07-02' }), junkSnapshot.gemeinde, de, today),
    ).toEqual(['Gast 1: Das Geburtsdatum liegt in der Zukunft.']);
  });
});
