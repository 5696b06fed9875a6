// Erased means unreadable (issue 17): after both retention sweeps a guest's name is in no file of
// the embedded database's folder, neither in old row versions of the tables nor in the
// write-ahead log; nor is a booked check-in's after the hourly purge. A distinctive name goes into the service's form, guest history, and the
// portal's index, stored card, check-in and draft; the sweeps run with the clock past retention;
// the database is closed and every file of its folder is searched for the name.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb, setDbHandle, type DbHandle } from '@/lib/db';
import {
  portalArrivalSigners,
  portalArrivals,
  portalCheckinLinks,
  portalCheckins,
  portalDrafts,
  portalForms,
  portalPdfs,
} from '@/lib/db/schema';
import { purgeExpiredCheckins } from '@/lib/portal/purge';
import { sweepPortalRetention } from '@/lib/portal/retention';
import { sweepRetention } from '@/lib/service/meldescheine/retention';
import { seedDemo } from '@/lib/service/provisioning/demo';
import { addDays } from '@/lib/wire/time';
import type { TestDb } from '../helpers/db';
import { formsClient, person, Y } from '../service/meldeschein-fixtures';

const NAME = 'Quokkazwirbel';
/** A guest whose check-in the landlord books (deleted at once) before the hourly purge. */
const BOOKED = 'Wombatflausch';
const owner = { serviceUrl: 'http://localhost:3000/api/', username: 'demo' };
const dir = mkdtempSync(path.join(tmpdir(), 'mp-erasure-'));
let handle: DbHandle | undefined;

afterAll(async () => {
  await handle?.close();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

/** The files under `root` whose bytes contain `needle`. */
function filesHolding(root: string, needle: string): string[] {
  const found: string[] = [];
  const walk = (p: string) => {
    for (const entry of readdirSync(p)) {
      const file = path.join(p, entry);
      if (statSync(file).isDirectory()) walk(file);
      else if (readFileSync(file).includes(needle)) found.push(path.relative(root, file));
    }
  };
  walk(root);
  return found;
}

describe('the retention sweeps on the embedded database', () => {
  it('leave the erased name in no file of the data folder', async () => {
    handle = await openDb({ dir });
    setDbHandle(handle);
    const t: TestDb = { db: handle.db, handle, demo: await seedDemo(handle.db) };
    const departure = `${Y}-08-20`;
    const c = await formsClient(t);
    const guest = person({
      arrival_date: addDays(departure, -3),
      departure_date: departure,
      Gast_Name: NAME,
    });
    const booked = await c.bookOk([guest]);
    // A change: the guest's history holds the name twice (before and after).
    const upd = await c.update({
      id: booked.id,
      personen: [{ id: booked.personen[0]!.id, Gast_Wohnort: 'Krakau' }],
    });
    expect(upd.status).toBe(200);

    const db = handle.db;
    await db.insert(portalForms).values({
      ...owner,
      formId: booked.id,
      gemeindeId: 1,
      objektId: 1,
      meldescheinnummer: 'X-1',
      state: 'draft',
      arrivalDate: addDays(departure, -3),
      departureDate: departure,
      nights: 3,
      guests: 1,
      kurtaxeCents: 0,
      firstGuestName: `Erika ${NAME}`,
    });
    await db.insert(portalPdfs).values({
      ...owner,
      formId: booked.id,
      pdf: new TextEncoder().encode(`%PDF ${NAME}`),
    });
    // The arrival record (issue 31): the BMG form's data and its XML.
    await db.insert(portalArrivals).values({
      ...owner,
      formId: booked.id,
      gemeindeId: 1,
      objektId: 1,
      formState: 'draft',
      arrivalDate: addDays(departure, -3),
      departureDate: departure,
      required: true,
      party: {
        meldescheinnummer: 'X-1',
        objekt: { alias: 'Möwennest', address: '', landlord: 'Möwe' },
        guests: [],
      },
    });
    await db.insert(portalArrivalSigners).values({
      ...owner,
      formId: booked.id,
      guestId: 1,
      xml: `<Familienname>${NAME}</Familienname>`,
    });
    const linkId = randomUUID();
    await db.insert(portalCheckinLinks).values({
      id: linkId,
      publicId: randomUUID(),
      kind: 'stay',
      ...owner,
      gemeindeId: 1,
      objektId: 1,
      expectedGuests: 1,
      snapshot: {
        objekt: { id: 1, alias: 'Möwennest', address: '', beds: 4 },
        gemeinde: { id: 1, alias: 'Seeblick', fields: [], tarife: [] },
      },
    });
    await db.insert(portalCheckins).values({
      id: randomUUID(),
      linkId,
      arrivalDate: addDays(departure, -3),
      departureDate: departure,
      guests: [{ tarifId: '1', fields: { Gast_Name: NAME } }],
      lang: 'de',
      purgeAfter: new Date('2099-01-01T00:00:00Z'),
    });
    await db.insert(portalDrafts).values({
      ...owner,
      draftKey: 'new',
      data: { guests: [{ fields: { Gast_Name: NAME } }] },
      savedAt: new Date(`${departure}T10:00:00Z`),
    });

    // The search finds the name while it is stored (committed: in the write-ahead log at least).
    expect(filesHolding(dir, NAME)).not.toEqual([]);
    const later = new Date(`${addDays(departure, 400)}T11:00:00Z`);
    expect(await sweepRetention(db, later, 365)).toBe(1);
    expect(await sweepPortalRetention(db, later, 365)).toEqual({
      forms: 1,
      pdfs: 1,
      drafts: 1,
      checkins: 1,
      arrivals: 1,
      payments: 0,
    });

    // A check-in booked (its submission deleted at once), then the hourly purge.
    const bookedCheckin = randomUUID();
    await db.insert(portalCheckins).values({
      id: bookedCheckin,
      linkId,
      arrivalDate: addDays(departure, 500),
      departureDate: addDays(departure, 503),
      guests: [{ tarifId: '1', fields: { Gast_Name: BOOKED } }],
      lang: 'de',
      purgeAfter: new Date('2099-01-01T00:00:00Z'),
    });
    await db.delete(portalCheckins).where(eq(portalCheckins.id, bookedCheckin));
    await purgeExpiredCheckins(db, later);

    await handle.close();
    handle = undefined;
    expect(filesHolding(dir, NAME)).toEqual([]);
    expect(filesHolding(dir, BOOKED)).toEqual([]);
  }, 300_000);
});
