// The first password by e-mail (docs/decisions/032), through a real SMTP server in this process:
// a landlord's account made in the office gets exactly one mail with a set-password link; the
// database never holds the token readable (only its hash, and sealed in the outbox until sent);
// the link sets the password once and is refused a second time, after expiry, after a newer link
// and for a deactivated account; a mail whose link a newer one replaced is never sent, also not by
// a sender that takes over a crashed one's claim; a temporary refusal is retried, and two senders
// on one database send each mail once (on PostgreSQL with TEST_DATABASE_URL).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { officeMailOutbox, passwordLinks, staffAudit } from '@/lib/db/schema';
import type { Actor } from '@/lib/office/audit/audit';
import {
  addUserWithInvitation,
  invite,
  invitationStatuses,
} from '@/lib/office/invitations/invitations';
import { changeUserActiveById, updateUser } from '@/lib/office/landlords/edits';
import { claimNextOfficeMail, sendDueOfficeMail } from '@/lib/office/mail/sender';
import { backoffMs, CLAIM_MS, smtpTransport } from '@/lib/smtp';
import {
  LINK_TTL_MS,
  hashToken,
  setPasswordWithLink,
} from '@/lib/office/invitations/password-links';
import { apiClient } from '../helpers/api';
import { useSecondInstance, useTestDb } from '../helpers/db';
import { startSmtp, type TestSmtp } from '../helpers/smtp';

const t = useTestDb();
const second = useSecondInstance(t);
const clerk: Actor = { staffId: null, name: 'clerk' };
const PASSWORD = 'a sentence of several words';
let smtp: TestSmtp;
let counter = 0;

beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.close();
});
beforeEach(() => {
  smtp.received.length = 0;
  smtp.attempts = 0;
  smtp.reject = () => null;
});

const transport = () => smtpTransport(smtp.url)!;
const from = 'Gemeinde Seeblick <amt@seeblick.example>';

async function newAccount(): Promise<{ id: number; username: string; email: string }> {
  const username = `gast${++counter}haus`;
  const email = `${username}@example.org`;
  const id = await addUserWithInvitation(
    t.db,
    { username, email, beherberger: [t.demo.beherberger.seeblickHaus] },
    clerk,
  );
  return { id, username, email };
}

/** The token of the link in a received mail (its text part). */
function tokenIn(text: string | undefined): string {
  const match = /\/passwort\/([A-Za-z0-9_-]{43})/.exec(text ?? '');
  if (!match) throw new Error(`no link in ${text}`);
  return match[1]!;
}

const mailsTo = (email: string) =>
  smtp.received.filter((m) => m.to && JSON.stringify(m.to).includes(email));

describe('the invitation mail', () => {
  it('is sent exactly once, with a link the database holds only as a hash', async () => {
    const account = await newAccount();
    expect(await sendDueOfficeMail(t.db, transport(), { from })).toEqual({
      sent: 1,
      retry: 0,
      failed: 0,
    });
    expect(await sendDueOfficeMail(t.db, transport(), { from })).toEqual({
      sent: 0,
      retry: 0,
      failed: 0,
    });
    const mails = mailsTo(account.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Ihr Zugang zum Meldeportal');
    expect(mails[0]!.text).toContain(account.username);
    const token = tokenIn(mails[0]!.text);
    expect(mails[0]!.html).toContain(`/passwort/${token}`);

    // Nowhere in the database readable: links keep the hash, the sent mail no longer the token.
    const dump = JSON.stringify([
      await t.db.select().from(passwordLinks),
      await t.db.select().from(officeMailOutbox),
      await t.db.select().from(staffAudit),
    ]);
    expect(dump).not.toContain(token);
    expect(dump).toContain(hashToken(token));
    const [row] = await t.db
      .select()
      .from(officeMailOutbox)
      .where(eq(officeMailOutbox.toAddress, account.email));
    expect(row).toMatchObject({ state: 'sent', sealedToken: null });

    const status = (await invitationStatuses(t.db, 'user', [account.id])).get(account.id);
    expect(status).toMatchObject({ link: 'open', mail: 'sent' });
  });

  it('sets the password once; the account signs in with it; the link is refused a second time', async () => {
    const account = await newAccount();
    await sendDueOfficeMail(t.db, transport(), { from });
    const token = tokenIn(mailsTo(account.email)[0]!.text);
    const api = apiClient(t);
    expect(
      (await api.post('token/', { username: account.username, password: PASSWORD })).status,
    ).toBe(401);

    expect(await setPasswordWithLink(t.db, token, 'too short', new Date())).toEqual({
      ok: false,
      reason: 'too_short',
    });
    const done = await setPasswordWithLink(t.db, token, PASSWORD, new Date());
    expect(done).toMatchObject({ ok: true, account: { kind: 'user', id: account.id } });
    expect(
      (await api.post('token/', { username: account.username, password: PASSWORD })).status,
    ).toBe(200);
    expect(await setPasswordWithLink(t.db, token, 'another long password', new Date())).toEqual({
      ok: false,
      reason: 'invalid_link',
    });
    expect((await invitationStatuses(t.db, 'user', [account.id])).get(account.id)?.link).toBe(
      'used',
    );
    const actions = (
      await t.db
        .select()
        .from(staffAudit)
        .where(eq(staffAudit.subject, `user:${account.id}`))
    ).map((a) => a.action);
    expect(actions).toEqual(['user.create', 'user.invite', 'user.password_set_by_link']);
  });

  it('is refused after expiry, after a newer link, and for a deactivated account', async () => {
    const account = await newAccount();
    await sendDueOfficeMail(t.db, transport(), { from });
    const first = tokenIn(mailsTo(account.email)[0]!.text);
    const later = new Date(Date.now() + LINK_TTL_MS + 60_000);
    expect(await setPasswordWithLink(t.db, first, PASSWORD, later)).toEqual({
      ok: false,
      reason: 'invalid_link',
    });

    await invite(t.db, 'user', account.id, clerk, 'en');
    await sendDueOfficeMail(t.db, transport(), { from });
    const mails = mailsTo(account.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('Your access to the Meldeportal');
    const newer = tokenIn(mails[1]!.text);
    expect(mails[1]!.text).toContain(`/passwort/${newer}?lang=en`);
    expect(await setPasswordWithLink(t.db, first, PASSWORD, new Date())).toMatchObject({
      ok: false,
    });

    await changeUserActiveById(t.db, account.id, false, clerk);
    expect(await setPasswordWithLink(t.db, newer, PASSWORD, new Date())).toMatchObject({
      ok: false,
    });
    await changeUserActiveById(t.db, account.id, true, clerk);
    // Deactivating revoked the link for good: activating does not bring it back.
    expect(await setPasswordWithLink(t.db, newer, PASSWORD, new Date())).toMatchObject({
      ok: false,
    });
  });

  it('is withdrawn when the account gets another e-mail address: the old link and its waiting mail', async () => {
    const account = await newAccount();
    const [link] = await t.db
      .select()
      .from(passwordLinks)
      .where(eq(passwordLinks.accountId, account.id));
    const newAddress = `neu-${account.email}`;
    // The mail to the old address still waits (no round yet); the office corrects the address.
    await updateUser(
      t.db,
      account.id,
      { email: newAddress, first_name: '', last_name: '', alias: '', permissions: [] },
      clerk,
    );
    expect(await sendDueOfficeMail(t.db, transport(), { from })).toEqual({
      sent: 0,
      retry: 0,
      failed: 0,
    });
    expect(mailsTo(account.email)).toHaveLength(0);
    const [mail] = await t.db
      .select()
      .from(officeMailOutbox)
      .where(eq(officeMailOutbox.linkId, link!.id));
    expect([mail!.state, mail!.lastError, mail!.sealedToken]).toEqual([
      'failed',
      'withdrawn',
      null,
    ]);
    expect((await invitationStatuses(t.db, 'user', [account.id])).get(account.id)).toMatchObject({
      link: 'revoked',
      mail: 'failed',
    });
    // A new invitation goes to the new address, and its link works.
    await invite(t.db, 'user', account.id, clerk);
    await sendDueOfficeMail(t.db, transport(), { from });
    expect(
      mailsTo(account.email).filter((m) => !JSON.stringify(m.to).includes('neu-')),
    ).toHaveLength(0);
    const [sent] = mailsTo(newAddress);
    expect(
      await setPasswordWithLink(t.db, tokenIn(sent!.text), PASSWORD, new Date()),
    ).toMatchObject({
      ok: true,
    });
  });

  it('keeps its link when only the letter case of the address changes', async () => {
    const account = await newAccount();
    await updateUser(
      t.db,
      account.id,
      {
        email: account.email.toUpperCase(),
        first_name: '',
        last_name: '',
        alias: '',
        permissions: [],
      },
      clerk,
    );
    expect((await invitationStatuses(t.db, 'user', [account.id])).get(account.id)).toMatchObject({
      link: 'open',
      mail: 'waiting',
    });
  });

  it('lets one of two parallel uses of a link through', async () => {
    const account = await newAccount();
    await sendDueOfficeMail(t.db, transport(), { from });
    const token = tokenIn(mailsTo(account.email)[0]!.text);
    const outcomes = await Promise.all([
      setPasswordWithLink(t.db, token, 'the first long password', new Date()),
      setPasswordWithLink(second.db, token, 'the second long password', new Date()),
    ]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
  });
});

describe('the office outbox', () => {
  it('never sends a mail whose link was replaced, also not after a crashed sender', async () => {
    const account = await newAccount();
    // A sender claims the mail and dies before SMTP.
    const claimed = await claimNextOfficeMail(t.db, new Date());
    expect(claimed?.toAddress).toBe(account.email);
    // Meanwhile the office sends a new link; the old mail must never go out.
    await invite(t.db, 'user', account.id, clerk);
    const afterClaim = () => new Date(Date.now() + CLAIM_MS + 1000);
    const result = await sendDueOfficeMail(t.db, transport(), { from, now: afterClaim });
    expect(result).toEqual({ sent: 1, retry: 0, failed: 1 });
    const mails = mailsTo(account.email);
    expect(mails).toHaveLength(1);
    const rows = await t.db
      .select()
      .from(officeMailOutbox)
      .where(eq(officeMailOutbox.toAddress, account.email));
    expect(rows.map((r) => [r.state, r.lastError, r.sealedToken]).sort()).toEqual([
      ['failed', 'withdrawn', null],
      ['sent', null, null],
    ]);
    expect(
      await setPasswordWithLink(t.db, tokenIn(mails[0]!.text), PASSWORD, new Date()),
    ).toMatchObject({
      ok: true,
    });
  });

  it('retries a temporary refusal after its backoff, then delivers once', async () => {
    const account = await newAccount();
    smtp.reject = (attempt) => (attempt === 1 ? 451 : null);
    const now = new Date();
    expect(await sendDueOfficeMail(t.db, transport(), { from, now: () => now })).toEqual({
      sent: 0,
      retry: 1,
      failed: 0,
    });
    expect(await sendDueOfficeMail(t.db, transport(), { from, now: () => now })).toEqual({
      sent: 0,
      retry: 0,
      failed: 0,
    });
    const later = new Date(now.getTime() + backoffMs(1) + 1000);
    expect(await sendDueOfficeMail(t.db, transport(), { from, now: () => later })).toEqual({
      sent: 1,
      retry: 0,
      failed: 0,
    });
    expect(mailsTo(account.email)).toHaveLength(1);
  });

  it('sends every mail once when two senders run at the same time', async () => {
    const accounts = [];
    for (let i = 0; i < 8; i++) accounts.push(await newAccount());
    await Promise.all([
      sendDueOfficeMail(t.db, transport(), { from }),
      sendDueOfficeMail(second.db, transport(), { from }),
    ]);
    for (const a of accounts) expect(mailsTo(a.email)).toHaveLength(1);
  });
});
