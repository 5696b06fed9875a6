// The arrival record on a database built from the migrations: written with the index, the card
// route's contract (confirmByCard), first confirmation wins, the ID check, the owner's version.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  portalArrivalSigners,
  portalArrivals,
  portalForms,
  portalOwnerVersions,
} from '@/lib/db/schema';
import {
  confirmByCard,
  confirmOnPaper,
  noteIdCheck,
  guestIdentity,
  relationsByPlace,
  setPartyKind,
  setRelations,
} from '@/lib/portal/arrival/confirm';
import { arrivalState } from '@/lib/portal/arrival/record';
import { saveForms } from '@/lib/portal/stays/forms-index';
import { berlinInstant, berlinToday, addDays } from '@/lib/wire/time';
import { useEmptyDb } from '../helpers/db';
import { anna, jens } from '../portal/fixtures';
import { dutchParty, germanParty } from './fixtures';

const t = useEmptyDb([portalArrivalSigners, portalArrivals, portalForms, portalOwnerVersions]);
const today = berlinToday();
const ref = (formId: number | string, owner = anna) => ({ ...owner, formId: String(formId) });
const card = (at: Date, reference = 'pm_card_ref_1') => ({
  provider: 'Stripe',
  reference,
  paymentId: 'pi_123',
  confirmedAt: at,
});

describe('the record follows the index', () => {
  it('a Dutch party: required, the two adults sign, the child is counted', async () => {
    await saveForms(anna, 1, [dutchParty(5, today)]);
    const state = await arrivalState(t.db, ref(5));
    expect(state).toMatchObject({
      required: true,
      reason: 'foreign',
      confirmed: false,
      route: null,
    });
    expect(state!.signers.map((s) => s.guest.firstNames)).toEqual(['Daan', 'Sanne']);
    expect(state!.signers[0]!.counted).toEqual([{ nationality: 'NL', count: 1, guestIds: [53] }]);
    expect(state!.party.guests[0]).toMatchObject({
      familyName: 'de Vries',
      documentNumber: 'NXC4R8T21',
      town: 'Amsterdam',
    });
  });

  it('a German-only party needs nothing and cannot be confirmed', async () => {
    await saveForms(anna, 1, [germanParty(6, today)]);
    const state = await arrivalState(t.db, ref(6));
    expect(state).toMatchObject({ required: false, reason: 'german_only', signers: [] });
    expect(await confirmByCard(t.db, ref(6), null, card(new Date()))).toBe('not-required');
  });

  it('someone else’s form or a malformed id is unknown', async () => {
    await saveForms(anna, 1, [dutchParty(5, today)]);
    expect(await arrivalState(t.db, ref(5, jens))).toBeNull();
    expect(await confirmByCard(t.db, ref(5, jens), 51, card(new Date()))).toBe('unknown-form');
    expect(await confirmByCard(t.db, ref('5abc'), 51, card(new Date()))).toBe('unknown-form');
  });

  it('raises the owner’s version (kept pages, decision 026)', async () => {
    await saveForms(anna, 1, [dutchParty(5, today)]);
    const version = async () =>
      (
        await t.db
          .select()
          .from(portalOwnerVersions)
          .where(eq(portalOwnerVersions.username, anna.username))
      )[0]?.version ?? 0;
    const before = await version();
    await noteIdCheck(t.db, ref(5), 51, 'compared', null);
    expect(await version()).toBeGreaterThan(before);
  });
});

describe('the card route (confirmByCard)', () => {
  it("confirms its payer's form only, with the reference in the record", async () => {
    await saveForms(anna, 1, [dutchParty(5, today)]);
    const at = new Date();
    expect(await confirmByCard(t.db, ref(5), 51, card(at))).toBe('confirmed');
    const state = await arrivalState(t.db, ref(5));
    // Two adults sign; one card confirms its cardholder's form (and the child counted on it).
    expect(state).toMatchObject({ route: 'card', confirmed: false, complete: false });
    const [daan, sanne] = state!.signers;
    expect(daan).toMatchObject({
      guestId: 51,
      route: 'card',
      paymentProvider: 'Stripe',
      paymentReference: 'pm_card_ref_1',
      paymentId: 'pi_123',
      hasXml: true,
    });
    expect(daan!.confirmedAt?.getTime()).toBe(at.getTime());
    expect(daan!.counted).toEqual([{ nationality: 'NL', count: 1, guestIds: [53] }]);
    expect(sanne).toMatchObject({
      guestId: 52,
      route: null,
      paymentReference: null,
      hasXml: false,
    });
    // Delivered twice: the first stays.
    expect(await confirmByCard(t.db, ref(5), 51, card(new Date(), 'pm_other'))).toBe('already');
    const again = await arrivalState(t.db, ref(5));
    expect(again!.signers[0]!.paymentReference).toBe('pm_card_ref_1');
    // The second adult confirms with a payment of her own: now the party is confirmed.
    expect(await confirmByCard(t.db, ref(5), 52, card(new Date(), 'pm_sanne'))).toBe('confirmed');
    const both = await arrivalState(t.db, ref(5));
    expect(both!.confirmed).toBe(true);
    expect(both!.signers.map((s) => s.paymentReference)).toEqual(['pm_card_ref_1', 'pm_sanne']);
    // A child counted on a form is no signer of its own.
    expect(await confirmByCard(t.db, ref(5), 53, card(new Date(), 'pm_x'))).toBe('not-a-signer');
  });

  it('a payment the day before the arrival (Berlin) does not confirm', async () => {
    const tomorrow = addDays(today, 1);
    await saveForms(anna, 1, [dutchParty(5, tomorrow)]);
    // 23:30 in Berlin on the day before: UTC already/still differs around midnight.
    const lateEvening = berlinInstant(today, '23:30:00');
    expect(await confirmByCard(t.db, ref(5), 51, card(lateEvening))).toBe('not-arrival-day');
    const justAfterMidnight = berlinInstant(tomorrow, '00:05:00');
    expect(await confirmByCard(t.db, ref(5), 51, card(justAfterMidnight))).toBe('confirmed');
  });

  it('a cancelled stay is not required any more', async () => {
    await saveForms(anna, 1, [dutchParty(5, today)]);
    await saveForms(anna, 1, [dutchParty(5, today, { state: 'cancelled' })]);
    expect(await confirmByCard(t.db, ref(5), 51, card(new Date()))).toBe('not-required');
  });

  it('never overwrites a signer’s paper route, and paper never overwrites their card', async () => {
    await saveForms(anna, 1, [dutchParty(5, today), dutchParty(7, today)]);
    expect(await confirmOnPaper(t.db, ref(5), 51)).toBe('confirmed');
    expect(await confirmByCard(t.db, ref(5), 51, card(new Date()))).toBe('already');
    const five = await arrivalState(t.db, ref(5));
    expect(five!.signers.map((s) => s.route)).toEqual(['paper', null]);
    expect(five!.confirmed).toBe(false);
    // The other adult still confirms her own form, by card.
    expect(await confirmByCard(t.db, ref(5), 52, card(new Date()))).toBe('confirmed');
    expect((await arrivalState(t.db, ref(5)))!.signers.map((s) => s.route)).toEqual([
      'paper',
      'card',
    ]);

    expect(await confirmByCard(t.db, ref(7), 71, card(new Date()))).toBe('confirmed');
    expect(await confirmOnPaper(t.db, ref(7), 71)).toBe('already');
    // The second adult of a party one of whom paid signs on paper.
    expect(await confirmOnPaper(t.db, ref(7), 72)).toBe('confirmed');
    expect((await arrivalState(t.db, ref(7)))!.confirmed).toBe(true);
  });

  it('paper and card at the same time: one route wins (parallel connections on PostgreSQL)', async () => {
    await saveForms(anna, 1, [dutchParty(5, today)]);
    const results = await Promise.all([
      confirmByCard(t.db, ref(5), 51, card(new Date())),
      confirmOnPaper(t.db, ref(5), 51),
      confirmByCard(t.db, ref(5), 51, card(new Date(), 'pm_second')),
    ]);
    const state = await arrivalState(t.db, ref(5));
    expect(state!.signers[1]!.route).toBeNull();
    const routes = new Set(state!.signers.map((s) => s.route).filter(Boolean));
    expect(routes.size).toBe(1);
    expect(results.filter((r) => r === 'confirmed')).toHaveLength(1);
  });

  it('the data a signer confirmed stay, a later edit of the form does not change them', async () => {
    await saveForms(anna, 1, [dutchParty(5, today)]);
    await confirmByCard(t.db, ref(5), 51, card(new Date()));
    const edited = dutchParty(5, today);
    edited.personen[0]!.Gast_Wohnort = 'Utrecht';
    await saveForms(anna, 1, [edited]);
    const state = await arrivalState(t.db, ref(5));
    expect(state!.party.guests[0]!.town).toBe('Amsterdam');
  });
});

describe('the paper route and the ID check', () => {
  it('paper only on the arrival day; the party kind decides the signers until then', async () => {
    await saveForms(anna, 1, [dutchParty(5, addDays(today, 2))]);
    expect(await confirmOnPaper(t.db, ref(5), 51)).toBe('not-arrival-day');
    expect(await setPartyKind(t.db, ref(5), 'family')).toBe('changed');
    const state = await arrivalState(t.db, ref(5));
    expect(state!.signers.map((s) => s.guestId)).toEqual([51]);
    expect(state!.signers[0]!.counted.map((c) => c.count)).toEqual([2]);
    expect(await confirmOnPaper(t.db, ref(5), 52)).toBe('not-a-signer');
  });

  it('travellers added or removed while booking keep the answers of the guests still there', () => {
    const who = (family: string, first: string, birth: string) =>
      guestIdentity({ Gast_Name: family, Gast_Vorname: first, Gast_Geburtsdatum: birth });
    const daan = who('de Vries', 'Daan', '1980-01-02');
    const sanne = who('de Vries', 'Sanne', '1982-03-04');
    const fenna = who('de Vries', 'Fenna', '2015-05-06');
    const oma = who('Bakker', 'Truus', '1950-07-08');
    // At check-in: Daan, Sanne (his partner), Oma, Fenna (Sanne's child).
    const said = [
      undefined,
      { as: 'partner' as const, of: 0 },
      undefined,
      { as: 'child' as const, of: 1 },
    ];
    const checkin = [daan, sanne, oma, fenna];
    // The landlord removed Oma and added a friend; the form's order and spelling as booked.
    const friend = who('Visser', 'Joris', '1979-09-10');
    expect(
      relationsByPlace(said, [71, 72, 73, 74], {
        checkin,
        booked: [who(' DE VRIES ', 'Daan', '1980-01-02T00:00:00'), sanne, fenna, friend],
      }),
    ).toEqual({ 72: { as: 'partner', of: 71 }, 73: { as: 'child', of: 72 } });
    // Sanne removed: her own answer and Fenna's (naming her) are dropped, nothing else invented.
    expect(relationsByPlace(said, [81, 82, 83], { checkin, booked: [daan, oma, fenna] })).toEqual(
      {},
    );
    // Two guests the form no longer tells apart keep no answer.
    expect(
      relationsByPlace([undefined, { as: 'partner', of: 0 }], [91, 92, 93], {
        checkin: [daan, sanne],
        booked: [daan, sanne, sanne],
      }),
    ).toEqual({});
  });

  it('a couple who said so at check-in make one signer; the landlord corrects until the first confirmation', async () => {
    await saveForms(anna, 1, [dutchParty(5, today)]);
    // The guests said (by their place in the party): Sanne is Daan's partner, Fenna his child.
    const said = relationsByPlace(
      [undefined, { as: 'partner', of: 0 }, { as: 'child', of: 0 }],
      [51, 52, 53],
    );
    expect(said).toEqual({ 52: { as: 'partner', of: 51 }, 53: { as: 'child', of: 51 } });
    // A party whose form has other guests than the check-in, and nothing to tell them apart by,
    // takes nothing.
    expect(relationsByPlace([undefined, { as: 'partner', of: 0 }], [51, 52, 53])).toEqual({});
    expect(await setRelations(t.db, ref(5), said)).toBe('changed');
    let state = await arrivalState(t.db, ref(5));
    expect(state!.signers.map((s) => s.guestId)).toEqual([51]);
    expect(state!.signers[0]!.counted).toEqual([
      { nationality: 'NL', count: 2, guestIds: [52, 53] },
    ]);
    expect(state!.relations).toEqual(said);
    // The landlord corrects it: not a couple after all; a relation to a stranger is dropped.
    expect(
      await setRelations(t.db, ref(5), {
        53: { as: 'child', of: 52 },
        51: { as: 'partner', of: 999 },
      }),
    ).toBe('changed');
    state = await arrivalState(t.db, ref(5));
    expect(state!.relations).toEqual({ 53: { as: 'child', of: 52 } });
    expect(state!.signers.map((s) => [s.guestId, s.counted.length])).toEqual([
      [51, 0],
      [52, 1],
    ]);
    expect(await confirmOnPaper(t.db, ref(5), 52)).toBe('confirmed');
    expect(await setRelations(t.db, ref(5), said)).toBe('confirmed');
  });

  it('notes the comparison, a deviation with its text, or no valid ID', async () => {
    await saveForms(anna, 1, [dutchParty(5, today)]);
    expect(await noteIdCheck(t.db, ref(5), 51, 'deviation', '  ')).toBe('invalid');
    expect(await noteIdCheck(t.db, ref(5), 51, 'deviation', 'Straße: Prinsengracht 4')).toBe(
      'noted',
    );
    expect(await noteIdCheck(t.db, ref(5), 52, 'no_id', 'ignored')).toBe('noted');
    expect(await noteIdCheck(t.db, ref(5), 53, 'compared', null)).toBe('not-a-signer');
    await confirmOnPaper(t.db, ref(5), 51);
    await confirmOnPaper(t.db, ref(5), 52);
    const state = await arrivalState(t.db, ref(5));
    expect(state!.complete).toBe(true);
    expect(state!.signers.map((s) => [s.idCheck, s.idCheckNote])).toEqual([
      ['deviation', 'Straße: Prinsengracht 4'],
      ['no_id', null],
    ]);
    const [row] = await t.db
      .select({ xml: portalArrivalSigners.xml })
      .from(portalArrivalSigners)
      .where(and(eq(portalArrivalSigners.formId, 5), eq(portalArrivalSigners.guestId, 51)));
    expect(row!.xml).toContain('<Vermerk>Straße: Prinsengracht 4</Vermerk>');
  });
});
