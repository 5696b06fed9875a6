// An account that lost an object (issue 17): the landlord's configuration, read from the real
// service in-process (`get_current_user` through lib/portal/api.ts), no longer holds it; its code
// and invitations stop, the review refuses to book it, and the objects kept work on.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { objekte } from '@/lib/db/schema';
import { holdsObject, snapshotOf, stopLostLinks } from '@/lib/portal/checkin/landlord';
import { createInvitation, ensureObjectCode } from '@/lib/portal/checkin/links';
import { saveSubmission } from '@/lib/portal/checkin/submissions';
import { ownerOf, type PortalSession } from '@/lib/portal/session/session';
import { useTestDb } from '../helpers/db';
import { formsClient } from '../service/meldeschein-fixtures';
import { inProcessSession } from './in-process-service';

const t = useTestDb();
let session: PortalSession;

beforeAll(async () => {
  const anna = await formsClient(t);
  session = inProcessSession(t, 'demo', anna.token);
});

const send = (link: Awaited<ReturnType<typeof ensureObjectCode>>, clientAddress: string) =>
  saveSubmission({
    link,
    arrival: link.arrivalDate ?? '2027-07-03',
    departure: link.departureDate ?? '2027-07-05',
    guests: [{ tarifId: '1', fields: {} }],
    lang: 'de',
    clientAddress,
  });

describe('an object the account no longer has', () => {
  it('stops its links and takes no booking; the objects kept work on', async () => {
    const owner = ownerOf(session);
    const { moeweA, moeweB, agenturA } = t.demo.objekte;
    const before = await session.api.currentUser();
    const kept = await ensureObjectCode(owner, snapshotOf(before, moeweA)!);
    const lost = await ensureObjectCode(owner, snapshotOf(before, moeweB)!);
    const invitation = await createInvitation(owner, {
      snapshot: snapshotOf(before, moeweB)!,
      arrival: '2027-07-03',
      departure: '2027-07-05',
      expectedGuests: 2,
    });
    expect(await stopLostLinks(owner, before)).toBe(0);

    // The municipality moves Dünenhaus to another landlord.
    const [agentur] = await t.db.select().from(objekte).where(eq(objekte.id, agenturA));
    await t.db
      .update(objekte)
      .set({ beherbergerId: agentur!.beherbergerId })
      .where(eq(objekte.id, moeweB));
    const after = await session.api.currentUser();
    expect(holdsObject(after, moeweB)).toBe(false);
    expect(holdsObject(after, moeweA)).toBe(true);

    expect(await stopLostLinks(owner, after)).toBe(2);
    expect(await send(lost, '192.0.2.1')).toEqual({ ok: false, reason: 'closed' });
    expect(await send(invitation, '192.0.2.2')).toEqual({ ok: false, reason: 'closed' });
    expect((await send(kept, '192.0.2.3')).ok).toBe(true);
  });
});
