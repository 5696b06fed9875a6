// server.ts serves the service from its own copy of lib/, Next's bundle (the office) from another:
// each loads its own instance of a module. A change the office makes must still reach the
// service's caches at once. Here a second instance of the modules, loaded after
// `vi.resetModules()`, stands for the service's copy; the office's functions run in this file's.
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { users } from '@/lib/db/schema';
import { gemeindeConfig } from '@/lib/service/meldescheine/config';
import { addBeherberger, addObjekt, changeUserActive } from '@/lib/service/office/landlords';
import type { Actor } from '@/lib/service/office/audit';
import { useTestDb } from '../helpers/db';

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
