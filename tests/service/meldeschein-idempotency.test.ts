// Idempotency (spec 8, DECISIONS 2.9) on every call with meta, parallel duplicates included, and
// meldescheinnummern unique under parallel bookings.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDb } from '../helpers/db';
import {
  count,
  formsClient,
  person,
  query,
  type Body,
  type FormsClient,
} from './meldeschein-fixtures';

const t = useTestDb();
let c: FormsClient;
let seq = 0;
const rid = () => `req-${Date.now()}-${++seq}`;

beforeAll(async () => {
  c = await formsClient(t);
});

describe('idempotent calls', () => {
  it('accepts the first booking with a requestId and refuses the repeat with 409', async () => {
    const requestId = rid();
    const first = await c.book([person()], {}, { requestId, idempotent: true });
    expect(first.status).toBe(200);
    expect(first.json.meta.requestId).toBe(requestId);
    const before = await count(t, 'meldescheine');
    const again = await c.book([person()], {}, { requestId, idempotent: true });
    expect(again.status).toBe(409);
    expect(again.json.error?.code).toBe('duplicate_request');
    expect(await count(t, 'meldescheine')).toBe(before);
  });

  it("names the forms the first booking created in the repeat's 409 (a lost answer)", async () => {
    const requestId = rid();
    const meta = { ...c.meta, requestId, idempotent: true };
    const first = await c.post<{ meldescheine: { id: number }[] }>('buchen/', {
      meta,
      meldescheine: [{ personen: [person()] }, { personen: [person({ Gast_Vorname: 'Zweite' })] }],
    });
    expect(first.status).toBe(200);
    const booked = first.json.meldescheine.map((f) => f.id);
    const again = await c.post<{ error?: { code: string; forms?: number[] } }>('buchen/', {
      meta,
      meldescheine: [{ personen: [person()] }],
    });
    expect(again.status).toBe(409);
    expect(again.json.error).toMatchObject({ code: 'duplicate_request', forms: booked });
    // The same key on another call names them too; a call whose key created nothing names none.
    const cancel = await c.cancel([booked[0]!], { requestId, idempotent: true });
    expect((cancel.json as { error?: { forms?: number[] } }).error?.forms).toEqual(booked);
    const readKey = rid();
    expect((await c.get([booked[0]!], { requestId: readKey, idempotent: true })).status).toBe(200);
    const read = await c.get([booked[0]!], { requestId: readKey, idempotent: true });
    expect(read.status).toBe(409);
    expect((read.json as { error?: { forms?: number[] } }).error?.forms).toEqual([]);
    const xml = await c.post(
      'buchen/',
      { meta, meldescheine: [{ personen: [person()] }] },
      {
        format: 'xml',
      },
    );
    expect(xml.text).toContain(
      `<forms><list-item>${booked[0]}</list-item><list-item>${booked[1]}</list-item></forms>`,
    );
  });

  it('of 20 parallel bookings with one requestId exactly one succeeds', async () => {
    const requestId = rid();
    const before = await count(t, 'meldescheine');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => c.book([person()], {}, { requestId, idempotent: true })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(19).fill(409)]);
    // Each refused twin names the one form that was booked.
    const booked = results.find((r) => r.status === 200)!.json.meldescheine[0]!.id;
    for (const r of results.filter((x) => x.status === 409)) {
      expect((r.json.error as { forms?: number[] } | undefined)?.forms).toEqual([booked]);
    }
    expect(await count(t, 'meldescheine')).toBe(before + 1);
  });

  it('gives 20 parallel bookings 20 distinct meldescheinnummern', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => c.bookOk([person()])));
    const nummern = results.map((f) => f.meldescheinnummer);
    expect(new Set(nummern).size).toBe(20);
    const rows = await query<{ n: number }>(
      t,
      sql`select count(distinct meldescheinnummer)::int as n from meldescheine
          where id = any(${`{${results.map((f) => f.id).join(',')}}`}::int[])`,
    );
    expect(rows[0]!.n).toBe(20);
  });

  it('ignores the requestId when idempotent is not true', async () => {
    const requestId = rid();
    expect((await c.book([person()], {}, { requestId })).status).toBe(200);
    expect((await c.book([person()], {}, { requestId })).status).toBe(200);
  });

  it('keeps request ids per user', async () => {
    const requestId = rid();
    const other = await formsClient(t, 'demo2', {
      gemeinde: t.demo.gemeinden.seeblick.id,
      objekt: t.demo.objekte.seeblickObjekt,
    });
    expect((await c.book([person()], {}, { requestId, idempotent: true })).status).toBe(200);
    expect((await other.book([person()], {}, { requestId, idempotent: true })).status).toBe(200);
  });

  it('accepts a request id again once it is older than 300 seconds', async () => {
    const requestId = rid();
    expect((await c.book([person()], {}, { requestId, idempotent: true })).status).toBe(200);
    await t.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '301 seconds' where request_id = ${requestId}`,
    );
    expect((await c.book([person()], {}, { requestId, idempotent: true })).status).toBe(200);
    expect((await c.book([person()], {}, { requestId, idempotent: true })).status).toBe(409);
  });

  it('leaves no key when the operation fails', async () => {
    const form = await c.bookOk([person()]);
    const requestId = rid();
    const meta = { requestId, idempotent: true };
    const failed = await c.update(
      { id: form.id, personen: [{ id: form.personen[0]!.id, delete: true }] },
      meta,
    );
    expect(failed.json.error?.code).toBe('form_must_keep_a_guest');
    const ok = await c.update(
      { id: form.id, personen: [{ id: form.personen[0]!.id, Gast_Vorname: 'Ok' }] },
      meta,
    );
    expect(ok.status).toBe(200);
  });

  it('applies to update, get and stornieren as well', async () => {
    const form = await c.bookOk([person()]);
    const calls = [
      (m: Body) =>
        c.update({ id: form.id, personen: [{ id: form.personen[0]!.id, Gast_Vorname: 'U' }] }, m),
      (m: Body) => c.get([form.id], m),
      (m: Body) => c.cancel([form.id], m),
    ];
    for (const call of calls) {
      const meta = { requestId: rid(), idempotent: true };
      expect((await call(meta)).status).toBe(200);
      const again = await call(meta);
      expect(again.status).toBe(409);
      expect((again.json as { error?: { code: string } }).error?.code).toBe('duplicate_request');
    }
  });

  it('answers a parallel duplicate of an update with 409 and applies it once', async () => {
    const form = await c.bookOk([person()]);
    const meta = { requestId: rid(), idempotent: true };
    const add = { id: form.id, personen: [person({ Gast_Vorname: 'Neu' })] };
    const results = await Promise.all(Array.from({ length: 8 }, () => c.update(add, meta)));
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array<number>(7).fill(409)]);
    expect((await c.get([form.id])).json.response[0]!.personen).toHaveLength(2);
  });
});
