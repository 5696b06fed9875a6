// Kurtaxe arithmetic at its edges (DECISIONS 2.7) and the fast timestamp formatting, which must
// write exactly what lib/wire/time.ts writes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rateKey, type GemeindeConfig } from '@/lib/service/meldescheine/config';
import { dayNumber } from '@/lib/service/meldescheine/days';
import { guestKurtaxe, travelSpan } from '@/lib/service/meldescheine/kurtaxe';
import { stamp, zoneless } from '@/lib/service/meldescheine/stamps';
import { offsetDateTime, zonelessDateTime } from '@/lib/wire/time';

const season = (id: number, from: string, until: string) => ({
  id,
  from: dayNumber(from),
  until: dayNumber(until) + 1,
});

function config(
  seasons: ReturnType<typeof season>[],
  rates: [number | null, number][],
): GemeindeConfig {
  return {
    id: 1,
    alias: 'Test',
    fields: [],
    fieldByName: new Map(),
    tarife: new Map(),
    seasons,
    rates: new Map(
      rates.map(([s, cents]) => [rateKey(7, 3, s), [{ from: Number.NEGATIVE_INFINITY, cents }]]),
    ),
    objekte: new Map(),
    landlords: new Set(),
  };
}
const stay = (arrival: string, departure: string, anzahl = 1) => ({
  tarifId: 7,
  anzahl,
  arrival,
  departure,
});

describe('guestKurtaxe', () => {
  const cfg = config(
    [season(1, '2027-01-01', '2027-04-30'), season(2, '2027-05-01', '2027-09-30')],
    [
      [1, 200],
      [2, 300],
    ],
  );

  it('charges each night at the rate of its season', () => {
    expect(guestKurtaxe(cfg, 3, stay('2027-04-29', '2027-05-02'))).toEqual({
      cents: 700,
      unratedNights: 0,
    });
  });

  it('counts a group anzahl times', () => {
    expect(guestKurtaxe(cfg, 3, stay('2027-04-29', '2027-05-02', 5)).cents).toBe(3500);
  });

  it('charges nights without a season 0 and reports them, when there is no fallback rate', () => {
    // 30 Sep at 3.00; 1-2 Oct have no season.
    expect(guestKurtaxe(cfg, 3, stay('2027-09-30', '2027-10-03'))).toEqual({
      cents: 300,
      unratedNights: 2,
    });
  });

  it("uses the tariff's rate without season for nights without a season", () => {
    const withFallback = config(cfg.seasons, [
      [1, 200],
      [2, 300],
      [null, 50],
    ]);
    expect(guestKurtaxe(withFallback, 3, stay('2027-09-30', '2027-10-03'))).toEqual({
      cents: 400,
      unratedNights: 0,
    });
  });

  it('falls back for a season without a rate of this tariff and zone', () => {
    const partial = config(cfg.seasons, [
      [2, 300],
      [null, 10],
    ]);
    expect(guestKurtaxe(partial, 3, stay('2027-04-30', '2027-05-02')).cents).toBe(310);
  });

  it('lets the earlier season win where seasons overlap', () => {
    const overlapping = config(
      [season(1, '2027-05-01', '2027-05-10'), season(2, '2027-05-05', '2027-05-31')],
      [
        [1, 100],
        [2, 1000],
      ],
    );
    // 8, 9, 10 May in season 1, 11 May in season 2.
    expect(guestKurtaxe(overlapping, 3, stay('2027-05-08', '2027-05-12')).cents).toBe(1300);
  });

  it('agrees with charging night by night, for any stay', () => {
    const rateOf = (night: number) =>
      cfg.seasons.find((s) => s.from <= night && night < s.until)?.id === 1
        ? 200
        : cfg.seasons.find((s) => s.from <= night && night < s.until)
          ? 300
          : 0;
    fc.assert(
      fc.property(
        fc.integer({ min: -30, max: 400 }),
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 1, max: 9 }),
        (start, nights, anzahl) => {
          const a = dayNumber('2027-01-01') + start;
          const iso = (d: number) => new Date(d * 86_400_000).toISOString().slice(0, 10);
          let expected = 0;
          for (let n = a; n < a + nights; n++) expected += rateOf(n) * anzahl;
          expect(guestKurtaxe(cfg, 3, stay(iso(a), iso(a + nights), anzahl)).cents).toBe(expected);
        },
      ),
    );
  });
});

describe('travelSpan', () => {
  it("matches the vendor's example: 14 to 17 July, 4 guests, gives 3 days and 12 nights", () => {
    const guests = Array.from({ length: 4 }, () => stay('2019-07-14', '2019-07-17'));
    expect(travelSpan(guests)).toEqual({
      arrival_date: '2019-07-14T00:00:00',
      departure_date: '2019-07-17T00:00:00',
      travel_days: 3,
      uebernachtungen_sum: 12,
    });
  });
});

describe('stamps', () => {
  it('write exactly what offsetDateTime and zonelessDateTime write, across DST changes', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }),
        (d) => {
          expect(stamp(d)).toBe(offsetDateTime(d));
          expect(zoneless(d)).toBe(zonelessDateTime(d));
        },
      ),
      { numRuns: 2000 },
    );
    for (const iso of [
      '2026-03-29T00:59:59.999Z',
      '2026-03-29T01:00:00.000Z',
      '2026-10-25T00:59:59.999Z',
      '2026-10-25T01:00:00.000Z',
    ]) {
      expect(stamp(new Date(iso))).toBe(offsetDateTime(new Date(iso)));
    }
  });
});

describe('dayNumber', () => {
  it('agrees with Date.parse for every date from 1900 to 2100', () => {
    fc.assert(
      fc.property(fc.integer({ min: -25_567, max: 47_482 }), (day) => {
        const iso = new Date(day * 86_400_000).toISOString().slice(0, 10);
        expect(dayNumber(iso)).toBe(day);
        expect(dayNumber(iso)).toBe(Math.round(Date.parse(`${iso}T00:00:00Z`) / 86_400_000));
      }),
      { numRuns: 5000 },
    );
    expect(dayNumber('0001-01-01')).toBe(
      Math.round(Date.parse('0001-01-01T00:00:00Z') / 86_400_000),
    );
    expect(dayNumber('9999-12-31')).toBe(
      Math.round(Date.parse('9999-12-31T00:00:00Z') / 86_400_000),
    );
  });
});
