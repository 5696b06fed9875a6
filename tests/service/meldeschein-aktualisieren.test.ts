// Update (spec 3, 4.3, DECISIONS 2.5, 2.6): create, update and delete guests in one call, only
// supplied fields change, history per guest, a form keeps a guest, states that refuse changes.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { meldescheine } from '@/lib/db/schema';
import { useTestDb } from '../helpers/db';
import {
  count,
  daysFromToday,
  formsClient,
  group,
  paths,
  person,
  query,
  tarif,
  Y,
  type FormsClient,
} from './meldeschein-fixtures';

const t = useTestDb();
let c: FormsClient;
let KIND: number;

beforeAll(async () => {
  c = await formsClient(t);
  KIND = await tarif(t, t.demo.gemeinden.seeblick.id, 'KIND');
});

interface HistoryRow {
  person_id: number;
  action: string;
  user_id: number;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}
const history = (formId: number) =>
  query<HistoryRow>(
    t,
    sql`select person_id, action, user_id, before, after from personen_history
        where meldeschein_id = ${formId} order by id`,
  );

describe('aktualisieren', () => {
  it('creates, updates and deletes guests in one call and answers the current form', async () => {
    const form = await c.bookOk([
      person({ Gast_Vorname: 'Anna' }),
      person({ Gast_Vorname: 'Bernd' }),
      person({ Gast_Vorname: 'Clara' }),
    ]);
    const [anna, bernd, clara] = form.personen;
    const res = await c.update({
      id: form.id,
      personen: [
        { id: anna!.id, departure_date: `${Y}-07-19`, Gast_Name: 'Neu' },
        { id: bernd!.id, delete: true },
        // The vendor's examples create guests without gast_type: a person.
        { ...person({ Gast_Vorname: 'Dora', tarif_id: KIND }), gast_type: undefined },
      ],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.status).toBe('success');
    const now = res.json.response.meldescheine[0]!;
    expect(now.personen.map((p) => p.Gast_Vorname)).toEqual(['Anna', 'Clara', 'Dora']);
    expect(now.personen[0]).toMatchObject({
      id: anna!.id,
      Gast_Name: 'Neu',
      departure_date: `${Y}-07-19`,
    });
    // Fields not supplied stay as they were.
    expect(now.personen[0]).toMatchObject({
      Gast_Strasse: anna!.Gast_Strasse,
      tarif_id: anna!.tarif_id,
    });
    expect(now.personen[0]!.modified).not.toBeNull();
    expect(now.personen[1]).toEqual(clara);
    expect(now.personen[2]).toMatchObject({ gast_type: 'person', tarif_id: KIND });
    // Kurtaxe and span recomputed: Anna 5 nights x 3.00, Clara 3 x 3.00, Dora 3 x 1.50.
    expect(now.personen.map((p) => p.kurtaxe_calc)).toEqual([15, 9, 4.5]);
    expect(now.kurtaxe_calc).toBe(28.5);
    expect(now.travel_span).toMatchObject({
      departure_date: `${Y}-07-19T00:00:00`,
      travel_days: 5,
      uebernachtungen_sum: 11,
    });
    expect(now.modified).not.toBeNull();
    // The answer is what a read returns.
    expect((await c.get([form.id])).json.response[0]).toEqual(now);
  });

  it('records create, update and delete per guest with user, time, before and after', async () => {
    const form = await c.bookOk([person({ Gast_Vorname: 'A' }), person({ Gast_Vorname: 'B' })]);
    const [a, b] = form.personen;
    await c.update({
      id: form.id,
      personen: [
        { id: a!.id, Gast_Vorname: 'A2' },
        { id: b!.id, delete: true },
      ],
    });
    const rows = await history(form.id);
    const userId = form.creation_user.id;
    expect(rows.map((r) => [r.person_id, r.action, r.user_id])).toEqual([
      [a!.id, 'create', userId],
      [b!.id, 'create', userId],
      [a!.id, 'update', userId],
      [b!.id, 'delete', userId],
    ]);
    const update = rows[2]!;
    expect((update.before!.fields as Record<string, unknown>).Gast_Vorname).toBe('A');
    expect((update.after!.fields as Record<string, unknown>).Gast_Vorname).toBe('A2');
    expect(rows[3]!.after!.deleted_at).not.toBeNull();
    expect(rows[0]!.before).toBeNull();
  });

  it('clears an optional field with null and refuses null for a required one', async () => {
    const form = await c.bookOk([person({ Gast_Email: 'a@example.org' })]);
    const id = form.personen[0]!.id;
    const cleared = await c.update({ id: form.id, personen: [{ id, Gast_Email: null }] });
    expect(cleared.json.response.meldescheine[0]!.personen[0]!.Gast_Email).toBeNull();
    const refused = await c.update({ id: form.id, personen: [{ id, Gast_Name: null }] });
    expect(refused.status).toBe(400);
    expect(paths(refused)).toEqual(['meldescheine[0].personen[0].Gast_Name']);
  });

  it('refuses deleting the last guest and changes nothing', async () => {
    const form = await c.bookOk([person(), person({ Gast_Vorname: 'Max' })]);
    const res = await c.update({
      id: form.id,
      personen: form.personen.map((p) => ({ id: p.id, delete: true })),
    });
    expect(res.status).toBe(400);
    expect(res.json.error?.code).toBe('form_must_keep_a_guest');
    expect((await c.get([form.id])).json.response[0]!.personen).toHaveLength(2);
  });

  it('refuses a guest of another form and applies none of the call', async () => {
    const mine = await c.bookOk([person({ Gast_Vorname: 'Mine' }), person()]);
    const other = await c.bookOk([person({ Gast_Vorname: 'Other' })]);
    const historyBefore = await count(t, 'personen_history');
    const res = await c.update({
      id: mine.id,
      personen: [
        { id: mine.personen[0]!.id, Gast_Vorname: 'Changed' },
        { id: other.personen[0]!.id, delete: true },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.json.error?.code).toBe('guest_not_in_form');
    expect(paths(res)).toEqual(['meldescheine[0].personen[1].id']);
    expect((await c.get([mine.id])).json.response[0]).toEqual(mine);
    expect((await c.get([other.id])).json.response[0]).toEqual(other);
    expect(await count(t, 'personen_history')).toBe(historyBefore);
  });

  it('refuses a deleted guest like one of another form', async () => {
    const form = await c.bookOk([person(), person({ Gast_Vorname: 'Max' })]);
    const gone = form.personen[1]!.id;
    await c.update({ id: form.id, personen: [{ id: gone, delete: true }] });
    const res = await c.update({ id: form.id, personen: [{ id: gone, Gast_Vorname: 'Back' }] });
    expect(res.json.error?.code).toBe('guest_not_in_form');
  });

  it('checks new and changed guests like a booking', async () => {
    const form = await c.bookOk([person()]);
    const res = await c.update({
      id: form.id,
      personen: [
        { id: form.personen[0]!.id, arrival_date: `${Y}-07-18` },
        { tarif_id: 1, Gast_Vorname: 'Ohne Datum' },
        { id: form.personen[0]!.id + 10_000, delete: false, Gast_Unbekannt: 'x' },
        { delete: true },
      ],
    });
    expect(res.status).toBe(400);
    // A name the municipality does not define is ignored on update (spec 4.3), not refused.
    expect(paths(res)).toEqual([
      'meldescheine[0].personen[1].arrival_date',
      'meldescheine[0].personen[1].departure_date',
      'meldescheine[0].personen[3].id',
    ]);
  });

  it('drops individual data when a guest becomes a group, and requires it back for a person', async () => {
    const form = await c.bookOk([person(), person({ Gast_Vorname: 'Max' })]);
    const id = form.personen[0]!.id;
    const grouped = await c.update({ id: form.id, personen: [{ id, anzahl: 3 }] });
    expect(grouped.json.response.meldescheine[0]!.personen[0]).toMatchObject({
      anzahl: 3,
      Gast_Vorname: null,
    });
    const back = await c.update({ id: form.id, personen: [{ id, anzahl: 1 }] });
    expect(back.status).toBe(400);
    expect(paths(back)).toContain('meldescheine[0].personen[0].Gast_Vorname');
  });

  it('updates only the first form of the array', async () => {
    const a = await c.bookOk([person({ Gast_Vorname: 'First' })]);
    const b = await c.bookOk([person({ Gast_Vorname: 'Second' })]);
    const res = await c.post('aktualisieren/', {
      meta: c.meta,
      meldescheine: [
        { id: a.id, personen: [{ id: a.personen[0]!.id, Gast_Vorname: 'First2' }] },
        { id: b.id, personen: [{ id: b.personen[0]!.id, Gast_Vorname: 'Second2' }] },
      ],
    });
    expect(res.status).toBe(200);
    expect((await c.get([b.id])).json.response[0]!.personen[0]!.Gast_Vorname).toBe('Second');
  });

  it('allows changes in draft and printed, and refuses departed and cancelled forms with 409', async () => {
    const printed = await c.bookOk([person()]);
    await t.db
      .update(meldescheine)
      .set({ state: 'printed' })
      .where(eq(meldescheine.id, printed.id));
    const ok = await c.update({
      id: printed.id,
      personen: [{ id: printed.personen[0]!.id, Gast_Vorname: 'P' }],
    });
    expect(ok.status).toBe(200);
    expect(ok.json.response.meldescheine[0]!.state).toBe('printed');

    const departed = await c.bookOk([
      person({ arrival_date: daysFromToday(-10), departure_date: daysFromToday(-3) }),
    ]);
    expect(departed.state).toBe('departed');
    const cancelled = await c.bookOk([person()]);
    await c.cancel([cancelled.id]);
    for (const form of [departed, cancelled]) {
      const res = await c.update({
        id: form.id,
        personen: [{ id: form.personen[0]!.id, Gast_Vorname: 'X' }],
      });
      expect(res.status).toBe(409);
      expect(res.json.error?.code).toBe('form_not_changeable');
      expect((await c.get([form.id])).json.response[0]!.personen[0]!.Gast_Vorname).toBe('Erika');
    }
  });

  it('moves a form to departed when an update puts every departure in the past', async () => {
    const form = await c.bookOk([person()]);
    const res = await c.update({
      id: form.id,
      personen: [
        {
          id: form.personen[0]!.id,
          arrival_date: daysFromToday(-5),
          departure_date: daysFromToday(-1),
        },
      ],
    });
    expect(res.json.response.meldescheine[0]!.state).toBe('departed');
  });

  it('leaves a form untouched, modified included, when the call changes nothing', async () => {
    const form = await c.bookOk([person()]);
    const res = await c.update({
      id: form.id,
      personen: [{ id: form.personen[0]!.id, Gast_Vorname: 'Erika' }],
    });
    expect(res.status).toBe(200);
    expect(res.json.response.meldescheine[0]).toEqual(form);
  });

  it('refuses a form id that does not exist with 404', async () => {
    const res = await c.update({ id: 99_999_999, personen: [] });
    expect(res.status).toBe(404);
    expect(res.json.error?.code).toBe('not_found');
  });

  it('keeps a group a group when only its dates change', async () => {
    const form = await c.bookOk([group(6)]);
    const res = await c.update({
      id: form.id,
      personen: [{ id: form.personen[0]!.id, departure_date: `${Y}-07-16` }],
    });
    expect(res.json.response.meldescheine[0]!.personen[0]).toMatchObject({
      anzahl: 6,
      gast_type: 'gruppe',
      kurtaxe_calc: 36,
    });
  });
});
