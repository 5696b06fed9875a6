// Automatic and manual invitations of planned stays on a real database: the job queues the
// invitation 7 days before arrival (making the check-in link, hung off the stay, and moving the
// stay to `invited`), the reminder 2 days before, nothing after a check-in or a cancellation;
// the landlord sends, resends and withdraws; a round delivers to a real SMTP server with a link
// that leads to the stay's invitation; two instances planning at once queue one invitation.
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
import { linkByPublicId } from '@/lib/portal/checkin/links';
import { purgeExpiredCheckins } from '@/lib/portal/purge';
import { readLinkToken } from '@/lib/portal/checkin/token';
import { findPlannedStay } from '@/lib/portal/stays/planned';
import { sendInvitationNow, withdrawInvitation } from '@/lib/portal/invitations/send';
import { saveSettings } from '@/lib/portal/invitations/settings';
import { mailRound, planInvitations } from '@/lib/portal/invitations/job';
import { smtpTransport } from '@/lib/smtp';
import type { Owner } from '@/lib/portal/session/session';
import { addDays, berlinToday } from '@/lib/wire/time';
import { useSecondInstance, useTestDb } from '../helpers/db';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { anna } from './fixtures';

const t = useTestDb();
const bert: Owner = { serviceUrl: 'http://localhost:3000/api/', username: 'bert' };
const snapshot: CheckinSnapshot = {
  objekt: { id: 7, alias: 'Möwennest', address: 'Strandweg 1', beds: 4 },
  gemeinde: { id: 1, alias: 'Seeblick', fields: [], tarife: [] },
};
const ARRIVAL = addDays(berlinToday(), 30);
/** Noon (Berlin summer or winter alike) of the day `n` days from arrival. */
const at = (n: number) => new Date(`${addDays(ARRIVAL, n)}T10:00:00Z`);

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
  await saveSettings(t.db, anna, {
    snapshot,
    landlordName: 'Anna Muster',
    auto: { autoInvite: true, daysBefore: 7 },
  });
});

async function plannedStay(over: Partial<typeof portalPlannedStays.$inferInsert> = {}) {
  const id = randomUUID();
  await t.db.insert(portalPlannedStays).values({
    id,
    ...anna,
    gemeindeId: 1,
    objektId: 7,
    arrivalDate: ARRIVAL,
    departureDate: addDays(ARRIVAL, 7),
    expectedGuests: 2,
    source: 'manual',
    guestEmail: 'gast@example.org',
    ...over,
  });
  return id;
}

const mails = () => t.db.select().from(portalMailOutbox).orderBy(portalMailOutbox.createdAt);
const links = () => t.db.select().from(portalCheckinLinks);

describe('automatic invitations', () => {
  it('invites 7 days before arrival, once, and reminds 2 days before', async () => {
    const id = await plannedStay();
    expect(await planInvitations(t.db, at(-8))).toEqual({ invitation: 0, reminder: 0 });
    expect(await planInvitations(t.db, at(-7))).toEqual({ invitation: 1, reminder: 0 });
    expect(await planInvitations(t.db, at(-7))).toEqual({ invitation: 0, reminder: 0 });
    expect(await planInvitations(t.db, at(-3))).toEqual({ invitation: 0, reminder: 0 });
    const [link] = await links();
    expect(link).toMatchObject({ plannedStayId: id, kind: 'stay', arrivalDate: ARRIVAL });
    expect((await findPlannedStay(anna, id, t.db))!.state).toBe('invited');
    const [invitation] = await mails();
    expect(invitation).toMatchObject({ kind: 'invitation', state: 'waiting', plannedStayId: id });
    expect(invitation!.toAddress).toBe('gast@example.org');
    expect(invitation!.text).toContain(`/checkin/e${link!.publicId}`);

    expect(await planInvitations(t.db, at(-2))).toEqual({ invitation: 0, reminder: 1 });
    expect(await planInvitations(t.db, at(-1))).toEqual({ invitation: 0, reminder: 0 });
    const all = await mails();
    expect(all.map((m) => m.kind)).toEqual(['invitation', 'reminder']);
    // The reminder points to the same link.
    expect(await links()).toHaveLength(1);
    expect(all[1]!.text).toContain(`/checkin/e${link!.publicId}`);
  });

  it('invites at once when the stay is nearer than the lead time', async () => {
    await plannedStay();
    expect(await planInvitations(t.db, at(-3))).toEqual({ invitation: 1, reminder: 0 });
  });

  it('sends no reminder once the guests have checked in, nothing to cancelled stays', async () => {
    await plannedStay();
    await plannedStay({ state: 'cancelled', guestEmail: 'weg@example.org' });
    await plannedStay({ guestEmail: null });
    expect(await planInvitations(t.db, at(-7))).toEqual({ invitation: 1, reminder: 0 });
    const [link] = await links();
    await t.db.insert(portalCheckins).values({
      id: randomUUID(),
      linkId: link!.id,
      arrivalDate: ARRIVAL,
      departureDate: addDays(ARRIVAL, 7),
      guests: [{ tarifId: '1', fields: { Gast_Name: 'Muster' } }],
      lang: 'de',
      purgeAfter: at(30),
    });
    expect(await planInvitations(t.db, at(-2))).toEqual({ invitation: 0, reminder: 0 });
    expect(await mails()).toHaveLength(1);
  });

  it('sends nothing for objects switched off', async () => {
    await saveSettings(t.db, anna, {
      snapshot,
      landlordName: 'Anna Muster',
      auto: { autoInvite: false, daysBefore: 7 },
    });
    await plannedStay();
    expect(await planInvitations(t.db, at(-3))).toEqual({ invitation: 0, reminder: 0 });
  });

  it('reaches every due stay in one round, however many batches its candidates take', async () => {
    // Seven stays invited yesterday for tomorrow: candidates each round (no reminder yet), but
    // not due (no reminder the day after an invitation). They arrive first.
    for (let i = 0; i < 7; i++) await plannedStay({ guestEmail: `frueh${i}@example.org` });
    expect(await planInvitations(t.db, at(-2), 5)).toEqual({ invitation: 7, reminder: 0 });
    // Seven more arriving a day later, due today: none may wait behind the first seven.
    for (let i = 0; i < 7; i++)
      await plannedStay({ arrivalDate: addDays(ARRIVAL, 1), guestEmail: `spaet${i}@example.org` });
    expect(await planInvitations(t.db, at(-1), 5)).toEqual({ invitation: 7, reminder: 0 });
    expect(await mails()).toHaveLength(14);
    expect(await planInvitations(t.db, at(-1), 5)).toEqual({ invitation: 0, reminder: 0 });
  });

  it('delivers the round to SMTP with a link that leads to the stay', async () => {
    const id = await plannedStay({ guestLang: 'en' });
    const alias = '<script>alert(1)</script> Möwennest';
    await saveSettings(t.db, anna, {
      snapshot: { ...snapshot, objekt: { ...snapshot.objekt, alias } },
      landlordName: 'Anna <b>Muster</b>',
    });
    const round = await mailRound(t.db, smtpTransport(smtp.url), at(-7));
    expect(round).toMatchObject({ invitation: 1, sent: { sent: 1, retry: 0, failed: 0 } });
    const got = smtp.received[0]!;
    expect(got.subject).toBe(`Online check-in for your stay at ${alias}`);
    expect(got.html).not.toMatch(/<script|<b>/);
    expect(got.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Möwennest');
    expect(got.text).toContain('Anna <b>Muster</b>');
    const url = /https?:\/\/\S+\/checkin\/\S+/.exec(got.text ?? '');
    const link = new URL(url![0]);
    // The page opens in the mail's language, whatever the guest's phone prefers (proxy.ts).
    expect(link.searchParams.get('lang')).toBe('en');
    const claims = readLinkToken(link.pathname.split('/').pop()!);
    expect(claims).toMatchObject({ kind: 'stay', until: addDays(ARRIVAL, 7) });
    expect((await linkByPublicId(claims!.publicId))?.plannedStayId).toBe(id);
    expect(got.html).toContain(`href="${url![0]}"`);
  });
});

describe('sending by hand', () => {
  it('sends and resends with one link; someone else’s stay is not found', async () => {
    const id = await plannedStay({ arrivalDate: addDays(ARRIVAL, 40) });
    const sender = { snapshot, landlordName: 'Anna Muster' };
    expect((await sendInvitationNow(t.db, anna, id, sender)).ok).toBe(true);
    expect((await sendInvitationNow(t.db, anna, id, sender)).ok).toBe(true);
    expect(await mails()).toHaveLength(2);
    expect(await links()).toHaveLength(1);
    expect(await sendInvitationNow(t.db, bert, id, sender)).toEqual({
      ok: false,
      reason: 'notFound',
    });
    const noMail = await plannedStay({ guestEmail: null });
    expect(await sendInvitationNow(t.db, anna, noMail, sender)).toEqual({
      ok: false,
      reason: 'noEmail',
    });
  });

  it('sends to the address the landlord typed, saved with it in one go', async () => {
    const id = await plannedStay({ guestEmail: null });
    const sender = { snapshot, landlordName: 'Anna Muster' };
    const contact = { guestEmail: 'ilse@example.org', guestLang: 'en' as const };
    // Someone else's stay: nothing is sent, nothing of the contact is kept.
    expect(await sendInvitationNow(t.db, bert, id, sender, { contact })).toEqual({
      ok: false,
      reason: 'notFound',
    });
    expect(await findPlannedStay(anna, id, t.db)).toMatchObject({ guestEmail: null });
    const sent = await sendInvitationNow(t.db, anna, id, sender, { contact });
    expect(sent.ok && sent.mail).toMatchObject({
      toAddress: 'ilse@example.org',
      kind: 'invitation',
    });
    expect(sent.ok && sent.mail.subject).toMatch(/^Online check-in/);
    expect(await findPlannedStay(anna, id, t.db)).toMatchObject({
      guestEmail: 'ilse@example.org',
      guestLang: 'en',
      state: 'invited',
    });
    // An address cleared in the form is not sent to.
    const cleared = { guestEmail: null, guestLang: 'de' as const };
    expect(await sendInvitationNow(t.db, anna, id, sender, { contact: cleared })).toEqual({
      ok: false,
      reason: 'noEmail',
    });
  });

  it('withdraws: the link stops working, waiting mail is not sent, the stay is planned again', async () => {
    const id = await plannedStay();
    await sendInvitationNow(t.db, anna, id, { snapshot, landlordName: 'Anna Muster' });
    expect(await withdrawInvitation(t.db, bert, id)).toEqual({ links: 0, mails: 0 });
    expect(await withdrawInvitation(t.db, anna, id)).toEqual({ links: 1, mails: 1 });
    expect((await links())[0]!.revokedAt).toBeInstanceOf(Date);
    expect((await mails())[0]).toMatchObject({ state: 'failed', lastError: 'withdrawn' });
    expect((await findPlannedStay(anna, id, t.db))!.state).toBe('planned');
    // The job does not send it again by itself (the landlord withdrew it), nor a reminder.
    expect(await planInvitations(t.db, at(-2))).toEqual({ invitation: 0, reminder: 0 });
    expect(await mailRound(t.db, smtpTransport(smtp.url), at(-2))).toMatchObject({
      sent: { sent: 0 },
    });
  });
});

describe('two instances planning at once', () => {
  const second = useSecondInstance(t);

  it('queues each invitation once', async () => {
    for (let i = 0; i < 10; i++) await plannedStay({ guestEmail: `gast${i}@example.org` });
    const other = second.db;
    const results = await Promise.all([
      planInvitations(t.db, at(-7)),
      planInvitations(other, at(-7)),
      planInvitations(other, at(-7)),
    ]);
    expect(results.reduce((n, r) => n + r.invitation, 0)).toBe(10);
    expect(await mails()).toHaveLength(10);
    expect(await links()).toHaveLength(10);
  });
});

describe('purge', () => {
  it('erases planned stays, their contacts and mails 7 days after departure', async () => {
    const departure = addDays(ARRIVAL, 7);
    const gone = await plannedStay();
    const kept = await plannedStay({ departureDate: addDays(departure, 1) });
    const sender = { snapshot, landlordName: 'Anna Muster' };
    await sendInvitationNow(t.db, anna, gone, sender);
    await sendInvitationNow(t.db, anna, kept, sender);
    const day = (n: number) => new Date(`${addDays(departure, n)}T10:00:00Z`);
    expect(await purgeExpiredCheckins(t.db, day(7))).toMatchObject({ plannedStays: 0, mails: 0 });
    expect(await purgeExpiredCheckins(t.db, day(8))).toMatchObject({
      plannedStays: 1,
      mails: 1,
      links: 1,
    });
    expect(await findPlannedStay(anna, gone, t.db)).toBeUndefined();
    expect((await mails()).map((m) => m.plannedStayId)).toEqual([kept]);
    expect(await findPlannedStay(anna, kept, t.db)).toBeDefined();
  });
});
