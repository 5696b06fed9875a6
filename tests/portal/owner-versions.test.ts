// Kept pages (decision 026) are served only while their owner's version is the one they were
// rendered at, so every change to what the stays list and the overview show must raise it: the
// index, the sync state, planned stays, invitations and guests' check-ins, whoever writes them
// (triggers, migration 0018). Once per transaction; never another owner's. Both drivers.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  portalCheckinLinks,
  portalCheckins,
  portalForms,
  portalIndexSync,
  portalOwnerVersions,
  portalPlannedStays,
} from '@/lib/db/schema';
import { ownerVersion } from '@/lib/portal/kept-pages/registry';
import type { Owner } from '@/lib/portal/session/session';
import { useEmptyDb } from '../helpers/db';

const t = useEmptyDb([
  portalCheckins,
  portalCheckinLinks,
  portalPlannedStays,
  portalIndexSync,
  portalForms,
  portalOwnerVersions,
]);

const anna: Owner = { serviceUrl: 'http://service.test/api/', username: 'anna' };
const jens: Owner = { serviceUrl: 'http://service.test/api/', username: 'jens' };

const form = (owner: Owner, formId: number) => ({
  ...owner,
  formId,
  gemeindeId: 1,
  objektId: 1,
  meldescheinnummer: `M-${formId}`,
  state: 'draft',
  arrivalDate: '2026-12-01',
  departureDate: '2026-12-05',
  nights: 4,
  guests: 2,
  kurtaxeCents: 1000,
});

const link = (owner: Owner) => ({
  ...owner,
  id: randomUUID(),
  publicId: randomUUID(),
  kind: 'object' as const,
  gemeindeId: 1,
  objektId: 1,
  expectedGuests: 2,
  snapshot: {} as never,
});

/** The owner's version after `change` minus before it. */
async function raisedBy(owner: Owner, change: () => Promise<unknown>): Promise<number> {
  const before = await ownerVersion(owner);
  await change();
  return (await ownerVersion(owner)) - before;
}

describe('owner versions', () => {
  it('are raised by every insert, update and delete of the index, and by nobody else’s', async () => {
    const db = t.db;
    expect(await ownerVersion(anna)).toBe(0);
    expect(await raisedBy(anna, () => db.insert(portalForms).values(form(anna, 1)))).toBe(1);
    expect(
      await raisedBy(anna, () =>
        db.update(portalForms).set({ state: 'printed' }).where(eq(portalForms.formId, 1)),
      ),
    ).toBe(1);
    const jensBefore = await ownerVersion(jens);
    expect(
      await raisedBy(anna, () => db.delete(portalForms).where(eq(portalForms.formId, 1))),
    ).toBe(1);
    expect(await raisedBy(jens, () => db.insert(portalForms).values(form(jens, 2)))).toBe(1);
    expect(await ownerVersion(jens)).toBe(jensBefore + 1);
    expect(await ownerVersion(anna)).toBe(3);
  });

  it('are raised once per transaction however many rows it writes', async () => {
    const db = t.db;
    expect(
      await raisedBy(anna, () =>
        db.transaction(async (tx) => {
          await tx.insert(portalForms).values([form(anna, 10), form(anna, 11), form(anna, 12)]);
          await tx.update(portalForms).set({ guests: 3 });
          await tx.delete(portalForms).where(eq(portalForms.formId, 11));
        }),
      ),
    ).toBe(1);
    // Every row of a statement that spans two owners raises each owner once.
    await db.insert(portalForms).values(form(jens, 13));
    const annaBefore = await ownerVersion(anna);
    const jensBefore = await ownerVersion(jens);
    await db.delete(portalForms);
    expect([await ownerVersion(anna), await ownerVersion(jens)]).toEqual([
      annaBefore + 1,
      jensBefore + 1,
    ]);
  });

  it('are raised by the sync state, planned stays, invitations and check-ins', async () => {
    const db = t.db;
    const now = new Date();
    expect(
      await raisedBy(anna, () =>
        db.insert(portalIndexSync).values({ ...anna, syncedAt: now, listAvailable: true }),
      ),
    ).toBe(1);
    expect(
      await raisedBy(anna, () => db.update(portalIndexSync).set({ syncedAt: new Date() })),
    ).toBe(1);
    const stay = randomUUID();
    expect(
      await raisedBy(anna, () =>
        db.insert(portalPlannedStays).values({
          ...anna,
          id: stay,
          gemeindeId: 1,
          objektId: 1,
          arrivalDate: '2026-12-01',
          departureDate: '2026-12-05',
          source: 'manual',
        }),
      ),
    ).toBe(1);
    expect(
      await raisedBy(anna, () =>
        db
          .update(portalPlannedStays)
          .set({ state: 'invited' })
          .where(eq(portalPlannedStays.id, stay)),
      ),
    ).toBe(1);
    const code = link(anna);
    expect(await raisedBy(anna, () => db.insert(portalCheckinLinks).values(code))).toBe(1);
    // A guest's check-in names no owner itself: it is raised through its link.
    const checkin = randomUUID();
    const guestSends = () =>
      db.insert(portalCheckins).values({
        id: checkin,
        linkId: code.id,
        arrivalDate: '2026-12-01',
        departureDate: '2026-12-05',
        guests: [],
        lang: 'de',
        purgeAfter: new Date(Date.now() + 86_400_000),
      });
    const jensBefore = await ownerVersion(jens);
    expect(await raisedBy(anna, guestSends)).toBe(1);
    expect(
      await raisedBy(anna, () =>
        db.update(portalCheckins).set({ lang: 'en' }).where(eq(portalCheckins.id, checkin)),
      ),
    ).toBe(1);
    // Discarding the code deletes its check-ins with it (cascade): raised, once.
    expect(
      await raisedBy(anna, () =>
        db.delete(portalCheckinLinks).where(eq(portalCheckinLinks.id, code.id)),
      ),
    ).toBe(1);
    expect(await ownerVersion(jens)).toBe(jensBefore);
  });

  it('are raised by a write that does not go through the portal’s code (psql, a job)', async () => {
    await t.db.insert(portalForms).values(form(anna, 20));
    expect(
      await raisedBy(anna, () =>
        t.db.execute(sql`update portal_forms set first_guest_name = 'Eva' where form_id = 20`),
      ),
    ).toBe(1);
  });
});
