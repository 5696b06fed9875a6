// The guest's check-in page on the server (decision 022), as the Pages Router page calls it: a GET
// shows the form (or a refusal, or "taken"), each post answers the form's step, and sending saves
// the party and remembers it in the guest's sealed cookie. On a database built from the migrations.
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db';
import { portalCheckinLimits, portalCheckinLinks, portalCheckins } from '@/lib/db/schema';
import { answerCheckinPost, guestPage, type CheckinPost } from '@/lib/portal/compose/guest-checkin';
import type { GuestCookies } from '@/lib/portal/checkin/guest-session';
import { createInvitation } from '@/lib/portal/checkin/links';
import { linkToken } from '@/lib/portal/checkin/token';
import { useEmptyDb } from '../helpers/db';
import { snapshot, phone } from './checkin-fixtures';
import { anna } from './fixtures';

const NOW = new Date('2027-07-01T10:00:00Z');

useEmptyDb([portalCheckins, portalCheckinLimits, portalCheckinLinks]);

async function invitation() {
  const link = await createInvitation(anna, {
    snapshot,
    arrival: '2027-07-03',
    departure: '2027-07-10',
    expectedGuests: 2,
  });
  return linkToken({ kind: 'stay', publicId: link.publicId, until: '2027-07-10' });
}

const post = (token: string, from: GuestCookies, fields: Record<string, string>): CheckinPost => ({
  token,
  body: new URLSearchParams({ objektId: '7', ...fields }),
  lang: 'de',
  from,
  clientAddress: '192.0.2.1',
});

const erika = { 'guests.0.tarifId': '1', 'guests.0.fields.Gast_Vorname': 'Erika' };

describe("the guest's check-in page", () => {
  it('answers each button with the next step, the values kept, and saves nothing before sending', async () => {
    const token = await invitation();
    const from = phone();
    const added = await answerCheckinPost(
      post(token, from, { ...erika, intent: 'add-guest' }),
      NOW,
    );
    expect(added).toMatchObject({ step: { status: 'idle', intent: 'add-guest' } });
    const values = 'step' in added ? added.step.values : undefined;
    expect(values?.guests.map((g) => g.fields.Gast_Vorname)).toEqual(['Erika', '']);

    const invalid = await answerCheckinPost(post(token, from, { ...erika, intent: 'review' }), NOW);
    expect(invalid).toMatchObject({
      step: {
        status: 'invalid',
        message: 'Bitte prüfen Sie die markierten Felder.',
        fieldErrors: { 'guests.0.fields.Gast_Wohnort': expect.any(String) },
      },
    });
    const full = { ...erika, 'guests.0.fields.Gast_Wohnort': 'Köln' };
    expect(
      await answerCheckinPost(post(token, from, { ...full, intent: 'review' }), NOW),
    ).toMatchObject({ step: { status: 'review' } });
    expect(from.jar.size).toBe(0);
    // The page renders the answered step as it is.
    const page = await guestPage(token, from, { status: 'review', values: values! }, NOW);
    expect(page).toMatchObject({
      kind: 'form',
      form: { correcting: false, step: { status: 'review' } },
    });
  });

  it('saves on sending, remembers the party on this phone, and another phone finds it taken', async () => {
    const token = await invitation();
    const from = phone();
    const party = { ...erika, 'guests.0.fields.Gast_Wohnort': 'Köln', intent: 'send' };
    expect(await answerCheckinPost(post(token, from, party), NOW)).toEqual({
      redirect: `/checkin/${token}/danke`,
    });
    expect(from.jar.size).toBe(1);
    const again = await guestPage(token, from, undefined, NOW);
    expect(again).toMatchObject({ kind: 'form', form: { correcting: true } });
    const shown = again.kind === 'form' ? again.form.step.values.guests : [];
    expect(shown.map((g) => g.fields.Gast_Wohnort)).toEqual(['Köln']);
    expect(await guestPage(token, phone(), undefined, NOW)).toEqual({ kind: 'taken' });
  });

  it('asks who travels with whom: the couple is kept with the party, and follows a removed guest', async () => {
    const token = await invitation();
    const from = phone();
    const two = {
      ...erika,
      'guests.0.fields.Gast_Wohnort': 'Köln',
      'guests.1.tarifId': '1',
      'guests.1.fields.Gast_Vorname': 'Hans',
      'guests.1.fields.Gast_Wohnort': 'Köln',
      'guests.1.relation': 'partner:0',
    };
    // A relation to itself or to nobody in the party is dropped.
    const odd = await answerCheckinPost(
      post(token, from, { ...two, 'guests.0.relation': 'child:0', intent: 'add-guest' }),
      NOW,
    );
    const oddValues = 'step' in odd ? odd.step.values.guests : [];
    expect(oddValues.map((g) => g.relation ?? '')).toEqual(['', 'partner:0', '']);
    // Removing the first guest drops the relation to her.
    const removed = await answerCheckinPost(
      post(token, from, { ...two, intent: 'remove-guest:0' }),
      NOW,
    );
    expect('step' in removed ? removed.step.values.guests.map((g) => g.relation) : []).toEqual([
      '',
    ]);
    expect(await answerCheckinPost(post(token, from, { ...two, intent: 'send' }), NOW)).toEqual({
      redirect: `/checkin/${token}/danke`,
    });
    const [row] = await (await getDb()).select().from(portalCheckins);
    expect(row!.guests.map((g) => g.relation)).toEqual([undefined, { as: 'partner', of: 0 }]);
    // Back on the phone, the answer is shown again.
    const again = await guestPage(token, from, undefined, NOW);
    const shown = again.kind === 'form' ? again.form.step.values.guests : [];
    expect(shown.map((g) => g.relation)).toEqual(['', 'partner:0']);
  });

  it('answers a double tap on "send" as the first (one party kept), not with "taken"', async () => {
    const token = await invitation();
    const party = { ...erika, 'guests.0.fields.Gast_Wohnort': 'Köln', intent: 'send' };
    // Both posts left the phone before the first answer (and its cookie) came back.
    const first = phone();
    const second = phone();
    const danke = { redirect: `/checkin/${token}/danke` };
    expect(await answerCheckinPost(post(token, first, party), NOW)).toEqual(danke);
    expect(await answerCheckinPost(post(token, second, party), NOW)).toEqual(danke);
    expect([...second.jar.values()]).toHaveLength(1);
    expect(await guestPage(token, second, undefined, NOW)).toMatchObject({
      kind: 'form',
      form: { correcting: true },
    });
    const db = await getDb();
    expect(await db.select().from(portalCheckins)).toHaveLength(1);

    // Another party, or the same one long after, is not a double tap.
    const other = { ...party, 'guests.0.fields.Gast_Wohnort': 'Bonn' };
    expect(await answerCheckinPost(post(token, phone(), other), NOW)).toMatchObject({
      step: { status: 'error' },
    });
    const later = new Date(NOW.getTime() + 3 * 60_000);
    expect(await answerCheckinPost(post(token, phone(), party), later)).toMatchObject({
      step: { status: 'error' },
    });
  });

  it('refuses a tampered link on GET and sends a post on it back to the page', async () => {
    const token = await invitation();
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect(await guestPage(tampered, phone(), undefined, NOW)).toEqual({
      kind: 'refused',
      reason: 'invalid',
    });
    expect(await answerCheckinPost(post(tampered, phone(), { intent: 'send' }), NOW)).toEqual({
      redirect: `/checkin/${tampered}`,
    });
  });
});
