// server.ts serves the service from its own copy of lib/, Next's bundle (the office) from another:
// each loads its own instance of a module. A change the office makes must still reach the
// service's caches at once. Here a second instance of the modules, loaded after
// `vi.resetModules()`, stands for the service's copy; the office's functions run in this file's.
// Another instance keeps its configuration up to CONFIG_TTL_MS: a refusal reads it again first.
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { users } from '@/lib/db/schema';
import { gemeindeConfig, RECHECK_MS } from '@/lib/service/meldescheine/config';
import { createObjekt } from '@/lib/service/provisioning';
import { addBeherberger, addObjekt, changeUserActive } from '@/lib/office/landlords/landlords';
import type { Actor } from '@/lib/office/audit/audit';
import { useTestDb } from '../helpers/db';
import { formsClient, person } from './meldeschein-fixtures';

const t = useTestDb();
const staff: Actor = { staffId: null, name: 'tester' };

async function serviceCopy() {
  vi.resetModules();
  const config = await import('@/lib/service/meldescheine/config');
  const accounts = await import('@/lib/service/accounts/users');
  // Truly a second instance, as in the running server.
  expect(config.gemeindeConfig).not.toBe(gemeindeConfig);
  return { config, accounts };
}

describe('caches shared by the service and the office in one process', () => {
  it('an object made in the office books at once where the service had the configuration cached', async () => {
    const service = await serviceCopy();
    const gemeinde = t.demo.gemeinden.hohenwald.id;
    const zone = Object.values(t.demo.gemeinden.hohenwald.zones)[0]!;
    // A booking of another landlord in the municipality has just read its configuration.
    await service.config.gemeindeConfig(t.db, gemeinde);
    const landlord = await addBeherberger(t.db, { gemeinde, alias: 'Neu am Rathaus' }, staff);
    const objekt = await addObjekt(
      t.db,
      { beherberger: landlord, tarifzone: zone, alias: 'Rathausblick', anzahl_betten: 2 },
      staff,
    );
    const config = (await service.config.gemeindeConfig(t.db, gemeinde))!;
    expect(config.objekte.get(objekt)).toMatchObject({ beherbergerId: landlord });
    expect(config.landlords.has(landlord)).toBe(true);
  });

  it('an account deactivated in the office is refused at once where the service had it cached', async () => {
    const service = await serviceCopy();
    const [demo] = await t.db.select().from(users).where(eq(users.username, 'demo'));
    const claims = { userId: demo!.id, username: 'demo', issuedAtMs: Date.now() - 1_000 };
    await expect(service.accounts.loadAuthUser(t.db, claims)).resolves.toMatchObject({
      id: demo!.id,
    });
    expect(await changeUserActive(t.db, 'demo', false, staff)).toBe(true);
    await expect(service.accounts.loadAuthUser(t.db, claims)).rejects.toMatchObject({
      code: 'token_invalid',
    });
  });
});

describe('a change made on another instance', () => {
  it('books at once: an object not in the kept configuration is read again before a refusal', async () => {
    const demo = await formsClient(t, 'demo2', {
      gemeinde: t.demo.gemeinden.seeblick.id,
      objekt: t.demo.objekte.seeblickObjekt,
    });
    await demo.bookOk([person()]); // this instance now keeps Seeblick's configuration
    // Another instance's office makes an object for demo2's landlord: nothing here is cleared.
    const zone = Object.values(t.demo.gemeinden.seeblick.zones)[0]!;
    const objekt = await createObjekt(t.db, {
      beherberger: t.demo.beherberger.seeblickHaus,
      tarifzone: zone,
      alias: 'Neue Wohnung',
      anzahl_betten: 2,
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // A kept configuration younger than RECHECK_MS answers a refusal as it is …
      const early = await demo.book([person()], {}, { objekt });
      expect(early.status).toBe(403);
      // … an older one is read again first: the new object books, well within CONFIG_TTL_MS.
      vi.setSystemTime(Date.now() + RECHECK_MS + 1);
      const res = await demo.book([person()], {}, { objekt });
      expect(res.status).toBe(200);
      // Another landlord's object stays refused.
      vi.setSystemTime(Date.now() + RECHECK_MS + 1);
      const foreign = await demo.book([person()], {}, { objekt: t.demo.objekte.moeweA });
      expect(foreign.status).toBe(403);
    } finally {
      vi.useRealTimers();
    }
  });
});
