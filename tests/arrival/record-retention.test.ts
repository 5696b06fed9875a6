// The retention clock of the arrival record follows the stay (BMG § 30(4): a year from the day of
// departure): a stay extended after its confirmation is kept a year from its new departure, with
// the data it confirmed; the card payments' clock moves with it.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { portalArrivalSigners, portalArrivals, portalForms, portalPayments } from '@/lib/db/schema';
import { confirmOnPaper } from '@/lib/portal/arrival/confirm';
import { arrivalState } from '@/lib/portal/arrival/record';
import { sweepPortalRetention } from '@/lib/portal/retention';
import { saveForms } from '@/lib/portal/stays/forms-index';
import { addDays, berlinInstant, berlinToday } from '@/lib/wire/time';
import { useEmptyDb } from '../helpers/db';
import { anna } from '../portal/fixtures';
import { dutchParty } from './fixtures';

const t = useEmptyDb([portalArrivalSigners, portalArrivals, portalForms, portalPayments]);
const today = berlinToday();

/** Form 5, a Dutch party arriving today and leaving `departure`. */
function stay(departure: string) {
  const f = dutchParty(5, today, {
    travel_span: {
      arrival_date: `${today}T00:00:00`,
      departure_date: `${departure}T00:00:00`,
      travel_days: 3,
      uebernachtungen_sum: 9,
    },
  });
  for (const g of f.personen) g.departure_date = departure;
  return f;
}

describe('the record’s retention clock', () => {
  it('a stay extended after its confirmation is kept a year from its new departure', async () => {
    const first = addDays(today, 3);
    const later = addDays(today, 10);
    await saveForms(anna, 1, [stay(first)]);
    expect(await confirmOnPaper(t.db, { ...anna, formId: 5 }, 51)).toBe('confirmed');
    await t.db.insert(portalPayments).values({
      id: randomUUID(),
      ...anna,
      formId: 5,
      accountId: 'acct_x',
      sessionId: `cs_test_${randomUUID()}`,
      amountCents: 1260,
      departureDate: first,
      state: 'paid',
      reference: '123456789012345',
    });
    // The guests stay a week longer; the landlord corrects the form, and a guest's town too.
    const extended = stay(later);
    extended.personen[0]!.Gast_Wohnort = 'Utrecht';
    await saveForms(anna, 1, [extended]);
    const state = await arrivalState(t.db, { ...anna, formId: 5 });
    expect(state!.departureDate).toBe(later);
    // Only the confirmed data are frozen.
    expect(state!.party.guests[0]!.town).toBe('Amsterdam');
    const [payment] = await t.db.select().from(portalPayments);
    expect(payment!.departureDate).toBe(later);

    // A year and a day after the first departure the record (and the payment) are still kept ...
    const sweep = (day: string) =>
      sweepPortalRetention(t.db, berlinInstant(addDays(day, 366), '12:00:00'), 365);
    expect(await sweep(first)).toMatchObject({ arrivals: 0, payments: 0 });
    expect(await arrivalState(t.db, { ...anna, formId: 5 })).not.toBeNull();
    // ... and erased a year after the new one.
    expect(await sweep(later)).toMatchObject({ arrivals: 1, payments: 1 });
    expect(await t.db.select().from(portalArrivals)).toEqual([]);
    expect(await t.db.select().from(portalPayments)).toEqual([]);
  });
});
