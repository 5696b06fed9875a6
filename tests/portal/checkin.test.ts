// Guest self check-in (issue 10): link tokens, expiry, revocation, rotation, guest and rate
// limits and the purge, on a database built from the migrations (PGlite, or PostgreSQL with
// TEST_DATABASE_URL).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { portalCheckinLimits, portalCheckinLinks, portalCheckins } from '@/lib/db/schema';
import type { CheckinGuest, CheckinSnapshot } from '@/lib/portal/checkin/snapshot';
import {
  createInvitation,
  ensureObjectCode,
  findLink,
  linkByPublicId,
  revokeInvitation,
  rotateObjectCode,
} from '@/lib/portal/checkin/links';
import { resolveGuestLink } from '@/lib/portal/checkin/guest-view';
import { purgeExpiredCheckins } from '@/lib/portal/purge';
import { linkState, maxGuests, RATE_LIMITS } from '@/lib/portal/checkin/rules';
import { addressFields } from '@/lib/portal/guest-form/intents';
import { findSubmission, guestSubmission, saveSubmission } from '@/lib/portal/checkin/submissions';
import { linkToken, readLinkToken } from '@/lib/portal/checkin/token';
import { useEmptyDb } from '../helpers/db';
import { anna, jens } from './fixtures';

const snapshot: CheckinSnapshot = {
  objekt: { id: 7, alias: 'Möwennest', address: 'Strandweg 3, 18999 Seeblick', beds: 4 },
  gemeinde: {
    id: 1,
    alias: 'Ostseebad Seeblick',
    tarife: [],
    fields: [
      'Gast_Vorname',
      'Gast_Strasse',
      'Gast_Postleitzahl',
      'Gast_Land',
      'Gast_Staatsangehoerigkeit',
    ].map((column_name, i) => ({
      id: i + 1,
      created: '2026-01-01T00:00:00',
      modified: null,
      alias: column_name,
      gemeinde: 1,
      column_name,
      data_type:
        column_name.endsWith('Land') || column_name.includes('Staats') ? 'country' : 'text',
      required: true,
      size: 60,
      transferable: true,
      list_visible: true,
      priority: '',
      view_order: i,
    })),
  },
};

const guest = (name: string): CheckinGuest => ({ tarifId: '1', fields: { Gast_Vorname: name } });
const NOW = new Date('2027-07-01T10:00:00Z');

const store = useEmptyDb([portalCheckins, portalCheckinLimits, portalCheckinLinks]);

const invite = (departure = '2027-07-10', expectedGuests = 2) =>
  createInvitation(anna, { snapshot, arrival: '2027-07-03', departure, expectedGuests });

const send = (
  link: Awaited<ReturnType<typeof invite>>,
  guests: CheckinGuest[],
  over: { ownId?: string; clientAddress?: string; now?: Date } = {},
) =>
  saveSubmission(
    {
      link,
      ownId: over.ownId,
      arrival: link.arrivalDate ?? '2027-07-03',
      departure: link.departureDate ?? '2027-07-10',
      guests,
      lang: 'de',
      clientAddress: over.clientAddress ?? '192.0.2.1',
    },
    over.now ?? NOW,
  );

describe('link tokens', () => {
  const id = 'A'.repeat(22);
  it('name the link they were made for, and nothing when changed in any place', () => {
    const token = linkToken({ kind: 'stay', publicId: id, until: '2027-07-10' });
    expect(token).toMatch(/^eA{22}-20270710\./);
    expect(readLinkToken(token)).toEqual({ kind: 'stay', publicId: id, until: '2027-07-10' });
    // Another id, kind, last day, signature or key: all refused.
    expect(readLinkToken(token.replace('eAAA', 'eAAB'))).toBeNull();
    expect(readLinkToken(`o${token.slice(1)}`)).toBeNull();
    expect(readLinkToken(token.replace('20270710', '20270720'))).toBeNull();
    expect(readLinkToken(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    const other = linkToken({ kind: 'stay', publicId: id, until: '2027-07-10' }, 'x'.repeat(40));
    expect(readLinkToken(other)).toBeNull();
    expect(readLinkToken('')).toBeNull();
    expect(readLinkToken('12')).toBeNull();
    const code = linkToken({ kind: 'object', publicId: id });
    expect(readLinkToken(code)).toEqual({ kind: 'object', publicId: id });
  });

  it('carry a random id, not the database id, and differ for every invitation', async () => {
    const a = await invite();
    const b = await invite();
    expect(a.publicId).not.toBe(b.publicId);
    expect(linkToken({ kind: 'stay', publicId: a.publicId })).not.toContain(a.id);
    expect(a.publicId).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});

describe('a guest opening a link', () => {
  it('is refused for a tampered, expired, withdrawn or rotated link, with no stay named', async () => {
    const link = await invite('2027-07-10');
    const token = linkToken({ kind: 'stay', publicId: link.publicId, until: '2027-07-10' });
    expect((await resolveGuestLink(token, NOW)).status).toBe('open');
    // Every other last character: also those that decode to the same bytes (unused low bits).
    for (const last of 'AEIMQUYcgkosw048BFJNRVZdhlptx159') {
      if (token.endsWith(last)) continue;
      expect(await resolveGuestLink(`${token.slice(0, -1)}${last}`, NOW)).toEqual({
        status: 'invalid',
      });
    }
    expect(await resolveGuestLink(token, new Date('2027-07-11T08:00:00Z'))).toEqual({
      status: 'expired',
    });
    await revokeInvitation(anna, link.id);
    expect(await resolveGuestLink(token, NOW)).toEqual({ status: 'revoked' });
    const code = await ensureObjectCode(anna, snapshot);
    const old = linkToken({ kind: 'object', publicId: code.publicId });
    expect((await resolveGuestLink(old, NOW)).status).toBe('open');
    await rotateObjectCode(anna, code.id);
    expect(await resolveGuestLink(old, NOW)).toEqual({ status: 'invalid' });
  });
});

describe('a mailed link whose stay moved', () => {
  it("still opens: the calendar moves the link's dates, the signed id stays the same", async () => {
    const link = await invite('2027-07-10');
    const token = linkToken({ kind: 'stay', publicId: link.publicId, until: '2027-07-10' });
    // As lib/portal/calendars/stay-rows.ts moveStay does for a moved booking.
    await store.db
      .update(portalCheckinLinks)
      .set({
        arrivalDate: '2027-07-04',
        departureDate: '2027-07-09',
        expiresAt: new Date('2027-07-09T21:59:59Z'),
      })
      .where(eq(portalCheckinLinks.id, link.id));
    expect((await resolveGuestLink(token, NOW)).status).toBe('open');
  });

  it('opens after its signed day when the stay moved later, and expires with the new departure', async () => {
    const link = await invite('2027-07-10');
    const token = linkToken({ kind: 'stay', publicId: link.publicId, until: '2027-07-10' });
    await store.db
      .update(portalCheckinLinks)
      .set({
        arrivalDate: '2027-07-12',
        departureDate: '2027-07-15',
        expiresAt: new Date('2027-07-15T21:59:59Z'),
      })
      .where(eq(portalCheckinLinks.id, link.id));
    const afterSignedDay = new Date('2027-07-11T08:00:00Z');
    expect((await resolveGuestLink(token, afterSignedDay)).status).toBe('open');
    expect(await resolveGuestLink(token, new Date('2027-07-16T08:00:00Z'))).toEqual({
      status: 'expired',
    });
  });

  it('is refused as expired after its signed day once the link is purged', async () => {
    const token = linkToken({ kind: 'stay', publicId: 'A'.repeat(22), until: '2027-07-10' });
    expect(await resolveGuestLink(token, new Date('2027-07-11T08:00:00Z'))).toEqual({
      status: 'expired',
    });
    expect(await resolveGuestLink(token, NOW)).toEqual({ status: 'invalid' });
  });
});

describe('invitations', () => {
  it('work until the end of the departure day (Berlin), then expire', async () => {
    const link = await invite('2027-07-10');
    expect(linkState(link, new Date('2027-07-10T21:59:00Z'))).toBe('open'); // 23:59 in Berlin
    expect(linkState(link, new Date('2027-07-10T22:01:00Z'))).toBe('expired');
    expect(await send(link, [guest('A')], { now: new Date('2027-07-11T08:00:00Z') })).toEqual({
      ok: false,
      reason: 'closed',
    });
  });

  it('stop working when revoked, only by their owner', async () => {
    const link = await invite();
    expect(await revokeInvitation(jens, link.id)).toBe(false);
    expect(linkState((await findLink(anna, link.id))!, NOW)).toBe('open');
    expect(await revokeInvitation(anna, link.id)).toBe(true);
    const revoked = (await linkByPublicId(link.publicId))!;
    expect(linkState(revoked, NOW)).toBe('revoked');
    expect(await send(link, [guest('A')])).toEqual({ ok: false, reason: 'closed' });
  });

  it('take one party: the sending phone corrects it, another phone cannot replace it', async () => {
    const link = await invite();
    const first = await send(link, [guest('Erika'), guest('Max')]);
    expect(first.ok).toBe(true);
    const id = first.ok ? first.id : '';
    const corrected = await send(link, [guest('Erika'), guest('Moritz')], { ownId: id });
    expect(corrected).toEqual({ ok: true, id });
    expect((await guestSubmission(link.id, id))?.guests[1]?.fields.Gast_Vorname).toBe('Moritz');
    expect(await send(link, [guest('Mallory')])).toEqual({ ok: false, reason: 'taken' });
    // Someone else's landlord account does not see it.
    expect(await findSubmission(jens, id)).toBeUndefined();
    expect((await findSubmission(anna, id))?.checkin.guests).toHaveLength(2);
  });

  it('accept the expected guests plus a margin of two, not more', async () => {
    const link = await invite('2027-07-10', 2);
    expect(maxGuests(link)).toBe(4);
    const four = Array.from({ length: 4 }, (_, i) => guest(`G${i}`));
    expect((await send(link, four)).ok).toBe(true);
    const other = await invite('2027-07-10', 2);
    expect(await send(other, [...four, guest('G5')])).toEqual({
      ok: false,
      reason: 'too_many_guests',
    });
  });
});

describe('object codes', () => {
  it('are one per object; rotating gives a new id and the old one finds nothing', async () => {
    const code = await ensureObjectCode(anna, snapshot);
    expect((await ensureObjectCode(anna, snapshot)).id).toBe(code.id);
    expect(code.expectedGuests).toBe(4); // the object's beds
    const sent = await send(code, [guest('A')]);
    expect(sent.ok).toBe(true);
    expect(await rotateObjectCode(jens, code.id)).toBeUndefined();
    const rotated = (await rotateObjectCode(anna, code.id))!;
    expect(rotated.publicId).not.toBe(code.publicId);
    expect(await linkByPublicId(code.publicId)).toBeUndefined();
    expect((await linkByPublicId(rotated.publicId))?.id).toBe(code.id);
    // A submission through the old code (a page opened before the rotation) is refused.
    expect(await send(code, [guest('B')])).toEqual({ ok: false, reason: 'closed' });
    // What was sent before stays for the landlord.
    expect(await findSubmission(anna, sent.ok ? sent.id : '')).toBeDefined();
  });

  it('take a new party from every phone', async () => {
    const code = await ensureObjectCode(anna, snapshot);
    const a = await send(code, [guest('A')], { clientAddress: '192.0.2.1' });
    const b = await send(code, [guest('B')], { clientAddress: '192.0.2.2' });
    expect(a.ok && b.ok && a.id !== b.id).toBe(true);
  });

  it('copy the address fields, not the nationality', () => {
    expect(addressFields(snapshot)).toEqual(['Gast_Strasse', 'Gast_Postleitzahl', 'Gast_Land']);
  });
});

describe('rate limits', () => {
  it('refuse submissions over the budget of one invitation, from any address', async () => {
    const link = await invite();
    const first = await send(link, [guest('A')], { clientAddress: '198.51.100.0' });
    const id = first.ok ? first.id : '';
    for (let i = 1; i < RATE_LIMITS.perLink.stay; i++) {
      expect(
        (await send(link, [guest('A')], { ownId: id, clientAddress: `198.51.100.${i}` })).ok,
      ).toBe(true);
    }
    expect(await send(link, [guest('A')], { ownId: id, clientAddress: '203.0.113.9' })).toEqual({
      ok: false,
      reason: 'rate_limited',
    });
    // The next window starts afresh.
    const later = new Date(NOW.getTime() + RATE_LIMITS.windowSeconds * 1000);
    expect((await send(link, [guest('A')], { ownId: id, now: later })).ok).toBe(true);
  });

  it('refuse submissions over the budget of one address, over all links', async () => {
    const code = await ensureObjectCode(anna, snapshot);
    for (let i = 0; i < RATE_LIMITS.perAddress; i++) {
      expect((await send(code, [guest('A')], { clientAddress: '192.0.2.50' })).ok).toBe(true);
    }
    const link = await invite();
    expect(await send(link, [guest('A')], { clientAddress: '192.0.2.50' })).toEqual({
      ok: false,
      reason: 'rate_limited',
    });
    expect((await send(link, [guest('A')], { clientAddress: '192.0.2.51' })).ok).toBe(true);
  });
});

describe('purge', () => {
  it('deletes submissions 7 days after the stay and invitations 7 days after expiry', async () => {
    const link = await invite('2027-07-10');
    const sent = await send(link, [guest('A')]);
    const id = sent.ok ? sent.id : '';
    expect(await purgeExpiredCheckins(store.db, new Date('2027-07-17T12:00:00Z'))).toEqual({
      checkins: 0,
      links: 0,
      plannedStays: 0,
      mails: 0,
      cards: 0,
      feeds: 0,
    });
    expect(await purgeExpiredCheckins(store.db, new Date('2027-07-18T12:00:00Z'))).toEqual({
      checkins: 1,
      links: 1,
      plannedStays: 0,
      mails: 0,
      cards: 0,
      feeds: 0,
    });
    expect(await guestSubmission(link.id, id)).toBeNull();
    expect(await linkByPublicId(link.publicId)).toBeUndefined();
  });

  it('keeps object codes (they do not expire)', async () => {
    const code = await ensureObjectCode(anna, snapshot);
    await purgeExpiredCheckins(store.db, new Date('2030-01-01T00:00:00Z'));
    expect(await linkByPublicId(code.publicId)).toBeDefined();
  });
});
