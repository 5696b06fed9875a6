// The portal's copies under the retention rule (BMG § 30(4)), with a controllable clock: a stay
// departed 366 days ago loses its guest name, stored guest-card PDF and check-in submissions, one
// departed 364 days ago keeps them; figures stay; a second sweep and two at once change nothing
// more. Old drafts go, and so does a stored card whose index row was removed.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import {
  portalCheckinLinks,
  portalCheckins,
  portalDrafts,
  portalForms,
  portalPdfs,
} from '@/lib/db/schema';
import { saveDraft } from '@/lib/portal/stays/drafts';
import { findForm, rowFromForm, saveForms } from '@/lib/portal/stays/forms-index';
import { storePdf, storedPdf } from '@/lib/portal/stays/pdf-store';
import { sweepPortalRetention } from '@/lib/portal/retention';
import { arrivalState } from '@/lib/portal/arrival/record';
import { addDays } from '@/lib/wire/time';
import { useTestDb } from '../helpers/db';
import { form, anna } from './fixtures';

// A database from the migrations, installed as the process-wide one the portal's modules use.
const t = useTestDb();

const DEPARTED = '2027-08-20';
const at = (days: number) => new Date(`${addDays(DEPARTED, days)}T11:00:00Z`);

function departing(id: number, departure: string) {
  return form(id, {
    travel_span: {
      arrival_date: `${addDays(departure, -3)}T00:00:00`,
      departure_date: `${departure}T00:00:00`,
      travel_days: 3,
      uebernachtungen_sum: 6,
    },
  });
}

/** A guest's check-in submission for a stay ending on `departure`. */
async function checkin(departure: string): Promise<string> {
  const linkId = randomUUID();
  await t.db.insert(portalCheckinLinks).values({
    id: linkId,
    publicId: randomUUID(),
    kind: 'stay',
    ...anna,
    gemeindeId: 1,
    objektId: 7,
    expectedGuests: 1,
    snapshot: {
      objekt: { id: 7, alias: 'Möwennest', address: '', beds: 4 },
      gemeinde: { id: 1, alias: 'Seeblick', fields: [], tarife: [] },
    },
  });
  const id = randomUUID();
  await t.db.insert(portalCheckins).values({
    id,
    linkId,
    arrivalDate: addDays(departure, -3),
    departureDate: departure,
    guests: [{ tarifId: '1', fields: { Gast_Name: 'Muster' } }],
    lang: 'de',
    purgeAfter: new Date('2099-01-01T00:00:00Z'),
  });
  return id;
}

const checkinIds = async () =>
  (await t.db.select({ id: portalCheckins.id }).from(portalCheckins)).map((r) => r.id);

describe('portal retention sweep', () => {
  it('erases names and PDFs of stays past retention, keeps figures and younger stays', async () => {
    await saveForms(anna, 1, [departing(1, DEPARTED), departing(2, addDays(DEPARTED, 2))]);
    for (const id of [1, 2])
      await storePdf(anna, form(id), new Uint8Array([37, 80, 68, 70]), false);
    await checkin(DEPARTED);
    const younger = await checkin(addDays(DEPARTED, 2));
    const before = await findForm(anna, 1);
    expect(before?.firstGuestName).toBe('Erika Muster');

    expect(await sweepPortalRetention(t.db, at(364), 365)).toMatchObject({
      forms: 0,
      pdfs: 0,
      checkins: 0,
    });
    expect(await arrivalState(t.db, { ...anna, formId: 1 })).not.toBeNull();
    expect(await sweepPortalRetention(t.db, at(366), 365)).toMatchObject({
      forms: 1,
      pdfs: 1,
      checkins: 1,
      arrivals: 1,
    });
    expect(await checkinIds()).toEqual([younger]);
    // The arrival record (the BMG form's data) goes whole; the younger stay's stays.
    expect(await arrivalState(t.db, { ...anna, formId: 1 })).toBeNull();
    expect(await arrivalState(t.db, { ...anna, formId: 2 })).not.toBeNull();

    const erased = await findForm(anna, 1);
    expect(erased).toEqual({ ...before, firstGuestName: null });
    expect(await storedPdf(anna, 1)).toBeUndefined();
    expect((await findForm(anna, 2))?.firstGuestName).toBe('Erika Muster');
    expect(await storedPdf(anna, 2)).toBeDefined();
  });

  it('changes nothing on a second run or when two run at once', async () => {
    const snapshot = async () => ({
      forms: await t.db.select().from(portalForms),
      pdfs: (await t.db.select().from(portalPdfs)).length,
    });
    const first = await snapshot();
    const runs = await Promise.all([
      sweepPortalRetention(t.db, at(366), 365),
      sweepPortalRetention(t.db, at(366), 365),
    ]);
    expect(runs).toEqual([
      { forms: 0, pdfs: 0, drafts: 0, checkins: 0, arrivals: 0, payments: 0 },
      { forms: 0, pdfs: 0, drafts: 0, checkins: 0, arrivals: 0, payments: 0 },
    ]);
    expect(await snapshot()).toEqual(first);
    const both = await Promise.all([
      sweepPortalRetention(t.db, at(369), 365),
      sweepPortalRetention(t.db, at(369), 365),
    ]);
    expect(both.map((r) => r.forms).sort()).toEqual([0, 1]);
    expect(both.map((r) => r.checkins).sort()).toEqual([0, 1]);
    expect(await checkinIds()).toEqual([]);
  });

  it('never indexes a name for a stay past retention, whatever the service answers', () => {
    const old = addDays(new Date().toISOString().slice(0, 10), -400);
    expect(rowFromForm(anna, 1, departing(3, old)).firstGuestName).toBeNull();
    expect(rowFromForm(anna, 1, departing(4, addDays(old, 100))).firstGuestName).toBe(
      'Erika Muster',
    );
  });

  it('erases a stored card whose index row is gone, a day after its fetch', async () => {
    await saveForms(anna, 1, [departing(30, addDays(DEPARTED, 300))]);
    await storePdf(anna, form(30), new Uint8Array([37, 80, 68, 70]), false);
    // The service no longer shows the form to this user: the index row goes, the copy stayed.
    await t.db.delete(portalForms).where(eq(portalForms.formId, 30));
    const now = new Date();
    expect(await sweepPortalRetention(t.db, now, 365)).toMatchObject({ pdfs: 0 });
    expect(await storedPdf(anna, 30)).toBeDefined();
    const later = new Date(now.getTime() + 25 * 3600 * 1000);
    expect(await sweepPortalRetention(t.db, later, 365)).toMatchObject({ pdfs: 1 });
    expect(await storedPdf(anna, 30)).toBeUndefined();
  });

  it('deletes drafts older than a week', async () => {
    await saveDraft(anna, 'new', { guests: [{ fields: { Gast_Name: 'Muster' } }] });
    const now = new Date();
    expect(await sweepPortalRetention(t.db, now, 365)).toMatchObject({ drafts: 0 });
    const later = new Date(now.getTime() + 8 * 24 * 3600 * 1000);
    expect(await sweepPortalRetention(t.db, later, 365)).toMatchObject({ drafts: 1 });
    expect(await t.db.select().from(portalDrafts)).toEqual([]);
  });
});
