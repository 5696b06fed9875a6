// Landlords, objects and accounts as the office changes them: each change and its audit entry in
// one transaction (a refused change leaves no entry), the search finds by name and place and treats
// % and _ as text, a deactivated landlord is shown so, and the portal's configuration version of
// the landlord's accounts moves with a change (triggers of migration 0015).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { staffAudit, users } from '@/lib/db/schema';
import { CLI_ACTOR, type Actor } from '@/lib/office/audit/audit';
import {
  addBeherberger,
  addObjekt,
  addUser,
  changeBeherbergerActive,
  listLandlords,
} from '@/lib/office/landlords/landlords';
import { gemeindeConfig } from '@/lib/service/meldescheine/config';
import { useTestDb } from '../helpers/db';

const t = useTestDb();
/** An unbound staff account: every municipality (lib/office/staff/scope.ts). */
const ALL = { gemeindeId: null };
const staff: Actor = { staffId: null, name: 'tester' };

const auditOf = async (subject: string) =>
  (await t.db.select().from(staffAudit).where(eq(staffAudit.subject, subject))).map((a) => ({
    actor: a.actor,
    action: a.action,
  }));

describe('office landlords', () => {
  it('creates landlord, object and account, each with its audit entry', async () => {
    const gemeinde = t.demo.gemeinden.seeblick.id;
    const zone = Object.values(t.demo.gemeinden.seeblick.zones)[0]!;
    const id = await addBeherberger(
      t.db,
      { gemeinde, alias: 'Haus 100% Meerblick', nachname: 'Kr_ger', ort: 'Seeblick' },
      staff,
    );
    const objekt = await addObjekt(
      t.db,
      { beherberger: id, tarifzone: zone, alias: 'Whg 1', anzahl_betten: 3 },
      staff,
    );
    const user = await addUser(t.db, { username: 'meerblick', beherberger: [id] }, null, staff);
    expect(await auditOf(`beherberger:${id}`)).toEqual([
      { actor: 'tester', action: 'beherberger.create' },
    ]);
    expect(await auditOf(`objekt:${objekt}`)).toEqual([
      { actor: 'tester', action: 'objekt.create' },
    ]);
    expect(await auditOf(`user:${user}`)).toEqual([{ actor: 'tester', action: 'user.create' }]);

    const [found] = await listLandlords(t.db, '100%', ALL);
    expect(found).toMatchObject({ id, objekte: 1, accounts: 1, isActive: true });
    expect((await listLandlords(t.db, 'kr_ger', ALL)).map((r) => r.id)).toEqual([id]);
    expect(await listLandlords(t.db, 'Kr%ger', ALL)).toEqual([]);

    const [before] = await t.db.select().from(users).where(eq(users.id, user));
    expect(await changeBeherbergerActive(t.db, id, false, CLI_ACTOR)).toBe(true);
    const [after] = await t.db.select().from(users).where(eq(users.id, user));
    expect(after!.configVersion).toBeGreaterThan(before!.configVersion);
    expect((await listLandlords(t.db, 'Meerblick', ALL))[0]!.isActive).toBe(false);
    expect(await auditOf(`beherberger:${id}`)).toContainEqual({
      actor: 'cli',
      action: 'beherberger.deactivate',
    });
  });

  it('a landlord, object and account made in the office book at once, with the configuration cached', async () => {
    const gemeinde = t.demo.gemeinden.hohenwald.id;
    const zone = Object.values(t.demo.gemeinden.hohenwald.zones)[0]!;
    // A booking of another landlord has just read the municipality's configuration.
    expect((await gemeindeConfig(t.db, gemeinde))!.objekte.size).toBeGreaterThan(0);
    const id = await addBeherberger(t.db, { gemeinde, alias: 'Neu im Wald' }, staff);
    const objekt = await addObjekt(
      t.db,
      { beherberger: id, tarifzone: zone, alias: 'Hütte', anzahl_betten: 2 },
      staff,
    );
    const config = (await gemeindeConfig(t.db, gemeinde))!;
    expect(config.objekte.get(objekt)).toMatchObject({ beherbergerId: id });
    expect(config.landlords.has(id)).toBe(true);
  });

  it('writes no audit entry for a change that is refused', async () => {
    const before = (await t.db.select().from(staffAudit)).length;
    await expect(
      addUser(t.db, { username: 'demo', beherberger: [] }, null, staff),
    ).rejects.toThrow();
    await expect(changeBeherbergerActive(t.db, 999_999, false, staff)).resolves.toBe(false);
    expect((await t.db.select().from(staffAudit)).length).toBe(before);
  });
});
