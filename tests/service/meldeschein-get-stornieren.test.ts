// Read (spec 4.4) and cancel (spec 4.7): forms in the order of the ids, all or nothing, cancelled
// forms stay readable, cancelling twice is fine.
import { beforeAll, describe, expect, it } from 'vitest';
import { GetResponse, StornierenResponse } from '@/lib/wire/meldeschein';
import { useTestDb } from '../helpers/db';
import { formsClient, person, type FormsClient } from './meldeschein-fixtures';

const t = useTestDb();
let c: FormsClient;

beforeAll(async () => {
  c = await formsClient(t);
});

describe('get', () => {
  it('answers meta and the forms in the order of the ids, repeated ids included', async () => {
    const a = await c.bookOk([person({ Gast_Vorname: 'A' })]);
    const b = await c.bookOk([person({ Gast_Vorname: 'B' })]);
    const res = await c.get([b.id, a.id, b.id], { requestId: 'read-1' });
    expect(res.status).toBe(200);
    const body = GetResponse.parse(res.json);
    expect(body.response.map((f) => f.id)).toEqual([b.id, a.id, b.id]);
    expect(body.response[1]).toEqual(a);
    expect(body.meta).toMatchObject({
      requestId: 'read-1',
      gemeinde: c.meta.gemeinde,
      user: { username: 'demo' },
    });
  });

  it('answers 404 naming the unknown ids when one of them is unknown', async () => {
    const a = await c.bookOk([person()]);
    const res = await c.get([a.id, 88_888_888]);
    expect(res.status).toBe(404);
    expect(res.json.error?.code).toBe('not_found');
    expect(res.json.error?.message).toContain('88888888');
    expect(res.json.error?.message).not.toContain(String(a.id));
  });

  it('refuses an empty list and more than 500 ids', async () => {
    expect((await c.get([])).status).toBe(400);
    const many = await c.get(Array.from({ length: 501 }, (_, i) => i + 1));
    expect(many.status).toBe(400);
    expect(many.json.error?.code).toBe('too_many_items');
  });

  it('reads as XML with ids as list items', async () => {
    const a = await c.bookOk([person()]);
    const xml = `<root><meta><gemeinde>${c.meta.gemeinde}</gemeinde><objekt>${c.meta.objekt}</objekt></meta><meldescheine><list-item>${a.id}</list-item></meldescheine></root>`;
    const res = await c.post<GetResponse>('get/', undefined, {
      raw: xml,
      contentType: 'application/xml',
    });
    expect(res.status).toBe(200);
    expect(res.json.response[0]).toEqual(a);
  });
});

describe('stornieren', () => {
  it('cancels the forms, answers their ids and meta with objekt', async () => {
    const a = await c.bookOk([person()]);
    const b = await c.bookOk([person()]);
    const res = await c.cancel([a.id, b.id]);
    expect(res.status).toBe(200);
    const body = StornierenResponse.parse(res.json);
    expect(body.meldescheine).toEqual([a.id, b.id]);
    expect(body.meta).toMatchObject({ gemeinde: c.meta.gemeinde, objekt: c.meta.objekt });
    const forms = (await c.get([a.id, b.id])).json.response;
    for (const f of forms) {
      expect(f).toMatchObject({
        state: 'cancelled',
        state_display: 'storniert',
        is_storniert: true,
      });
      expect(f.modified).not.toBeNull();
    }
  });

  it('accepts cancelling a cancelled form again', async () => {
    const a = await c.bookOk([person()]);
    expect((await c.cancel([a.id])).status).toBe(200);
    const first = (await c.get([a.id])).json.response[0]!;
    expect((await c.cancel([a.id])).status).toBe(200);
    expect((await c.get([a.id])).json.response[0]).toEqual(first);
  });

  it('cancels a departed form too', async () => {
    const a = await c.bookOk([
      person({ arrival_date: '2020-01-01', departure_date: '2020-01-05' }),
    ]);
    expect(a.state).toBe('departed');
    await c.cancel([a.id]);
    expect((await c.get([a.id])).json.response[0]!.state).toBe('cancelled');
  });

  it('changes nothing when one id is unknown', async () => {
    const a = await c.bookOk([person()]);
    const res = await c.cancel([a.id, 77_777_777]);
    expect(res.status).toBe(404);
    expect((await c.get([a.id])).json.response[0]!.state).toBe('draft');
  });
});
