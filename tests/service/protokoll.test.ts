// `get/?include=protokoll` (extension): who printed the guest cards when and how, and who changed
// which guest when, naming the changed fields but never a value, also after the retention sweep.
import { describe, expect, it } from 'vitest';
import { sweepRetention } from '@/lib/service/meldescheine/retention';
import type { FormResponse } from '@/lib/wire/meldeschein';
import { addDays } from '@/lib/wire/time';
import { useTestDb } from '../helpers/db';
import { formsClient, person } from './meldeschein-fixtures';

const t = useTestDb();

describe('get/?include=protokoll', () => {
  it('lists prints and guest changes without values, before and after erasure', async () => {
    const c = await formsClient(t);
    const form = await c.bookOk([person({ Gast_Name: 'Vorher' }), person({ Gast_Vorname: 'Max' })]);
    const [first, second] = form.personen.map((g) => g.id);
    await c.update({
      id: form.id,
      personen: [
        {
          id: first,
          Gast_Name: 'Nachher',
          departure_date: addDays(form.personen[0]!.departure_date, -1),
        },
        { id: second, delete: true },
      ],
    });
    await c.post('get-pdf/', { meta: c.meta, meldescheine: [form.id] });
    const read = async () => {
      const res = await c.post<{ response: FormResponse[] }>(
        'get/',
        { meta: c.meta, meldescheine: [form.id] },
        { query: { include: 'protokoll' } },
      );
      expect(res.status).toBe(200);
      return res.json.response[0]!;
    };
    const demo = { id: 1, username: 'demo', alias: 'Anna Möller' };
    const got = await read();
    expect(got.protokoll).toEqual({
      prints: [{ at: expect.any(String), via: 'get-pdf', user: demo }],
      changes: [
        { at: expect.any(String), action: 'create', person_id: first, user: demo, fields: [] },
        { at: expect.any(String), action: 'create', person_id: second, user: demo, fields: [] },
        {
          at: expect.any(String),
          action: 'update',
          person_id: first,
          user: demo,
          fields: ['departure_date', 'Gast_Name'],
        },
        { at: expect.any(String), action: 'delete', person_id: second, user: demo, fields: [] },
      ],
    });
    expect(JSON.stringify(got.protokoll)).not.toMatch(/Vorher|Nachher|Max/);

    await sweepRetention(
      t.db,
      new Date(`${addDays(form.travel_span.departure_date.slice(0, 10), 400)}T12:00:00Z`),
      365,
    );
    const erased = await read();
    expect(erased.anonymised).toBe(true);
    expect(erased.protokoll?.prints).toHaveLength(1);
    expect(erased.protokoll?.changes.map((ch) => ch.action)).toEqual([
      'create',
      'create',
      'update',
      'delete',
    ]);
  });

  it('is absent without include and refuses other include values', async () => {
    const c = await formsClient(t);
    const form = await c.bookOk([person()]);
    const plain = await c.get([form.id]);
    expect(plain.json.response[0]).not.toHaveProperty('protokoll');
    const bad = await c.post(
      'get/',
      { meta: c.meta, meldescheine: [form.id] },
      { query: { include: 'everything' } },
    );
    expect(bad.status).toBe(400);
    const xml = await c.post(
      'get/',
      { meta: c.meta, meldescheine: [form.id] },
      { query: { include: 'protokoll' }, format: 'xml' },
    );
    expect(xml.status).toBe(200);
    expect(xml.text).toContain('<protokoll>');
  });
});
