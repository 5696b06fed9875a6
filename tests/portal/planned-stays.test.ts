// Planned stays (issue 18): made by hand and for invitations, their states, and their link to the
// booked form (same object, overlapping dates), on a database built from the migrations (PGlite,
// or PostgreSQL with TEST_DATABASE_URL).
import { describe, expect, it } from 'vitest';
import { portalForms, portalPlannedStays } from '@/lib/db/schema';
import type { Owner } from '@/lib/portal/session/session';
import { saveForms } from '@/lib/portal/stays/forms-index';
import {
  advancePlannedStay,
  cancelPlannedStay,
  comingPlannedStays,
  findPlannedStay,
  updateContact,
  type PlannedStayInput,
} from '@/lib/portal/stays/planned';
import {
  createPlannedStay,
  linkBookedForm,
  linkIndexedForm,
  plannedStayForInvitation,
} from '@/lib/portal/stays/planned-forms';
import { comingStays } from '@/lib/portal/stays/coming';
import { landlordDay } from '@/lib/portal/stays/day';
import { useEmptyDb } from '../helpers/db';
import { form, anna, jens } from './fixtures';

// The same user name on another municipal system is someone else.
const annaElsewhere: Owner = { serviceUrl: 'https://other.example/api/', username: 'demo' };

const store = useEmptyDb([portalPlannedStays, portalForms]);

/** Object 7 (the fixture form's), 14 to 17 July 2027. */
const stay = (over: Partial<PlannedStayInput> = {}): PlannedStayInput => ({
  gemeindeId: 1,
  objektId: 7,
  arrival: '2027-07-14',
  departure: '2027-07-17',
  ...over,
});

/** A booked form of object 7 with the given stay dates. */
const booked = (id: number, arrival: string, departure: string, over = {}) =>
  form(id, {
    travel_span: {
      arrival_date: `${arrival}T00:00:00`,
      departure_date: `${departure}T00:00:00`,
      travel_days: 3,
      uebernachtungen_sum: 6,
    },
    ...over,
  });

describe('planned stays', () => {
  it("are the owner's: listed by arrival, without departed or cancelled ones", async () => {
    const later = await createPlannedStay(
      anna,
      stay({ arrival: '2027-08-01', departure: '2027-08-05' }),
    );
    const first = await createPlannedStay(anna, stay({ guestEmail: '  gast@example.org ' }));
    const departed = await createPlannedStay(
      anna,
      stay({ arrival: '2027-06-01', departure: '2027-06-04' }),
    );
    const off = await createPlannedStay(
      anna,
      stay({ arrival: '2027-09-01', departure: '2027-09-03' }),
    );
    await cancelPlannedStay(anna, off.id);
    await createPlannedStay(jens, stay());
    await createPlannedStay(annaElsewhere, stay());

    const coming = await comingPlannedStays(anna, '2027-07-01');
    expect(coming.map((p) => p.id)).toEqual([first.id, later.id]);
    expect(coming[0]).toMatchObject({
      source: 'manual',
      state: 'planned',
      guestEmail: 'gast@example.org',
      guestLang: 'de',
    });
    // The departure day itself still counts as coming.
    expect((await comingPlannedStays(anna, '2027-06-04')).map((p) => p.id)).toContain(departed.id);
    expect(await findPlannedStay(jens, first.id)).toBeUndefined();
    expect(await findPlannedStay(annaElsewhere, first.id)).toBeUndefined();
    expect(await findPlannedStay(anna, 'not-a-uuid')).toBeUndefined();
  });

  it('refuse a departure that is not after the arrival', async () => {
    await expect(createPlannedStay(anna, stay({ departure: '2027-07-14' }))).rejects.toThrow(
      RangeError,
    );
  });

  it("take the guest's contact, for their owner only", async () => {
    const p = await createPlannedStay(anna, stay());
    expect(await updateContact(jens, p.id, { guestEmail: 'x@example.org' })).toBeUndefined();
    const changed = await updateContact(anna, p.id, {
      guestName: ' Erika Muster ',
      guestEmail: 'erika@example.org',
      guestLang: 'en',
    });
    expect(changed).toMatchObject({
      guestName: 'Erika Muster',
      guestEmail: 'erika@example.org',
      guestLang: 'en',
    });
    // Only what is named changes; an empty address is none.
    const again = await updateContact(anna, p.id, { guestEmail: '' });
    expect(again).toMatchObject({ guestName: 'Erika Muster', guestEmail: null, guestLang: 'en' });
  });

  it('move forward only, and never out of booked', async () => {
    const p = await createPlannedStay(anna, stay());
    expect((await advancePlannedStay(jens, p.id, 'invited'))?.state).toBeUndefined();
    expect((await advancePlannedStay(anna, p.id, 'invited'))?.state).toBe('invited');
    expect((await advancePlannedStay(anna, p.id, 'checked_in'))?.state).toBe('checked_in');
    // A late report (the mail sent after the guest checked in) changes nothing.
    expect((await advancePlannedStay(anna, p.id, 'invited'))?.state).toBe('checked_in');
    await expect(advancePlannedStay(anna, p.id, 'booked')).rejects.toThrow();
    expect(await advancePlannedStay(anna, p.id, 'booked', 41)).toMatchObject({
      state: 'booked',
      formId: 41,
    });
    // A booked stay's form is the landlord's to cancel: the planned stay is not cancelled.
    expect((await cancelPlannedStay(anna, p.id))?.state).toBe('booked');
    const q = await createPlannedStay(
      anna,
      stay({ arrival: '2027-08-01', departure: '2027-08-03' }),
    );
    expect((await cancelPlannedStay(jens, q.id))?.state).toBeUndefined();
    const cancelled = await cancelPlannedStay(anna, q.id);
    expect(cancelled).toMatchObject({ state: 'cancelled' });
    expect(cancelled?.cancelledAt).toBeInstanceOf(Date);
    expect((await advancePlannedStay(anna, q.id, 'invited'))?.state).toBe('cancelled');
  });
});

describe('a booked form', () => {
  it('fulfils the planned stay of its object with overlapping dates', async () => {
    const other = await createPlannedStay(anna, stay({ objektId: 8 }));
    const before = await createPlannedStay(
      anna,
      stay({ arrival: '2027-07-10', departure: '2027-07-14' }),
    );
    const p = await createPlannedStay(
      anna,
      stay({ arrival: '2027-07-15', departure: '2027-07-20' }),
    );
    await createPlannedStay(jens, stay());

    const linked = await linkBookedForm(anna, {
      gemeindeId: 1,
      form: booked(5, '2027-07-14', '2027-07-17'),
    });
    expect(linked).toMatchObject({ id: p.id, state: 'booked', formId: 5 });
    // Departure days are exclusive: the stay that leaves on the arrival day is another one.
    expect((await findPlannedStay(anna, before.id))?.state).toBe('planned');
    expect((await findPlannedStay(anna, other.id))?.state).toBe('planned');
    // Updating the same form again keeps its link and takes no second planned stay.
    const again = await linkBookedForm(anna, {
      gemeindeId: 1,
      form: booked(5, '2027-07-10', '2027-07-17'),
    });
    expect(again?.id).toBe(p.id);
    expect((await findPlannedStay(anna, before.id))?.state).toBe('planned');
    // Someone else's planned stay is never linked.
    expect((await comingPlannedStays(jens, '2027-07-01'))[0]).toMatchObject({ formId: null });
  });

  it('fulfils the planned stay it was booked for, and a cancelled form none', async () => {
    const a = await createPlannedStay(anna, stay());
    const b = await createPlannedStay(anna, stay());
    expect(
      await linkBookedForm(anna, {
        gemeindeId: 1,
        form: booked(6, '2027-07-14', '2027-07-17'),
        plannedStayId: b.id,
      }),
    ).toMatchObject({ id: b.id, formId: 6 });
    expect((await findPlannedStay(anna, a.id))?.formId).toBeNull();
    const cancelled = booked(7, '2027-07-14', '2027-07-17', { state: 'cancelled' as const });
    expect(await linkBookedForm(anna, { gemeindeId: 1, form: cancelled })).toBeUndefined();
    expect((await findPlannedStay(anna, a.id))?.state).toBe('planned');
  });

  it('in the index is linked to a planned stay entered later', async () => {
    await saveForms(anna, 1, [booked(9, '2027-07-14', '2027-07-17')]);
    const p = await createPlannedStay(
      anna,
      stay({ arrival: '2027-07-16', departure: '2027-07-19' }),
    );
    expect(p).toMatchObject({ state: 'booked', formId: 9 });
    // A form that fulfils one planned stay is not taken by a second.
    const q = await createPlannedStay(anna, stay());
    expect(q).toMatchObject({ state: 'planned', formId: null });
    // Another owner's index is not searched.
    expect(await createPlannedStay(jens, stay())).toMatchObject({ formId: null });
    await store.db.delete(portalPlannedStays);
    const r = await createPlannedStay(jens, stay());
    expect(await linkIndexedForm(anna, r.id)).toBeUndefined();
    expect(await linkIndexedForm(jens, r.id)).toMatchObject({ formId: null });
  });
});

describe('an invitation made by hand', () => {
  it('hangs off the planned stay of its object and dates, or a new one', async () => {
    const known = await createPlannedStay(anna, stay());
    const same = await plannedStayForInvitation(anna, stay({ expectedGuests: 2 }));
    expect(same.id).toBe(known.id);
    const elsewhere = await plannedStayForInvitation(anna, stay({ objektId: 8 }));
    expect(elsewhere.id).not.toBe(known.id);
    expect(elsewhere).toMatchObject({ source: 'manual', objektId: 8, state: 'planned' });
    // A planned stay another form fulfils is another party's: a booked stay's invitation gets its own.
    await advancePlannedStay(anna, known.id, 'booked', 30);
    const forForm = await plannedStayForInvitation(anna, { ...stay(), formId: 31 });
    expect(forForm.id).not.toBe(known.id);
    expect((await plannedStayForInvitation(anna, { ...stay(), formId: 30 })).id).toBe(known.id);
    expect((await plannedStayForInvitation(jens, stay())).id).not.toBe(known.id);
  });
});

describe('the coming stays', () => {
  it('show planned and booked stays together, a fulfilled planned stay once', async () => {
    await saveForms(anna, 1, [booked(11, '2027-07-14', '2027-07-17')]);
    await saveForms(anna, 1, [booked(12, '2027-07-20', '2027-07-22')]);
    const p = await createPlannedStay(
      anna,
      stay({ arrival: '2027-07-15', departure: '2027-07-18' }),
    );
    const q = await createPlannedStay(anna, stay({ objektId: 8, arrival: '2027-07-01' }));
    await advancePlannedStay(anna, q.id, 'invited');
    await createPlannedStay(jens, stay({ objektId: 9 }));

    const coming = await comingStays(anna, '2027-07-01');
    expect(coming.map((s) => [s.key, s.state, s.formId])).toEqual([
      [`p:${q.id}`, 'invited', null],
      // The planned stay takes the form's dates once the form fulfils it.
      [`p:${p.id}`, 'booked', 11],
      ['f:12', 'booked', 12],
    ]);
    expect(coming[1]).toMatchObject({
      arrival: '2027-07-14',
      source: 'manual',
      formState: 'draft',
    });
    expect(await comingStays(anna, '2027-07-23')).toEqual([]);
  });
});

describe("the overview's arrivals", () => {
  it('are the planned and booked stays arriving today and this week, each once', async () => {
    const today = '2027-07-14';
    await saveForms(anna, 1, [booked(21, today, '2027-07-16')]);
    // Fulfilled by form 21: shown once, as booked.
    await createPlannedStay(anna, stay({ arrival: today, departure: '2027-07-16' }));
    const planned = await createPlannedStay(
      anna,
      stay({ objektId: 8, arrival: '2027-07-17', departure: '2027-07-19' }),
    );
    const invited = await createPlannedStay(
      anna,
      stay({ objektId: 9, arrival: '2027-07-20', departure: '2027-07-22' }),
    );
    await advancePlannedStay(anna, invited.id, 'invited');
    // Outside the week, already here, or someone else's: not arrivals.
    await createPlannedStay(
      anna,
      stay({ objektId: 8, arrival: '2027-07-21', departure: '2027-07-25' }),
    );
    await createPlannedStay(
      anna,
      stay({ objektId: 9, arrival: '2027-07-10', departure: '2027-07-15' }),
    );
    await createPlannedStay(jens, stay({ objektId: 8, arrival: today, departure: '2027-07-16' }));

    const day = await landlordDay(anna, today);
    expect(day.today.map((s) => [s.state, s.formId, s.meldescheinnummer])).toEqual([
      ['booked', 21, expect.any(String)],
    ]);
    expect(day.week.map((s) => [s.key, s.state, s.source])).toEqual([
      [`p:${planned.id}`, 'planned', 'manual'],
      [`p:${invited.id}`, 'invited', 'manual'],
    ]);
    // Unprinted cards are the booked forms' only.
    expect(day.cardsWaiting.map((s) => s.formId)).toEqual([21]);
  });
});
