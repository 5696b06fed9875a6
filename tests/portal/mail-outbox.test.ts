// The mail outbox against a real SMTP server in this process (smtp-server, parsed with
// mailparser): delivery, a temporary refusal retried after its backoff, a permanent refusal
// recorded with the reason, a crashed sender's claim running out, and two database handles
// sending one outbox at once (every mail once; on PostgreSQL with TEST_DATABASE_URL).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { portalMailOutbox } from '@/lib/db/schema';
import { enqueueMail, listMail, type NewMail } from '@/lib/portal/mail/outbox';
import { claimNext, sendDueMail } from '@/lib/portal/mail/sender';
import { backoffMs, CLAIM_MS, MAX_ATTEMPTS, smtpTransport } from '@/lib/smtp';
import { useSecondInstance, useTestDb } from '../helpers/db';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { anna } from './fixtures';

const t = useTestDb();
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.close();
});
beforeEach(async () => {
  await t.db.delete(portalMailOutbox);
  smtp.received.length = 0;
  smtp.attempts = 0;
  smtp.reject = () => null;
});

const mail = (n = 1): NewMail => ({
  kind: 'invitation',
  to: `gast${n}@example.org`,
  plannedStayId: null,
  subject: `Online-Check-in ${n}`,
  text: `Hallo ${n}`,
  html: `<p>Hallo ${n}</p>`,
});

const rows = () => t.db.select().from(portalMailOutbox);
const from = 'Ferienwohnung Anna <anna@example.org>';

describe('mail outbox', () => {
  it('delivers a queued message with both parts and marks it sent', async () => {
    const queued = await enqueueMail(t.db, anna, mail());
    const result = await sendDueMail(t.db, smtpTransport(smtp.url)!, { from });
    expect(result).toEqual({ sent: 1, retry: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const got = smtp.received[0]!;
    expect(got.subject).toBe('Online-Check-in 1');
    expect(got.text?.trim()).toBe('Hallo 1');
    expect(got.html).toContain('<p>Hallo 1</p>');
    expect(got.from?.value[0]).toMatchObject({
      name: 'Ferienwohnung Anna',
      address: 'anna@example.org',
    });
    expect(got.messageId).toBe(`<${queued.id}@example.org>`);
    const [row] = await rows();
    expect(row).toMatchObject({ state: 'sent', attempts: 1, claimedUntil: null, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
    // Nothing left to send: a second round sends nothing again.
    expect(await sendDueMail(t.db, smtpTransport(smtp.url)!, { from })).toEqual({
      sent: 0,
      retry: 0,
      failed: 0,
    });
    expect(smtp.received).toHaveLength(1);
  });

  it('sends a message at the instant it was queued (the sender and the queue keep one clock)', async () => {
    const at = new Date();
    await enqueueMail(t.db, anna, mail(), at);
    const sent = await sendDueMail(t.db, smtpTransport(smtp.url)!, { from, now: () => at });
    expect(sent).toMatchObject({ sent: 1 });
  });

  it('retries a temporary refusal (4xx) after its backoff, then delivers once', async () => {
    smtp.reject = (attempt) => (attempt === 1 ? 451 : null);
    await enqueueMail(t.db, anna, mail());
    const t0 = new Date();
    const transport = smtpTransport(smtp.url)!;
    expect(await sendDueMail(t.db, transport, { from, now: () => t0 })).toMatchObject({ retry: 1 });
    let [row] = await rows();
    expect(row).toMatchObject({ state: 'waiting', attempts: 1 });
    expect(row!.lastError).toMatch(/^smtp 451/);
    expect(row!.nextAttemptAt.getTime()).toBe(t0.getTime() + backoffMs(1));
    // Not yet due: nothing is tried.
    const early = new Date(t0.getTime() + backoffMs(1) - 1000);
    expect(await sendDueMail(t.db, transport, { from, now: () => early })).toMatchObject({
      sent: 0,
      retry: 0,
    });
    const later = new Date(t0.getTime() + backoffMs(1) + 1000);
    expect(await sendDueMail(t.db, transport, { from, now: () => later })).toMatchObject({
      sent: 1,
    });
    [row] = await rows();
    expect(row).toMatchObject({ state: 'sent', attempts: 2, lastError: null });
    expect(smtp.received).toHaveLength(1);
  });

  it('records a permanent refusal (5xx) with the reason and never retries it', async () => {
    smtp.reject = () => 550;
    await enqueueMail(t.db, anna, mail());
    const transport = smtpTransport(smtp.url)!;
    expect(await sendDueMail(t.db, transport, { from })).toMatchObject({ failed: 1 });
    const [shown] = await listMail(t.db, anna);
    expect(shown).toMatchObject({ state: 'failed', attempts: 1 });
    expect(shown!.lastError).toMatch(/^smtp 550/);
    const much = new Date(Date.now() + 86_400_000);
    expect(await sendDueMail(t.db, transport, { from, now: () => much })).toMatchObject({
      failed: 0,
      sent: 0,
    });
    expect(smtp.attempts).toBe(1);
  });

  it('retries a refused connection and gives up after MAX_ATTEMPTS', async () => {
    await enqueueMail(t.db, anna, mail());
    // A port nobody listens on: the SMTP server's, after it is closed.
    const gone = await startSmtp();
    await gone.close();
    const transport = smtpTransport(gone.url)!;
    let at = Date.now();
    for (let i = 1; i <= MAX_ATTEMPTS; i++) {
      const when = at;
      const r = await sendDueMail(t.db, transport, { from, now: () => new Date(when) });
      expect(r).toMatchObject(i < MAX_ATTEMPTS ? { retry: 1 } : { failed: 1 });
      at += backoffMs(i) + 1000;
    }
    const [row] = await rows();
    expect(row).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS });
    expect(row!.lastError).toMatch(/^connection E[A-Z]+$/);
  });

  it("takes over a crashed sender's message once its claim has run out", async () => {
    const queued = await enqueueMail(t.db, anna, mail());
    const t0 = new Date();
    const claimed = await claimNext(t.db, t0); // …and the sender dies here.
    expect(claimed?.id).toBe(queued.id);
    expect(await claimNext(t.db, new Date(t0.getTime() + CLAIM_MS - 1000))).toBeNull();
    const after = new Date(t0.getTime() + CLAIM_MS + 1000);
    expect(await sendDueMail(t.db, smtpTransport(smtp.url)!, { from, now: () => after })).toEqual({
      sent: 1,
      retry: 0,
      failed: 0,
    });
    expect(smtp.received).toHaveLength(1);
  });
});

describe('two instances on one database', () => {
  const second = useSecondInstance(t);

  it('sends every message exactly once when two senders run at the same time', async () => {
    const n = 40;
    for (let i = 0; i < n; i++) await enqueueMail(t.db, anna, mail(i));
    const other = second.db;
    const results = await Promise.all([
      sendDueMail(t.db, smtpTransport(smtp.url)!, { from, max: n }),
      sendDueMail(other, smtpTransport(smtp.url)!, { from, max: n }),
      sendDueMail(other, smtpTransport(smtp.url)!, { from, max: n }),
    ]);
    expect(results.reduce((s, r) => s + r.sent, 0)).toBe(n);
    const subjects = smtp.received.map((m) => m.subject).sort();
    expect(subjects).toHaveLength(n);
    expect(new Set(subjects).size).toBe(n);
    expect((await rows()).every((r) => r.state === 'sent' && r.attempts === 1)).toBe(true);
    if (t.url) expect(results.filter((r) => r.sent > 0).length).toBeGreaterThan(1);
  });
});
