// Who must confirm on the arrival day (BMG § 29(2)): the pure rule of lib/wire/arrival-duty.ts.
import { describe, expect, it } from 'vitest';
import { ageOn, arrivalDuty, type DutyGuest } from '@/lib/wire/arrival-duty';

const ARRIVAL = '2026-11-28';
let next = 1;
const p = (nationality: string | null, birthDate: string | null = '1980-05-01'): DutyGuest => ({
  id: next++,
  anzahl: 1,
  group: false,
  nationality,
  birthDate,
});
const group = (nationality: string | null, anzahl: number): DutyGuest => ({
  id: next++,
  anzahl,
  group: true,
  nationality,
  birthDate: null,
});

describe('who signs', () => {
  it('a German-only party needs nothing', () => {
    const duty = arrivalDuty([p('DE'), p('de'), p('DE', '2015-01-01')], ARRIVAL);
    expect(duty).toMatchObject({ required: false, reason: 'german_only', signers: [] });
  });

  it('a Dutch couple with a child: both adults sign, the child is counted on the first form', () => {
    const [a, b, c] = [p('NL'), p('NL'), p('NL', '2014-06-01')];
    const duty = arrivalDuty([a!, b!, c!], ARRIVAL);
    expect(duty.required).toBe(true);
    expect(duty.signers.map((s) => s.guestId)).toEqual([a!.id, b!.id]);
    expect(duty.signers[0]!.counted).toEqual([{ nationality: 'NL', count: 1, guestIds: [c!.id] }]);
    expect(duty.signers[1]!.counted).toEqual([]);
  });

  it('as a family, the first foreign adult signs and the partner and child are counted', () => {
    const [a, b, c] = [p('NL'), p('NL'), p('NL', '2014-06-01')];
    const duty = arrivalDuty([a!, b!, c!], ARRIVAL, 'family');
    expect(duty.signers).toEqual([
      {
        guestId: a!.id,
        counted: [{ nationality: 'NL', count: 2, guestIds: [b!.id, c!.id] }],
        pays: [a!.id, b!.id, c!.id],
      },
    ]);
  });

  it('a family counts one partner and the minors: parents, a grown-up son and a grandmother sign', () => {
    const [dad, mum, son26, grandma, kid] = [
      p('NL', '1970-02-01'),
      p('NL', '1972-03-01'),
      p('NL', '2000-07-01'),
      p('NL', '1950-01-01'),
      p('NL', '2012-01-01'),
    ];
    const duty = arrivalDuty([dad!, mum!, son26!, grandma!, kid!], ARRIVAL, 'family');
    expect(duty.signers.map((s) => s.guestId)).toEqual([dad!.id, son26!.id, grandma!.id]);
    expect(duty.signers[0]!.counted).toEqual([
      { nationality: 'NL', count: 2, guestIds: [mum!.id, kid!.id] },
    ]);
    // Said as relations: the 26-year-old "child of" his father still signs (only minors count).
    const told = arrivalDuty([dad!, mum!, son26!, grandma!, kid!], ARRIVAL, 'separate', {
      [mum!.id]: { as: 'partner', of: dad!.id },
      [son26!.id]: { as: 'child', of: dad!.id },
      [kid!.id]: { as: 'child', of: mum!.id },
    });
    expect(told.signers.map((s) => s.guestId)).toEqual([dad!.id, son26!.id, grandma!.id]);
    expect(told.signers[0]!.counted[0]!.guestIds).toEqual([mum!.id, kid!.id]);
  });

  it('one partner at most per signer; a couple and an unrelated adult', () => {
    const [a, b, c] = [p('NL'), p('NL'), p('NL')];
    // Two "partners" of one signer: the second signs.
    const two = arrivalDuty([a!, b!, c!], ARRIVAL, 'separate', {
      [b!.id]: { as: 'partner', of: a!.id },
      [c!.id]: { as: 'partner', of: a!.id },
    });
    expect(two.signers.map((s) => s.guestId)).toEqual([a!.id, c!.id]);
    // A relation named from either side: the first of the couple signs.
    const back = arrivalDuty([a!, b!, c!], ARRIVAL, 'separate', {
      [a!.id]: { as: 'partner', of: b!.id },
    });
    expect(back.signers.map((s) => [s.guestId, s.counted.length])).toEqual([
      [a!.id, 1],
      [c!.id, 0],
    ]);
  });

  it('a German partner or child of a foreign signer is on no form; their Kurtaxe goes with the signer', () => {
    const [nl, de, kidDe, kidNl, other] = [
      p('NL'),
      p('DE'),
      p('DE', '2015-01-01'),
      p('NL', '2016-01-01'),
      p('BE'),
    ];
    const duty = arrivalDuty([other!, nl!, de!, kidDe!, kidNl!], ARRIVAL, 'separate', {
      [de!.id]: { as: 'partner', of: nl!.id },
      [kidDe!.id]: { as: 'child', of: de!.id },
      [kidNl!.id]: { as: 'child', of: nl!.id },
    });
    expect(duty.signers).toEqual([
      { guestId: other!.id, counted: [], pays: [other!.id] },
      {
        guestId: nl!.id,
        counted: [{ nationality: 'NL', count: 1, guestIds: [kidNl!.id] }],
        pays: [nl!.id, de!.id, kidDe!.id, kidNl!.id],
      },
    ]);
  });

  it('a German adult signs nothing beside a foreign one; a minor turns 18 on the arrival day', () => {
    const [de, at, teen] = [p('DE'), p('AT'), p('AT', '2008-11-28')];
    const duty = arrivalDuty([de!, at!, teen!], ARRIVAL);
    expect(duty.signers.map((s) => s.guestId)).toEqual([at!.id, teen!.id]);
    expect(ageOn('2008-11-29', ARRIVAL)).toBe(17);
  });

  it('a foreign child with German parents has a form of their own; the parents are on none', () => {
    const [mum, dad, kid] = [p('DE'), p('DE'), p('FR', '2019-02-02')];
    const duty = arrivalDuty([mum!, dad!, kid!], ARRIVAL, 'separate', {
      [kid!.id]: { as: 'child', of: mum!.id },
      [dad!.id]: { as: 'partner', of: mum!.id },
    });
    // The child's own form (signed for the child by a parent): nobody German signs or is counted,
    // and the parents' Kurtaxe goes with it.
    expect(duty.signers).toEqual([
      { guestId: kid!.id, counted: [], pays: [kid!.id, mum!.id, dad!.id] },
    ]);
  });

  it('two foreign siblings with a German parent: one form each (siblings are not counted)', () => {
    const [mum, a, b] = [p('DE'), p('FR', '2015-02-02'), p('FR', '2017-02-02')];
    const duty = arrivalDuty([mum!, a!, b!], ARRIVAL);
    expect(duty.signers.map((s) => [s.guestId, s.counted])).toEqual([
      [a!.id, []],
      [b!.id, []],
    ]);
  });

  it('a travel group of more than 10: the tour leader signs, the foreign others by nationality', () => {
    const leader = p('DE');
    const others = [p('PL'), group('PL', 6), group('CZ', 3), p('DE')];
    const duty = arrivalDuty([leader, ...others], ARRIVAL);
    expect(duty.reason).toBe('travel_group');
    expect(duty.signers).toHaveLength(1);
    expect(duty.signers[0]!.guestId).toBe(leader.id);
    expect(duty.signers[0]!.counted.map((c) => [c.nationality, c.count])).toEqual([
      ['PL', 7],
      ['CZ', 3],
    ]);
  });

  it('exactly 10 persons are no travel group', () => {
    const duty = arrivalDuty([p('PL'), group('PL', 9)], ARRIVAL);
    expect(duty.reason).toBe('foreign');
  });

  it('a guest without a birth date is taken for an adult and signs; unknown nationalities are named', () => {
    const a = p('NL', null);
    const u = p(null);
    const duty = arrivalDuty([a, u], ARRIVAL);
    expect(duty.signers.map((s) => s.guestId)).toEqual([a.id]);
    expect(duty.unknownNationality).toEqual([u.id]);
  });

  it('a foreign group guest alone has nobody who could sign', () => {
    expect(arrivalDuty([group('NL', 4)], ARRIVAL)).toMatchObject({
      required: true,
      reason: 'no_signer',
    });
  });
});
