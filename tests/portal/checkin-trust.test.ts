// Guest check-in under abuse (issue 17), on a database built from the migrations (PGlite, or
// PostgreSQL with TEST_DATABASE_URL): a renewed code works at once, a code takes a bounded number
// of waiting parties and the landlord discards them in one step, per-address limits count IPv6
// per /64, a discarded invitation is withdrawn or reopened as the landlord chooses, and links of
// objects the account no longer has stop working.
import { describe, expect, it } from 'vitest';
import { portalCheckinLimits, portalCheckinLinks, portalCheckins } from '@/lib/db/schema';
import { addressBucket } from '@/lib/client-address';
import { resolveGuestLink } from '@/lib/portal/checkin/guest-view';
import {
  createInvitation,
  ensureObjectCode,
  rotateObjectCode,
  stopLinksOfLostObjects,
  type LinkRow,
} from '@/lib/portal/checkin/links';
import { MAX_WAITING_PER_CODE, RATE_LIMITS } from '@/lib/portal/checkin/rules';
import {
  discardCodeCheckins,
  discardSubmission,
  findSubmission,
  listSubmissions,
  saveSubmission,
} from '@/lib/portal/checkin/submissions';
import type { CheckinGuest, CheckinSnapshot } from '@/lib/portal/checkin/snapshot';
import { linkToken } from '@/lib/portal/checkin/token';
import { useEmptyDb } from '../helpers/db';
import { anna, jens } from './fixtures';

const snapshotFor = (objektId: number): CheckinSnapshot => ({
  objekt: { id: objektId, alias: `Objekt ${objektId}`, address: 'Strandweg 3', beds: 4 },
  gemeinde: { id: 1, alias: 'Ostseebad Seeblick', tarife: [], fields: [] },
});
const snapshot = snapshotFor(7);
const guest = (name: string): CheckinGuest => ({ tarifId: '1', fields: { Gast_Vorname: name } });
const NOW = new Date('2027-07-01T10:00:00Z');

useEmptyDb([portalCheckins, portalCheckinLimits, portalCheckinLinks]);

const invite = () =>
  createInvitation(anna, {
    snapshot,
    arrival: '2027-07-03',
    departure: '2027-07-10',
    expectedGuests: 2,
  });

// Each post a party of its own (the same party posted again at once is a double tap, one party).
let parties = 0;
const send = (link: LinkRow, clientAddress: string, ownId?: string, at = NOW) =>
  saveSubmission(
    {
      link,
      ownId,
      arrival: link.arrivalDate ?? '2027-07-03',
      departure: link.departureDate ?? '2027-07-10',
      guests: [guest(`A${++parties}`)],
      lang: 'de',
      clientAddress,
    },
    at,
  );

describe('an object’s code under a flood', () => {
  it('works again at once when the landlord renews it', async () => {
    const code = await ensureObjectCode(anna, snapshot);
    // Sixty parties from two addresses: the code's hourly budget is spent.
    for (let i = 0; i < RATE_LIMITS.perLink.object; i++) {
      const sent = await send(code, i % 2 ? '198.51.100.1' : '198.51.100.2');
      expect(sent.ok).toBe(true);
      // Each sent party is discarded at once, so only the budget fills up.
      if (sent.ok) await discardSubmission(anna, sent.id, 'reopen');
    }
    expect(await send(code, '203.0.113.5')).toEqual({ ok: false, reason: 'rate_limited' });
    const renewed = (await rotateObjectCode(anna, code.id))!;
    expect((await send(renewed, '203.0.113.5')).ok).toBe(true);
  });

  it('takes a bounded number of waiting parties; the landlord discards them in one step', async () => {
    const code = await ensureObjectCode(anna, snapshot);
    const other = await ensureObjectCode(anna, snapshotFor(8));
    for (let i = 0; i < MAX_WAITING_PER_CODE; i++)
      expect((await send(code, `192.0.2.${i + 1}`)).ok).toBe(true);
    expect(await send(code, '192.0.2.200')).toEqual({ ok: false, reason: 'full' });
    // A phone that already sent may still correct its party.
    const mine = (await listSubmissions(anna))[0]!.checkin.id;
    expect(await send(code, '192.0.2.1', mine)).toEqual({ ok: true, id: mine });
    const elsewhere = await send(other, '192.0.2.201');
    expect(elsewhere.ok).toBe(true);

    expect(await discardCodeCheckins(jens, code.id)).toBe(0);
    expect(await discardCodeCheckins(anna, code.id)).toBe(MAX_WAITING_PER_CODE);
    // Only that code's: the other object's party waits on.
    expect((await listSubmissions(anna)).map((s) => s.link.id)).toEqual([other.id]);
    expect((await send(code, '192.0.2.200')).ok).toBe(true);
  });

  it('lets the next real guest in at once after the flooded code is renewed', async () => {
    const code = await ensureObjectCode(anna, snapshot);
    for (let i = 0; i < MAX_WAITING_PER_CODE; i++)
      expect((await send(code, `192.0.2.${i + 1}`)).ok).toBe(true);
    expect(await send(code, '192.0.2.200')).toEqual({ ok: false, reason: 'full' });
    const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
    const renewed = (await rotateObjectCode(anna, code.id, undefined, later(1)))!;
    // No discarding first: the junk still waits, yet the new code's places are free.
    const guestOfNewCode = await send(renewed, '203.0.113.9', undefined, later(2));
    expect(guestOfNewCode.ok).toBe(true);
    // The old parties stay for the landlord to review (or discard in one step) ...
    const waiting = await listSubmissions(anna);
    expect(waiting).toHaveLength(MAX_WAITING_PER_CODE + 1);
    // ... and the new code has its own bound: a new flood fills it again.
    for (let i = 1; i < MAX_WAITING_PER_CODE; i++)
      expect((await send(renewed, `198.51.100.${i}`, undefined, later(3))).ok).toBe(true);
    expect(await send(renewed, '198.51.100.200', undefined, later(3))).toEqual({
      ok: false,
      reason: 'full',
    });
    // The old code itself takes nothing any more.
    expect(await send(code, '192.0.2.201', undefined, later(3))).toEqual({
      ok: false,
      reason: 'closed',
    });
    expect(await discardCodeCheckins(anna, code.id)).toBe(2 * MAX_WAITING_PER_CODE);
  });
});

describe('the per-address limit', () => {
  it('names an IPv6 client by its /64, as sign-in does', () => {
    expect(addressBucket('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressBucket('192.0.2.7')).toBe('192.0.2.7');
    expect(addressBucket('unknown')).toBe('unknown');
  });

  it('counts every address of one IPv6 /64 together', async () => {
    const code = await ensureObjectCode(anna, snapshot);
    for (let i = 0; i < RATE_LIMITS.perAddress; i++) {
      const sent = await send(code, `2001:db8:1:2::${(i + 1).toString(16)}`);
      expect(sent.ok).toBe(true);
      if (sent.ok) await discardSubmission(anna, sent.id, 'reopen');
    }
    expect(await send(code, '2001:db8:1:2:ffff::1')).toEqual({ ok: false, reason: 'rate_limited' });
    expect((await send(code, '2001:db8:1:3::1')).ok).toBe(true);
  });
});

describe('discarding an invitation’s party', () => {
  it('and withdrawing the invitation: whoever was discarded cannot send again', async () => {
    const link = await invite();
    const sent = await send(link, '192.0.2.1');
    const id = sent.ok ? sent.id : '';
    expect(await discardSubmission(jens, id, 'withdraw')).toBe(false);
    expect(await discardSubmission(anna, id, 'withdraw')).toBe(true);
    expect(await findSubmission(anna, id)).toBeUndefined();
    expect(await send(link, '192.0.2.1', id)).toEqual({ ok: false, reason: 'closed' });
    const token = linkToken({ kind: 'stay', publicId: link.publicId, until: '2027-07-10' });
    expect(await resolveGuestLink(token, NOW)).toEqual({ status: 'revoked' });
  });

  it('and letting the guests send again: the invitation stays open', async () => {
    const link = await invite();
    const sent = await send(link, '192.0.2.1');
    const id = sent.ok ? sent.id : '';
    expect(await discardSubmission(anna, id, 'reopen')).toBe(true);
    expect(await findSubmission(anna, id)).toBeUndefined();
    const again = await send(link, '192.0.2.2');
    expect(again.ok).toBe(true);
  });
});

describe('links of an object the account no longer has', () => {
  it('stop working, for the guest’s page and a submission already on its way', async () => {
    const kept = await ensureObjectCode(anna, snapshotFor(8));
    const lost = await ensureObjectCode(anna, snapshot);
    const invitation = await invite();
    const foreign = await ensureObjectCode(jens, snapshot);
    // The landlord's configuration now lists object 8 only.
    expect(await stopLinksOfLostObjects(anna, [8], NOW)).toBe(2);
    expect(await stopLinksOfLostObjects(anna, [8], NOW)).toBe(0);
    const token = linkToken({ kind: 'object', publicId: lost.publicId });
    expect(await resolveGuestLink(token, NOW)).toEqual({ status: 'revoked' });
    expect(await send(lost, '192.0.2.1')).toEqual({ ok: false, reason: 'closed' });
    expect(await send(invitation, '192.0.2.2')).toEqual({ ok: false, reason: 'closed' });
    expect((await send(kept, '192.0.2.3')).ok).toBe(true);
    // Another account's code for the same object is its own business.
    expect((await send(foreign, '192.0.2.4')).ok).toBe(true);
    // Back in the configuration: a new code is made (the stopped one stays stopped).
    expect((await ensureObjectCode(anna, snapshot)).id).not.toBe(lost.id);
  });
});
