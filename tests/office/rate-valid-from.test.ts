// Rates with "valid from" (docs/decisions/033): a rate change from next month leaves forms already
// booked as they were, a form booked afterwards for a stay from then on uses the new rate, all
// nights of a guest take the rate valid on its arrival, and an update keeps the Kurtaxe of every
// stay it leaves unchanged while a changed stay is priced at the rates of its arrival.
import { and, eq, lte, gte } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { saisonzeiten } from '@/lib/db/schema';
import { rateVersions, type GemeindeConfig } from '@/lib/service/meldescheine/config';
import { guestKurtaxe } from '@/lib/service/meldescheine/kurtaxe';
import type { Actor } from '@/lib/office/audit/audit';
import { ConfigRefused, deleteRate, setRate } from '@/lib/office/configuration/changes';
import { addDays, berlinToday } from '@/lib/wire/time';
import { useTestDb } from '../helpers/db';
import { formsClient, person, tarif, type FormsClient } from '../service/meldeschein-fixtures';

const t = useTestDb();
const staff: Actor = { staffId: null, name: 'tester' };
let c: FormsClient;
let erw: number;
let zone: number;

const today = berlinToday();
const [yy, mm] = today.split('-').map(Number) as [number, number];
/** The first day of next month: the new rate's "valid from". */
const nextMonth = mm === 12 ? `${yy + 1}-01-01` : `${yy}-${String(mm + 1).padStart(2, '0')}-01`;

/** The demo season (Zone I, ERW: 200 cents off-season, 300 in the main season) holding `day`. */
async function seasonOf(day: string) {
  const [s] = await t.db
    .select()
    .from(saisonzeiten)
    .where(
      and(
        eq(saisonzeiten.gemeindeId, t.demo.gemeinden.seeblick.id),
        lte(saisonzeiten.validFrom, day),
        gte(saisonzeiten.validUntil, day),
      ),
    );
  return s!;
}

const stay = (arrival: string, nights: number) =>
  person({ tarif_id: erw, arrival_date: arrival, departure_date: addDays(arrival, nights) });

/** The old rate of the season holding `day`, read from a booking made before the change. */
let oldRate = 0;

beforeAll(async () => {
  c = await formsClient(t);
  erw = await tarif(t, t.demo.gemeinden.seeblick.id, 'ERW');
  zone = t.demo.gemeinden.seeblick.zones['Zone I']!;
});

describe('rates with valid from', () => {
  it('keeps booked forms, prices later bookings by the arrival date, and updates fairly', async () => {
    const seeblick = t.demo.gemeinden.seeblick.id;
    const season = await seasonOf(nextMonth);
    // Stays of three nights starting on next month's first day and a week later, both within
    // the season that holds next month's first day (the demo seasons are whole months).
    const later = addDays(nextMonth, 7);
    expect((await seasonOf(later)).id).toBe(season.id);

    const bookedBefore = await c.bookOk([stay(later, 3)]);
    oldRate = Math.round((bookedBefore.kurtaxe_calc * 100) / 3);
    expect(oldRate).toBeGreaterThan(0);
    const newRate = oldRate + 75;

    await setRate(
      t.db,
      seeblick,
      { tarif: erw, zone, season: season.id, valid_from: nextMonth, cents: newRate },
      staff,
    );

    // A form booked before the change keeps its Kurtaxe, even for a stay after the valid-from.
    const [readBack] = (await c.get([bookedBefore.id])).json.response;
    expect(readBack!.kurtaxe_calc).toBe(bookedBefore.kurtaxe_calc);

    // Booked after the change: a stay arriving on or after the valid-from pays the new rate...
    const after = await c.bookOk([stay(later, 3)]);
    expect(after.kurtaxe_calc * 100).toBe(3 * newRate);
    // ...a stay that arrives the day before pays the old rate for all its nights.
    const dayBefore = addDays(nextMonth, -1);
    if ((await seasonOf(dayBefore)).id === season.id) {
      const across = await c.bookOk([stay(dayBefore, 3)]);
      expect(across.kurtaxe_calc * 100).toBe(3 * oldRate);
    }

    // An update that leaves the stay alone keeps the booked Kurtaxe.
    const guest = bookedBefore.personen[0]!;
    const renamed = await c.update({
      id: bookedBefore.id,
      personen: [{ id: guest.id, Gast_Vorname: 'Ida' }],
    });
    expect(renamed.status, renamed.text).toBe(200);
    const renamedForm = renamed.json.response.meldescheine[0]!;
    expect(renamedForm.kurtaxe_calc).toBe(bookedBefore.kurtaxe_calc);
    expect(renamedForm.personen[0]!.Gast_Vorname).toBe('Ida');

    // A new guest on the old form is priced now; the first guest keeps its amount.
    const added = await c.update({ id: bookedBefore.id, personen: [stay(later, 3)] });
    const addedForm = added.json.response.meldescheine[0]!;
    expect(addedForm.personen.map((p) => Math.round(p.kurtaxe_calc * 100))).toEqual([
      3 * oldRate,
      3 * newRate,
    ]);

    // A changed stay is priced anew at the rates valid on its arrival.
    const longer = await c.update({
      id: bookedBefore.id,
      personen: [{ id: guest.id, departure_date: addDays(later, 4) }],
    });
    const longerForm = longer.json.response.meldescheine[0]!;
    expect(Math.round(longerForm.personen[0]!.kurtaxe_calc * 100)).toBe(4 * newRate);
  });

  it('starts a new rate tomorrow at the earliest and keeps rates in force', async () => {
    const seeblick = t.demo.gemeinden.seeblick.id;
    const season = await seasonOf(today);
    const base = { tarif: erw, zone, season: season.id, cents: 999 };
    for (const valid_from of [today, addDays(today, -30)]) {
      const refused = setRate(t.db, seeblick, { ...base, valid_from }, staff);
      await expect(refused).rejects.toBeInstanceOf(ConfigRefused);
      await expect(refused).rejects.toMatchObject({ code: 'rate_in_past' });
    }
    // A rate without a date exists already for this tariff, zone and season.
    await expect(
      setRate(t.db, seeblick, { ...base, valid_from: null }, staff),
    ).rejects.toMatchObject({ code: 'rate_without_date' });
    // Today's bookings still pay what they paid before the refused attempts.
    const form = await c.bookOk([stay(addDays(today, 1), 1)]);
    expect(form.kurtaxe_calc * 100).not.toBe(999);

    // A planned version can be replaced and withdrawn; one in force cannot be withdrawn.
    const tomorrow = addDays(today, 1);
    const planned = await setRate(t.db, seeblick, { ...base, valid_from: tomorrow }, staff);
    const replaced = await setRate(
      t.db,
      seeblick,
      { ...base, valid_from: tomorrow, cents: 1 },
      staff,
    );
    expect(replaced).toBe(planned);
    await deleteRate(t.db, seeblick, planned, staff);
    const inForce = await setRate(t.db, seeblick, { ...base, valid_from: tomorrow }, staff);
    const dayAfter = new Date(`${addDays(today, 2)}T10:00:00Z`);
    await expect(deleteRate(t.db, seeblick, inForce, staff, dayAfter)).rejects.toMatchObject({
      code: 'rate_in_force',
    });
  });
});

describe('guestKurtaxe with rate versions', () => {
  const cfg = (versions: [string | null, number][]): GemeindeConfig => ({
    id: 1,
    alias: 'Test',
    fields: [],
    fieldByName: new Map(),
    tarife: new Map(),
    seasons: [],
    rates: rateVersions(
      versions.map(([validFrom, cents]) => ({
        tarifId: 7,
        tarifzoneId: 3,
        saisonzeitId: null,
        validFrom,
        centsPerNight: cents,
      })),
    ),
    objekte: new Map(),
    landlords: new Set(),
  });
  const stay = (arrival: string, departure: string) => ({
    tarifId: 7,
    anzahl: 2,
    arrival,
    departure,
  });

  it('prices every night of a guest at the version valid on its arrival', () => {
    const c = cfg([
      [null, 200],
      ['2027-01-01', 250],
      ['2027-06-01', 300],
    ]);
    // Arrival before the change: four nights at 200 though two fall after it.
    expect(guestKurtaxe(c, 3, stay('2026-12-30', '2027-01-03')).cents).toBe(2 * 4 * 200);
    expect(guestKurtaxe(c, 3, stay('2027-01-01', '2027-01-03')).cents).toBe(2 * 2 * 250);
    expect(guestKurtaxe(c, 3, stay('2027-05-31', '2027-06-02')).cents).toBe(2 * 2 * 250);
    expect(guestKurtaxe(c, 3, stay('2027-06-01', '2027-06-02')).cents).toBe(2 * 300);
  });

  it('charges nothing and reports the nights before a first rate is valid', () => {
    const c = cfg([['2027-01-01', 250]]);
    expect(guestKurtaxe(c, 3, stay('2026-12-30', '2027-01-02'))).toEqual({
      cents: 0,
      unratedNights: 3,
    });
  });
});
