// `POST import/meldeschein/list/` (extension): the caller's visible forms with filters and paging,
// exactly get/'s visibility rule, JSON and XML, on both drivers.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GetResponse } from '@/lib/wire/meldeschein';
import { ListResponse } from '@/lib/wire/meldeschein-list';
import { useTestDb } from '../helpers/db';
import {
  Y,
  daysFromToday,
  formsClient,
  person,
  query,
  type FormsClient,
} from './meldeschein-fixtures';

const t = useTestDb();
let anna: FormsClient; // demo: Möwennest and Dünenhaus in Seeblick
let jens: FormsClient; // demo2: Haus Seeblick
let nora: FormsClient; // multi: Hafenblick 2 (Seeblick) and Waldhütte (Hohenwald)
let noraWald: FormsClient;
const ids = { julyA: 0, julyB: 0, augDuene: 0, sepCancelled: 0, jens: 0, nora: 0, wald: 0 };

const stay = (arrival: string, departure: string, name = 'Erika') =>
  person({ arrival_date: arrival, departure_date: departure, Gast_Vorname: name });

type Body = Record<string, unknown>;
async function list(c: FormsClient, body: Body = {}, meta: Body = {}) {
  return c.post<ListResponse & { error?: { code: string; details: Body[] } }>('list/', {
    meta: { gemeinde: c.meta.gemeinde, ...meta },
    ...body,
  });
}
async function listIds(c: FormsClient, body: Body = {}, meta: Body = {}) {
  const res = await list(c, body, meta);
  if (res.status !== 200) throw new Error(`list: ${res.status} ${res.text}`);
  return res.json.response.map((f) => f.id);
}

beforeAll(async () => {
  const d = t.demo;
  anna = await formsClient(t);
  const annaDuene = await formsClient(t, 'demo', {
    gemeinde: d.gemeinden.seeblick.id,
    objekt: d.objekte.moeweB,
  });
  jens = await formsClient(t, 'demo2', {
    gemeinde: d.gemeinden.seeblick.id,
    objekt: d.objekte.seeblickObjekt,
  });
  nora = await formsClient(t, 'multi', {
    gemeinde: d.gemeinden.seeblick.id,
    objekt: d.objekte.agenturA,
  });
  noraWald = await formsClient(t, 'multi', {
    gemeinde: d.gemeinden.hohenwald.id,
    objekt: d.objekte.agenturB,
  });
  ids.julyA = (await anna.bookOk([stay(`${Y}-07-01`, `${Y}-07-05`)])).id;
  ids.julyB = (await anna.bookOk([stay(`${Y}-07-10`, `${Y}-07-20`)])).id;
  ids.augDuene = (await annaDuene.bookOk([stay(`${Y}-08-01`, `${Y}-08-03`)])).id;
  ids.sepCancelled = (await anna.bookOk([stay(`${Y}-09-01`, `${Y}-09-02`)])).id;
  await anna.cancel([ids.sepCancelled]);
  ids.jens = (await jens.bookOk([stay(`${Y}-07-02`, `${Y}-07-04`)])).id;
  ids.nora = (await nora.bookOk([stay(`${Y}-07-03`, `${Y}-07-06`)])).id;
  const [waldTarif] = await query<{ id: number }>(
    t,
    sql`select id from tarife where gemeinde_id = ${d.gemeinden.hohenwald.id} order by id limit 1`,
  );
  const wald = {
    tarif_id: waldTarif!.id,
    gast_type: 'person',
    arrival_date: `${Y}-07-05`,
    departure_date: `${Y}-07-07`,
    Gast_Vorname: 'Wanda',
    Gast_Name: 'Wald',
    Gast_Land: 'DE',
  };
  ids.wald = (await noraWald.bookOk([wald])).id;
});

describe('list: visibility', () => {
  it("lists exactly the caller's forms of the municipality, never someone else's", async () => {
    expect(await listIds(anna)).toEqual([ids.julyA, ids.julyB, ids.augDuene, ids.sepCancelled]);
    expect(await listIds(jens)).toEqual([ids.jens]);
    expect(await listIds(nora)).toEqual([ids.nora]);
    expect(await listIds(noraWald)).toEqual([ids.wald]);
  });

  it('answers the forms exactly as get/ does, with meta and paging', async () => {
    const res = await list(anna, {}, { requestId: 'list-1' });
    expect(res.status).toBe(200);
    const body = ListResponse.parse(res.json);
    const got = GetResponse.parse((await anna.get([ids.julyA])).json);
    expect(body.response[0]).toEqual(got.response[0]);
    expect(body.meta).toMatchObject({ requestId: 'list-1', gemeinde: anna.meta.gemeinde });
    expect(body.paging).toEqual({ limit: 50, offset: 0, total: 4, next_offset: null });
  });

  it("refuses another's municipality or object in meta (403) and finds nothing by their object", async () => {
    const hohenwald = await list(anna, {}, { gemeinde: t.demo.gemeinden.hohenwald.id });
    expect(hohenwald.status).toBe(403);
    expect(hohenwald.json.error?.code).toBe('meta_forbidden');
    const object = await list(anna, {}, { objekt: t.demo.objekte.seeblickObjekt });
    expect(object.status).toBe(403);
    expect((await list(anna, {}, { objekt: t.demo.objekte.moeweA })).status).toBe(200);
    const theirs = await list(anna, { filter: { objekt: t.demo.objekte.seeblickObjekt } });
    expect(theirs.status).toBe(200);
    expect(theirs.json.response).toEqual([]);
    expect(theirs.json.paging.total).toBe(0);
  });

  it('needs a token', async () => {
    const res = await anna.api.post('import/meldeschein/list/', {
      meta: { gemeinde: anna.meta.gemeinde },
    });
    expect(res.status).toBe(401);
  });
});

describe('list: filters', () => {
  it('by object, arrival range, departure range and state', async () => {
    expect(await listIds(anna, { filter: { objekt: t.demo.objekte.moeweB } })).toEqual([
      ids.augDuene,
    ]);
    expect(
      await listIds(anna, { filter: { arrival_from: `${Y}-07-01`, arrival_to: `${Y}-07-10` } }),
    ).toEqual([ids.julyA, ids.julyB]);
    expect(await listIds(anna, { filter: { arrival_from: `${Y}-07-02` } })).toEqual([
      ids.julyB,
      ids.augDuene,
      ids.sepCancelled,
    ]);
    expect(
      await listIds(anna, {
        filter: { departure_from: `${Y}-07-05`, departure_to: `${Y}-08-02` },
      }),
    ).toEqual([ids.julyA, ids.julyB]);
    expect(await listIds(anna, { filter: { state: 'cancelled' } })).toEqual([ids.sepCancelled]);
    expect(await listIds(anna, { filter: { state: ['draft', 'printed'] } })).toEqual([
      ids.julyA,
      ids.julyB,
      ids.augDuene,
    ]);
  });

  it('shows states as every read does: a stay that is over is departed, and stored so', async () => {
    const over = (await anna.bookOk([stay(daysFromToday(-6), daysFromToday(-2))])).id;
    // As if the sweeper had not run yet: stored open, although every guest has left.
    await t.db.execute(sql`update meldescheine set state = 'draft' where id = ${over}`);
    expect(await listIds(anna, { filter: { state: 'draft' } })).not.toContain(over);
    expect(await listIds(anna, { filter: { state: 'departed' } })).toEqual([over]);
    const [row] = await query<{ state: string }>(
      t,
      sql`select state from meldescheine where id = ${over}`,
    );
    expect(row?.state).toBe('departed');
    await anna.cancel([over]);
  });

  it('by change: forms created or changed since an instant', async () => {
    const since = new Date();
    expect(await listIds(anna, { filter: { changed_since: since.toISOString() } })).toEqual([]);
    const changed = await anna.get([ids.julyB]);
    const form = changed.json.response[0]!;
    await anna.update({
      id: form.id,
      personen: [{ id: form.personen[0]!.id, Gast_Vorname: 'Eva' }],
    });
    expect(await listIds(anna, { filter: { changed_since: since.toISOString() } })).toEqual([
      ids.julyB,
    ]);
  });

  it('refuses an empty range, unknown filters and a bad state (400)', async () => {
    const empty = await list(anna, {
      filter: { arrival_from: `${Y}-07-10`, arrival_to: `${Y}-07-01` },
    });
    expect(empty.status).toBe(400);
    expect(empty.json.error?.details[0]).toMatchObject({
      path: 'filter.arrival_to',
      code: 'invalid_value',
    });
    expect((await list(anna, { filter: { guest: 'x' } })).json.error?.code).toBe('unknown_field');
    expect((await list(anna, { filter: { state: 'lost' } })).status).toBe(400);
    expect((await list(anna, { filter: { arrival_from: `${Y}-02-30` } })).status).toBe(400);
  });
});

describe('list: paging', () => {
  it('pages by limit and offset in arrival order, at most 100 a page', async () => {
    const next = { arrival_from: `${Y}-01-01` };
    const first = await list(anna, { filter: next, paging: { limit: 3 } });
    expect(first.json.response.map((f) => f.id)).toEqual([ids.julyA, ids.julyB, ids.augDuene]);
    expect(first.json.paging).toEqual({ limit: 3, offset: 0, total: 4, next_offset: 3 });
    const second = await list(anna, { filter: next, paging: { limit: 3, offset: 3 } });
    expect(second.json.response.map((f) => f.id)).toEqual([ids.sepCancelled]);
    expect(second.json.paging.next_offset).toBeNull();
    const beyond = await list(anna, { filter: next, paging: { limit: 3, offset: 30 } });
    expect(beyond.json).toMatchObject({ response: [], paging: { total: 4, next_offset: null } });
    expect((await list(anna, { paging: { limit: 101 } })).status).toBe(400);
    expect((await list(anna, { paging: { limit: 0 } })).status).toBe(400);
    expect((await list(anna, { paging: { offset: -1 } })).status).toBe(400);
  });
});

describe('list: XML and schema', () => {
  it('takes and answers XML (one state as text, several as list items)', async () => {
    const xml = (state: string) =>
      `<root><meta><gemeinde>${anna.meta.gemeinde}</gemeinde></meta><filter><arrival_from>${Y}-01-01</arrival_from>${state}</filter><paging><limit>2</limit></paging></root>`;
    const one = await anna.post('list/', undefined, {
      raw: xml('<state>cancelled</state>'),
      contentType: 'application/xml',
    });
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({ response: [{ id: ids.sepCancelled }] });
    const answer = await anna.post('list/', undefined, {
      raw: xml('<state><list-item>draft</list-item></state>'),
      contentType: 'application/xml',
      format: 'xml',
    });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(`<id>${ids.julyA}</id>`);
    expect(answer.text).toMatch(
      /<paging><limit>2<\/limit><offset>0<\/offset><total>3<\/total><next_offset>2<\/next_offset><\/paging>/,
    );
  });

  it('serves its JSON Schema', async () => {
    const res = await anna.api.get('schema/meldeschein-list/');
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.json)).toContain('arrival_from');
  });
});
