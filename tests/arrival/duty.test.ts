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
    const [a, b, c] = [p('NL'), p('DE'), p('NL', '2014-06-01')];
    const duty = arrivalDuty([a!, b!, c!], ARRIVAL, 'family');
    expect(duty.signers).toEqual([
      {
        guestId: a!.id,
        counted: [
          { nationality: 'DE', count: 1, guestIds: [b!.id] },
          { nationality: 'NL', count: 1, guestIds: [c!.id] },
        ],
      },
    ]);
  });

  it('a German adult signs nothing beside a foreign one; a minor turns 18 on the arrival day', () => {
    const [de, at, teen] = [p('DE'), p('AT'), p('AT', '2008-11-28')];
    const duty = arrivalDuty([de!, at!, teen!], ARRIVAL);
    expect(duty.signers.map((s) => s.guestId)).toEqual([at!.id, teen!.id]);
    expect(ageOn('2008-11-29', ARRIVAL)).toBe(17);
  });

  it('a foreign child with German parents is counted on the first adult’s form', () => {
    const [mum, dad, kid] = [p('DE'), p('DE'), p('FR', '2019-02-02')];
    const duty = arrivalDuty([mum!, dad!, kid!], ARRIVAL);
    expect(duty.signers).toEqual([
      { guestId: mum!.id, counted: [{ nationality: 'FR', count: 1, guestIds: [kid!.id] }] },
    ]);
  });

  it('a travel group of more than 10: the tour leader signs, the others by nationality', () => {
    const leader = p('DE');
    const others = [p('PL'), group('PL', 6), group('CZ', 3)];
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
