// users/get_current_user/ keeps each municipality's configuration between calls (issue 19); a
// change to it must show at the very next call, on every instance, and the answer must stay the
// bytes a fresh read gives. Also its ETag / If-None-Match extension (docs/api.md).
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb, type Db, type DbHandle } from '@/lib/db';
import {
  beherberger,
  gemeinden,
  meldescheinFields,
  objekte,
  tarife,
  tarifRates,
  userBeherberger,
  users,
} from '@/lib/db/schema';
import { clearConfigurationCache } from '@/lib/service/configuration';
import type { CurrentUserResponse } from '@/lib/wire/config';
import { apiClient } from '../helpers/api';
import { useTestDb } from '../helpers/db';

const t = useTestDb();
const api = () => apiClient(t);
const seconds: DbHandle[] = [];
afterAll(async () => {
  for (const h of seconds) await h.close();
});

async function config(token: string, headers: Record<string, string> = {}) {
  return api().get<CurrentUserResponse>('users/get_current_user/', { token, headers });
}

/** On PostgreSQL a second pool stands for a second instance writing; PGlite is one process. */
async function otherInstance(): Promise<Db> {
  if (!t.url) return t.db;
  const handle = await openDb({ url: t.url });
  seconds.push(handle);
  return handle.db;
}

const seeblick = (c: CurrentUserResponse) => c.gemeinden.find((g) => g.alias.includes('Seeblick'))!;

describe('users/get_current_user/ kept per municipality', () => {
  it('shows a changed tariff, a new field and a renamed municipality at the next call', async () => {
    const token = await api().login('demo');
    const before = (await config(token)).json;
    await config(token); // served from what was kept
    const writer = await otherInstance();
    const erw = seeblick(before).tarife.find((x) => x.tarif_code === 'ERW')!;
    await writer.update(tarife).set({ alias: 'Erwachsene (neu)' }).where(eq(tarife.id, erw.id));
    const renamed = seeblick((await config(token)).json).tarife.find((x) => x.id === erw.id)!;
    expect(renamed.alias).toBe('Erwachsene (neu)');

    await writer.insert(meldescheinFields).values({
      gemeindeId: t.demo.gemeinden.seeblick.id,
      alias: 'Zimmer',
      columnName: 'Gast_Zimmer',
      dataType: 'string',
    });
    const fields = seeblick((await config(token)).json).meldeschein_fields;
    expect(fields.map((f) => f.column_name)).toContain('Gast_Zimmer');
    await writer
      .delete(meldescheinFields)
      .where(
        and(
          eq(meldescheinFields.gemeindeId, t.demo.gemeinden.seeblick.id),
          eq(meldescheinFields.columnName, 'Gast_Zimmer'),
        ),
      );
    const after = seeblick((await config(token)).json).meldeschein_fields;
    expect(after.map((f) => f.column_name)).not.toContain('Gast_Zimmer');

    await writer
      .update(gemeinden)
      .set({ usingPaper: true })
      .where(eq(gemeinden.id, t.demo.gemeinden.seeblick.id));
    expect(seeblick((await config(token)).json).using_paper).toBe(true);
  });

  it("shows a renamed object and a landlord's new address at the next call", async () => {
    const token = await api().login('demo');
    await config(token);
    await config(token);
    const writer = await otherInstance();
    await writer
      .update(objekte)
      .set({ alias: 'Möwennest (renoviert)' })
      .where(eq(objekte.id, t.demo.objekte.moeweA));
    await writer
      .update(beherberger)
      .set({ strasse: 'Neue Straße 1' })
      .where(eq(beherberger.id, t.demo.beherberger.moewe));
    const c = (await config(token)).json;
    expect(c.beherberger[0]!.objekte.map((o) => o.alias)).toContain('Möwennest (renoviert)');
    expect(c.beherberger[0]!.strasse).toBe('Neue Straße 1');
    await writer
      .update(objekte)
      .set({ alias: 'Möwennest' })
      .where(eq(objekte.id, t.demo.objekte.moeweA));
  });

  it('shows a newly linked landlord, a moved object and the own name at the next call', async () => {
    const demo = await api().login('demo');
    const multi = await api().login('multi');
    const landlords = async (token: string) =>
      (await config(token)).json.beherberger.map((b) => b.alias);
    const objects = async (token: string) =>
      (await config(token)).json.beherberger.flatMap((b) => b.objekte.map((o) => o.id));
    await config(demo);
    await config(multi);
    const writer = await otherInstance();
    const [anna] = await writer.select().from(users).where(eq(users.username, 'demo'));
    const { moewe, agentur, seeblickHaus } = t.demo.beherberger;
    const { agenturA } = t.demo.objekte;

    await writer.insert(userBeherberger).values({ userId: anna!.id, beherbergerId: seeblickHaus });
    expect(await landlords(demo)).toHaveLength(2);
    await writer
      .delete(userBeherberger)
      .where(
        and(eq(userBeherberger.userId, anna!.id), eq(userBeherberger.beherbergerId, seeblickHaus)),
      );
    expect(await landlords(demo)).toHaveLength(1);

    // Both sides of a move: the new owner's account sees it, the old one's no longer does.
    await writer.update(objekte).set({ beherbergerId: moewe }).where(eq(objekte.id, agenturA));
    expect(await objects(demo)).toContain(agenturA);
    expect(await objects(multi)).not.toContain(agenturA);
    await writer.update(objekte).set({ beherbergerId: agentur }).where(eq(objekte.id, agenturA));
    expect(await objects(demo)).not.toContain(agenturA);
    expect(await objects(multi)).toContain(agenturA);

    await writer.update(users).set({ alias: 'Anna M.' }).where(eq(users.id, anna!.id));
    expect((await config(demo)).json.user.alias).toBe('Anna M.');
    await writer.update(users).set({ alias: anna!.alias }).where(eq(users.id, anna!.id));
  });

  it("shows a change in the municipality of an object's zone, not the landlord's", async () => {
    const token = await api().login('multi');
    const hohenwald = (c: CurrentUserResponse) =>
      c.gemeinden.find((g) => g.id === t.demo.gemeinden.hohenwald.id)!;
    expect(hohenwald((await config(token)).json)).toBeDefined();
    const writer = await otherInstance();
    await writer
      .update(gemeinden)
      .set({ alias: 'Luftkurort Hohenwald (neu)' })
      .where(eq(gemeinden.id, t.demo.gemeinden.hohenwald.id));
    expect(hohenwald((await config(token)).json).alias).toBe('Luftkurort Hohenwald (neu)');
    await writer
      .update(gemeinden)
      .set({ alias: 'Luftkurort Hohenwald' })
      .where(eq(gemeinden.id, t.demo.gemeinden.hohenwald.id));
  });

  it('raises the version when a rate changes (the rates hang off a tariff)', async () => {
    const version = async () =>
      (
        await t.db.select().from(gemeinden).where(eq(gemeinden.id, t.demo.gemeinden.seeblick.id))
      )[0]!.configVersion;
    const v0 = await version();
    const [{ rate }] = (await t.db
      .select({ rate: tarifRates })
      .from(tarifRates)
      .innerJoin(tarife, eq(tarife.id, tarifRates.tarifId))
      .where(eq(tarife.gemeindeId, t.demo.gemeinden.seeblick.id))
      .limit(1)) as [{ rate: typeof tarifRates.$inferSelect }];
    await t.db
      .update(tarifRates)
      .set({ centsPerNight: rate.centsPerNight + 1 })
      .where(eq(tarifRates.id, rate.id));
    expect(await version()).toBeGreaterThan(v0);
  });

  it('raises each version once per transaction, however many rows it changes', async () => {
    const token = await api().login('demo');
    await config(token);
    const seeblickId = t.demo.gemeinden.seeblick.id;
    const versions = async () => {
      const [g] = await t.db.select().from(gemeinden).where(eq(gemeinden.id, seeblickId));
      const accounts = await t.db
        .select({ id: users.id, v: users.configVersion })
        .from(users)
        .orderBy(users.id);
      return { gemeinde: g!.configVersion, accounts: new Map(accounts.map((a) => [a.id, a.v])) };
    };
    const before = await versions();
    const rows = await t.db.select().from(tarife).where(eq(tarife.gemeindeId, seeblickId));
    expect(rows.length).toBeGreaterThan(1);
    const { moewe } = t.demo.beherberger;
    const [landlord] = await t.db.select().from(beherberger).where(eq(beherberger.id, moewe));
    const writer = await otherInstance();
    await writer.transaction(async (tx) => {
      for (const row of rows) {
        await tx
          .update(tarife)
          .set({ alias: `${row.alias} (2027)` })
          .where(eq(tarife.id, row.id));
      }
      await tx.update(beherberger).set({ ort: 'Seeblick (Ost)' }).where(eq(beherberger.id, moewe));
    });
    const after = await versions();
    expect(after.gemeinde).toBe(before.gemeinde + 1);
    const raised = [...after.accounts].filter(([id, v]) => v !== before.accounts.get(id));
    expect(raised.length).toBeGreaterThan(0);
    for (const [id, v] of raised) expect(v, `account ${id}`).toBe(before.accounts.get(id)! + 1);
    // Once is enough: the next call shows every change of the transaction.
    const c = (await config(token)).json;
    expect(seeblick(c).tarife.every((x) => x.alias.endsWith('(2027)'))).toBe(true);
    expect(c.beherberger[0]!.ort).toBe('Seeblick (Ost)');
    await writer.transaction(async (tx) => {
      for (const row of rows) {
        await tx.update(tarife).set({ alias: row.alias }).where(eq(tarife.id, row.id));
      }
      await tx.update(beherberger).set({ ort: landlord!.ort }).where(eq(beherberger.id, moewe));
    });
    expect(
      seeblick((await config(token)).json)
        .tarife.map((x) => x.alias)
        .sort(),
    ).toEqual(rows.map((r) => r.alias).sort());
  });

  it('answers the bytes a fresh read gives, for each account alike', async () => {
    for (const user of ['demo', 'demo2', 'multi']) {
      const token = await api().login(user);
      for (const format of ['json', 'xml'] as const) {
        await api().get('users/get_current_user/', { token, format });
        const kept = await api().get('users/get_current_user/', { token, format });
        clearConfigurationCache();
        const fresh = await api().get('users/get_current_user/', { token, format });
        expect(kept.text).toBe(fresh.text);
      }
    }
  });

  it("never shows one account another's landlords through what is kept", async () => {
    const demo = (await config(await api().login('demo'))).json;
    const demo2 = (await config(await api().login('demo2'))).json;
    const objects = (c: CurrentUserResponse) =>
      c.beherberger.flatMap((b) => b.objekte.map((o) => o.alias));
    expect(objects(demo)).toContain('Möwennest');
    expect(objects(demo2)).not.toContain('Möwennest');
    expect(JSON.stringify(demo2)).not.toContain('anna@fewo-moewe.example');
  });
});

describe('users/get_current_user/ ETag (extension)', () => {
  it('answers 304 without a body while the configuration is unchanged, 200 after a change', async () => {
    const token = await api().login('demo');
    const first = await config(token);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const same = await config(token, { 'if-none-match': etag! });
    expect(same.status).toBe(304);
    expect(same.text).toBe('');
    expect(same.headers.get('etag')).toBe(etag);
    // A list of tags and a weak tag match too (RFC 9110 13.1.2); another tag does not.
    expect((await config(token, { 'if-none-match': `"x", W/${etag}` })).status).toBe(304);
    expect((await config(token, { 'if-none-match': '"other"' })).status).toBe(200);
    // XML is another representation, with its own tag.
    const xml = await api().get('users/get_current_user/', { token, format: 'xml' });
    expect(xml.headers.get('etag')).not.toBe(etag);

    const writer = await otherInstance();
    await writer
      .update(tarife)
      .set({ fullAlias: 'Erwachsene ab 18 Jahren' })
      .where(and(eq(tarife.gemeindeId, t.demo.gemeinden.seeblick.id), eq(tarife.tarifCode, 'ERW')));
    const changed = await config(token, { 'if-none-match': etag! });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(JSON.stringify(changed.json)).toContain('Erwachsene ab 18 Jahren');
  });

  it('still checks the token before answering 304', async () => {
    const token = await api().login('demo');
    const etag = (await config(token)).headers.get('etag')!;
    const res = await api().get('users/get_current_user/', { headers: { 'if-none-match': etag } });
    expect(res.status).toBe(401);
  });
});
