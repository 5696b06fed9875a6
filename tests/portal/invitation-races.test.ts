// Invitations when things happen at once or a sender dies, on a real database (PGlite, and
// PostgreSQL with TEST_DATABASE_URL, where a second pool stands for a second instance) and a real
// SMTP server: a withdrawn or cancelled invitation whose sender died mid-send is not sent by the
// instance that takes the row over; the check-in page and the mail make an invitation through one
// maker, so two makers of one stay's invitation at once leave one link and one mail.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  portalCheckinLinks,
  portalCheckins,
  portalInvitationSettings,
  portalMailOutbox,
  portalPlannedStays,
} from '@/lib/db/schema';
import type { CheckinSnapshot } from '@/lib/portal/checkin/snapshot';
import {
  makeInvitation,
  sendInvitationNow,
  withdrawInvitation,
} from '@/lib/portal/invitations/send';
import { WITHDRAWN } from '@/lib/portal/mail/outbox';
import { claimNext, sendDueMail } from '@/lib/portal/mail/sender';
import { CLAIM_MS, smtpTransport } from '@/lib/smtp';
import { cancelPlannedStay, findPlannedStay } from '@/lib/portal/stays/planned';
import { addDays, berlinToday } from '@/lib/wire/time';
import { useSecondInstance, useTestDb } from '../helpers/db';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { anna } from './fixtures';

const t = useTestDb();
const second = useSecondInstance(t);
const snapshot: CheckinSnapshot = {
  objekt: { id: 7, alias: 'Möwennest', address: 'Strandweg 1', beds: 4 },
  gemeinde: { id: 1, alias: 'Seeblick', fields: [], tarife: [] },
};
const sender = { snapshot, landlordName: 'Anna Muster' };
const ARRIVAL = addDays(berlinToday(), 30);
const DEPARTURE = addDays(ARRIVAL, 7);

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.close();
});
beforeEach(async () => {
  for (const table of [
    portalMailOutbox,
    portalCheckins,
    portalCheckinLinks,
    portalPlannedStays,
    portalInvitationSettings,
  ])
    await t.db.delete(table);
  smtp.received.length = 0;
});

async function plannedStay() {
  const id = randomUUID();
  await t.db.insert(portalPlannedStays).values({
    id,
    ...anna,
    gemeindeId: 1,
    objektId: 7,
    arrivalDate: ARRIVAL,
    departureDate: DEPARTURE,
    expectedGuests: 2,
    source: 'manual',
    guestEmail: 'gast@example.org',
  });
  return id;
}

const mails = () => t.db.select().from(portalMailOutbox).orderBy(portalMailOutbox.createdAt);
const links = () => t.db.select().from(portalCheckinLinks);

/** A sender that claims the next due mail and dies before SMTP; returns when its claim runs out. */
async function senderDiesMidSend(): Promise<Date> {
  const claimedAt = new Date();
  const row = await claimNext(t.db, claimedAt);
  expect(row?.state).toBe('sending');
  return new Date(claimedAt.getTime() + CLAIM_MS + 1000);
}

/** The other instance's sender, after the dead sender's claim ran out. */
const otherSenderAt = (at: Date) =>
  sendDueMail(second.db, smtpTransport(smtp.url)!, { now: () => at });

describe('a sender dies in the middle of sending', () => {
  it('does not send a withdrawn invitation when another instance takes the row over', async () => {
    const id = await plannedStay();
    expect((await sendInvitationNow(t.db, anna, id, sender)).ok).toBe(true);
    const expired = await senderDiesMidSend();
    // The landlord withdraws while the row is `sending` (the dead sender's claim holds it).
    expect(await withdrawInvitation(t.db, anna, id)).toMatchObject({ links: 1 });
    expect(await otherSenderAt(expired)).toEqual({ sent: 0, retry: 0, failed: 1 });
    expect(smtp.received).toHaveLength(0);
    expect((await mails())[0]).toMatchObject({
      state: 'failed',
      lastError: WITHDRAWN,
      claimedUntil: null,
    });
  });

  it('does not send a cancelled stay’s invitation', async () => {
    const id = await plannedStay();
    await sendInvitationNow(t.db, anna, id, sender);
    const expired = await senderDiesMidSend();
    await cancelPlannedStay(anna, id, new Date(), t.db);
    expect(await otherSenderAt(expired)).toMatchObject({ sent: 0, failed: 1 });
    expect(smtp.received).toHaveLength(0);
  });

  it('sends the new invitation, not the withdrawn one, when the landlord sent again', async () => {
    const id = await plannedStay();
    await sendInvitationNow(t.db, anna, id, sender);
    const expired = await senderDiesMidSend();
    await withdrawInvitation(t.db, anna, id);
    // Sent again: a new link (the old one stays withdrawn) and a new mail.
    expect((await sendInvitationNow(t.db, anna, id, sender)).ok).toBe(true);
    const fresh = (await links()).find((l) => !l.revokedAt)!;
    expect(await otherSenderAt(expired)).toEqual({ sent: 1, retry: 0, failed: 1 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.text).toContain(`/checkin/e${fresh.publicId}`);
    expect((await mails()).map((m) => m.state)).toEqual(['failed', 'sent']);
  });

  it('still sends a live invitation whose sender died (the claim runs out, another sends it)', async () => {
    const id = await plannedStay();
    await sendInvitationNow(t.db, anna, id, sender);
    const expired = await senderDiesMidSend();
    expect(await otherSenderAt(expired)).toEqual({ sent: 1, retry: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });
});

describe('one maker of invitations', () => {
  const pageInput = {
    snapshot,
    dates: { arrival: ARRIVAL, departure: DEPARTURE },
    expectedGuests: 2,
  };

  it('the check-in page reuses the link the mail carries, and the mail the page’s link', async () => {
    const mailed = await plannedStay();
    const sent = await sendInvitationNow(t.db, anna, mailed, sender);
    const made = await makeInvitation(t.db, anna, mailed, pageInput);
    expect(sent.ok && sent.mail.linkId).toBe(made!.id);

    const paged = await plannedStay();
    const link = await makeInvitation(t.db, anna, paged, pageInput);
    expect((await findPlannedStay(anna, paged, t.db))!.state).toBe('invited');
    const later = await sendInvitationNow(t.db, anna, paged, sender);
    expect(later.ok && later.mail.linkId).toBe(link!.id);
    expect(later.ok && later.mail.text).toContain(`/checkin/e${link!.publicId}`);
    expect(await links()).toHaveLength(2);
  });

  it('makes a new link when the page names other dates, none for a cancelled stay', async () => {
    const id = await plannedStay();
    const first = await makeInvitation(t.db, anna, id, pageInput);
    const shorter = { ...pageInput, dates: { arrival: ARRIVAL, departure: addDays(ARRIVAL, 3) } };
    const other = await makeInvitation(t.db, anna, id, shorter);
    expect(other!.id).not.toBe(first!.id);
    expect(other).toMatchObject({ arrivalDate: ARRIVAL, departureDate: addDays(ARRIVAL, 3) });
    await cancelPlannedStay(anna, id, new Date(), t.db);
    expect(await makeInvitation(t.db, anna, id, pageInput)).toBeUndefined();
  });

  it('two makers of one stay’s invitation at once (page and mail, two instances): one link, one mail', async () => {
    const ids = await Promise.all(Array.from({ length: 8 }, () => plannedStay()));
    await Promise.all(
      ids.flatMap((id) => [
        makeInvitation(t.db, anna, id, pageInput),
        sendInvitationNow(second.db, anna, id, sender),
        makeInvitation(second.db, anna, id, pageInput),
      ]),
    );
    const all = await links();
    const sentMails = await mails();
    expect(all).toHaveLength(ids.length);
    expect(sentMails).toHaveLength(ids.length);
    for (const id of ids) {
      const link = all.find((l) => l.plannedStayId === id)!;
      const mail = sentMails.find((m) => m.plannedStayId === id)!;
      expect(mail.linkId).toBe(link.id);
      expect(mail.text).toContain(`/checkin/e${link.publicId}`);
    }
  });
});
