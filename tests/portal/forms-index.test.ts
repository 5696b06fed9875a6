// The portal's own index (portal_forms) on a database built from the migrations.
import { beforeEach, describe, expect, it } from 'vitest';
import { portalDrafts, portalForms, portalPdfs } from '@/lib/db/schema';
import { takeDraft, saveDraft } from '@/lib/portal/stays/drafts';
import {
  arrivalMonths,
  findForm,
  formsToRefresh,
  listForms,
  removeForms,
  rowFromForm,
  saveForms,
  setState,
} from '@/lib/portal/stays/forms-index';
import { isCardOutdated } from '@/lib/portal/stays/card-fingerprint';
import { dropPdf, storePdf, storedCardInfo, storedPdf } from '@/lib/portal/stays/pdf-store';
import type { Owner } from '@/lib/portal/session/session';
import { parseStayQuery } from '@/lib/portal/stays/query-parse';
import { addDays, berlinToday } from '@/lib/wire/time';
import { useEmptyDb } from '../helpers/db';
import { form, guest, anna, jens } from './fixtures';

const annaProd: Owner = { serviceUrl: 'https://prod.example/api/', username: 'demo' };

useEmptyDb([portalForms, portalPdfs, portalDrafts]);

function stay(
  id: number,
  arrival: string,
  kurtaxe: number,
  nights: number,
  over: Parameters<typeof form>[1] = {},
) {
  return form(id, {
    travel_span: {
      arrival_date: `${arrival}T00:00:00`,
      departure_date: `${arrival}T00:00:00`,
      travel_days: 2,
      uebernachtungen_sum: nights,
    },
    verwendete_kurtaxe: kurtaxe,
    ...over,
  });
}

describe('index rows', () => {
  it('summarise a form: persons, nights, Kurtaxe in cents, first person’s name', () => {
    const row = rowFromForm(
      anna,
      1,
      form(5, {
        personen: [
          guest(1, { gast_type: 'gruppe', anzahl: 3, Gast_Vorname: null, Gast_Name: null }),
          guest(2),
        ],
      }),
    );
    expect(row).toMatchObject({
      formId: 5,
      guests: 4,
      nights: 6,
      kurtaxeCents: 1350,
      firstGuestName: 'Erika Muster',
      arrivalDate: '2027-07-14',
    });
  });

  it('are kept per service URL and user, and updated in place', async () => {
    await saveForms(anna, 1, [stay(1, '2027-07-01', 10, 2)]);
    await saveForms(annaProd, 1, [stay(1, '2027-08-01', 20, 4)]);
    expect((await findForm(anna, 1))?.arrivalDate).toBe('2027-07-01');
    expect((await findForm(annaProd, 1))?.arrivalDate).toBe('2027-08-01');
    expect(await findForm(jens, 1)).toBeUndefined();
    await saveForms(anna, 1, [stay(1, '2027-07-01', 10, 2, { state: 'printed' })]);
    expect((await findForm(anna, 1))?.state).toBe('printed');
    await setState(anna, [1], 'cancelled');
    expect((await findForm(anna, 1))?.state).toBe('cancelled');
    await removeForms(anna, [1]);
    expect(await findForm(anna, 1)).toBeUndefined();
    expect(await findForm(annaProd, 1)).toBeDefined();
  });
});

describe('the stays list', () => {
  beforeEach(async () => {
    await saveForms(anna, 1, [
      stay(1, '2027-07-01', 10, 2),
      stay(2, '2027-07-20', 30, 6, { state: 'printed' }),
      stay(3, '2027-08-03', 20, 4, { objekt_id: 8 }),
      stay(4, '2027-08-09', 5.5, 1, { state: 'cancelled' }),
    ]);
    await saveForms(jens, 1, [stay(9, '2027-07-05', 99, 9)]);
  });

  it('filters by object, month and state, with totals over all filtered rows', async () => {
    const july = await listForms(anna, parseStayQuery({ monat: '2027-07' }));
    // Default order: coming arrivals first, soonest first.
    expect(july.rows.map((r) => r.formId)).toEqual([1, 2]);
    expect(july).toMatchObject({
      count: 2,
      totalNights: 8,
      totalKurtaxeCents: 4000,
      page: 1,
      pages: 1,
    });
    expect(
      (await listForms(anna, parseStayQuery({ objekt: '8' }))).rows.map((r) => r.formId),
    ).toEqual([3]);
    expect(
      (await listForms(anna, parseStayQuery({ status: 'cancelled' }))).rows.map((r) => r.formId),
    ).toEqual([4]);
    expect((await listForms(anna, parseStayQuery({ monat: '2026-01' }))).count).toBe(0);
  });

  it('lists cancelled stays but leaves them out of every total', async () => {
    const august = await listForms(anna, parseStayQuery({ monat: '2027-08' }));
    expect(august.rows.map((r) => r.formId)).toEqual([3, 4]);
    expect(august).toMatchObject({
      count: 2,
      counted: 1,
      cancelled: 1,
      totalNights: 4,
      totalGuests: 2,
      totalKurtaxeCents: 2000,
    });
    const onlyCancelled = await listForms(anna, parseStayQuery({ status: 'cancelled' }));
    expect(onlyCancelled).toMatchObject({
      count: 1,
      counted: 0,
      totalNights: 0,
      totalGuests: 0,
      totalKurtaxeCents: 0,
    });
  });

  it('sorts by arrival, number, Kurtaxe and nights', async () => {
    const ids = async (sortierung: string) =>
      (await listForms(anna, parseStayQuery({ sortierung }))).rows.map((r) => r.formId);
    expect(await ids('arrival-desc')).toEqual([4, 3, 2, 1]);
    expect(await ids('arrival-asc')).toEqual([1, 2, 3, 4]);
    expect(await ids('kurtaxe-desc')).toEqual([2, 3, 1, 4]);
    expect(await ids('nights-asc')).toEqual([4, 1, 3, 2]);
    expect(await ids('number-asc')).toEqual([1, 2, 3, 4]);
  });

  it("shows today's and coming arrivals first by default, then past ones, latest first", async () => {
    const today = berlinToday();
    await saveForms(anna, 1, [
      stay(5, addDays(today, -3), 1, 1),
      stay(6, today, 1, 1),
      stay(7, addDays(today, -40), 1, 1),
    ]);
    const rows = (await listForms(anna, parseStayQuery({}))).rows.map((r) => r.formId);
    expect(rows).toEqual([6, 1, 2, 3, 4, 5, 7]);
  });

  it('paginates 20 to a page, totals still over every filtered row', async () => {
    await saveForms(
      anna,
      1,
      Array.from({ length: 25 }, (_, i) => stay(100 + i, '2027-09-01', 1, 1)),
    );
    const second = await listForms(anna, parseStayQuery({ monat: '2027-09', seite: '2' }));
    expect(second).toMatchObject({
      count: 25,
      page: 2,
      pages: 2,
      totalNights: 25,
      totalKurtaxeCents: 2500,
    });
    expect(second.rows).toHaveLength(5);
    expect((await listForms(anna, parseStayQuery({ monat: '2027-09', seite: '9' }))).page).toBe(2);
  });

  it('lists the arrival months and finds rows to refresh', async () => {
    expect(await arrivalMonths(anna)).toEqual(['2027-08', '2027-07']);
    expect((await formsToRefresh(anna)).length).toBe(4);
    expect(await formsToRefresh(anna, new Date(Date.now() - 60_000))).toEqual([]);
    const later = await formsToRefresh(anna, new Date(Date.now() + 60_000));
    expect(later.map((r) => r.formId).sort()).toEqual([1, 2, 3]); // not the cancelled one
  });
});

describe('stored guest cards and drafts', () => {
  it('keeps one PDF per form and owner; a reprint replaces it', async () => {
    await storePdf(anna, form(1), new Uint8Array([37, 80, 68, 70]), false);
    expect(Buffer.from((await storedPdf(anna, 1))!.pdf).toString()).toBe('%PDF');
    expect(await storedPdf(jens, 1)).toBeUndefined();
    const first = await storedCardInfo(anna, 1);
    await storePdf(anna, form(1), new Uint8Array([1]), true);
    expect(await storedPdf(anna, 1)).toMatchObject({ reprint: true, pdf: new Uint8Array([1]) });
    const second = await storedCardInfo(anna, 1);
    expect(second!.fetchedAt.getTime()).toBeGreaterThanOrEqual(first!.fetchedAt.getTime());
    await dropPdf(anna, 1);
    expect(await storedPdf(anna, 1)).toBeUndefined();
  });

  it('knows when the stored card no longer shows the form', async () => {
    const booked = form(1, { state: 'printed' });
    await storePdf(anna, booked, new Uint8Array([1]), false);
    const info = (await storedCardInfo(anna, 1))!;
    expect(isCardOutdated(info, booked)).toBe(false);
    // Departed, fetched again, guests in another key order: the card still shows the form.
    const [g1, g2] = booked.personen;
    const reordered = { ...g1!, kurtaxe_calc: 99, modified: '2030-01-01T00:00:00.000+01:00' };
    expect(isCardOutdated(info, { ...booked, state: 'departed', personen: [reordered, g2!] })).toBe(
      false,
    );
    // A new name, a third guest, other dates, cancelled: outdated.
    const renamed = [{ ...g1!, Gast_Vorname: 'Greta' }, g2!];
    expect(isCardOutdated(info, { ...booked, personen: renamed })).toBe(true);
    expect(isCardOutdated(info, { ...booked, personen: [g1!, g2!, guest(3)] })).toBe(true);
    const later = [{ ...g1!, departure_date: '2027-07-18T00:00:00' }, g2!];
    expect(isCardOutdated(info, { ...booked, personen: later })).toBe(true);
    expect(isCardOutdated(info, { ...booked, state: 'cancelled' })).toBe(true);
    // A copy from before fingerprints: outdated when the form changed after it was fetched.
    const legacy = { fetchedAt: new Date('2027-07-01T12:00:00+02:00'), fingerprint: null };
    expect(isCardOutdated(legacy, { ...booked, modified: '2027-07-01T11:00:00.000+02:00' })).toBe(
      false,
    );
    expect(isCardOutdated(legacy, { ...booked, modified: '2027-07-02T11:00:00.000+02:00' })).toBe(
      true,
    );
  });

  it('gives a draft back once, only to its owner', async () => {
    await saveDraft(anna, 'new', { objektId: '7' });
    expect(await takeDraft(jens, 'new')).toBeUndefined();
    expect(await takeDraft(anna, 'new')).toEqual({ objektId: '7' });
    expect(await takeDraft(anna, 'new')).toBeUndefined();
  });
});
