// The monthly statement read from the portal's index on a database built from the migrations.
import { describe, expect, it } from 'vitest';
import { portalForms } from '@/lib/db/schema';
import { saveForms } from '@/lib/portal/stays/forms-index';
import { loadMonthStatement, loadStatement } from '@/lib/portal/statement/load';
import { useEmptyDb } from '../helpers/db';
import { form, guest, anna, jens } from './fixtures';

useEmptyDb([portalForms]);

function stay(id: number, arrival: string, over: Parameters<typeof form>[1] = {}) {
  const dates = { arrival_date: arrival, departure_date: `${arrival.slice(0, 8)}28` };
  return form(id, {
    personen: [
      guest(1, { ...dates, tarif_id: 1, kurtaxe_calc: 6 }),
      guest(2, { ...dates, tarif_id: 2, gast_type: 'gruppe', anzahl: 3, kurtaxe_calc: 9 }),
    ],
    travel_span: {
      arrival_date: `${arrival}T00:00:00`,
      departure_date: `${dates.departure_date}T00:00:00`,
      travel_days: 1,
      uebernachtungen_sum: 4,
    },
    verwendete_kurtaxe: 15,
    ...over,
  });
}

describe('monthly statement', () => {
  it('sums the month per tariff, leaves out cancelled stays and other users', async () => {
    await saveForms(anna, 1, [
      stay(1, '2027-07-27'),
      stay(2, '2027-07-27', { objekt_id: 8 }),
      stay(3, '2027-07-25', { state: 'cancelled' }),
      stay(4, '2027-06-27'),
    ]);
    await saveForms(jens, 1, [stay(9, '2027-07-27')]);
    const { statement, series } = await loadStatement(anna, { month: '2027-07' });
    expect(statement).toMatchObject({ stays: 2, persons: 8, personNights: 8, kurtaxeCents: 3000 });
    // Guest nights from each guest's own dates: 1 night for the person, 3 x 1 for the group.
    expect(statement.byTariff).toEqual([
      { tarifId: 1, stays: 2, persons: 2, personNights: 2, kurtaxeCents: 1200 },
      { tarifId: 2, stays: 2, persons: 6, personNights: 6, kurtaxeCents: 1800 },
    ]);
    expect(series).toHaveLength(12);
    expect(series.at(-1)).toMatchObject({ month: '2027-07', stays: 2, kurtaxeCents: 3000 });
    expect(series.at(-2)).toMatchObject({ month: '2027-06', stays: 1, kurtaxeCents: 1500 });
    const one = await loadStatement(anna, { month: '2027-07', objekt: 8 });
    expect(one.statement.stays).toBe(1);
    // The overview and the exports read the month alone: the same figures.
    expect(await loadMonthStatement(anna, { month: '2027-07' })).toEqual(statement);
    expect(await loadMonthStatement(anna, { month: '2027-07', objekt: 8 })).toEqual(one.statement);
    expect((await loadMonthStatement(anna, { month: '2027-06' })).stays).toBe(1);
  });
});
