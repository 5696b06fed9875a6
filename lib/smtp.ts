// The one sender of the portal's outbox (lib/portal/mail) and the office's (lib/office/mail), as
// decision 016 describes it: claim one due row per statement (FOR UPDATE SKIP LOCKED: instances
// never take the same row; a claim that ran out after CLAIM_MS belongs to a sender that died and is
// taken again), ask the outbox whether the mail is still live right before SMTP (a withdrawn one is
// never sent, also not by a sender that took the row over), send it with the row's id as
// Message-ID, and settle it: only the claim's holder may, sent, waiting again after the backoff
// (4xx answers, broken connections) or failed (5xx answers, the last try). Every SMTP timeout is
// far below the claim. Each outbox gives its table, its "still live" check, its words and what it
// erases once a row is settled (`Outbox`). No `server-only`: the background jobs import it.
import { and, eq, lte, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import nodemailer from 'nodemailer';
import type { Db } from './db';
import { env } from './env';

/** The columns every outbox table has for sending. */
export interface OutboxColumns {
  id: PgColumn;
  state: PgColumn;
  nextAttemptAt: PgColumn;
  claimedUntil: PgColumn;
  attempts: PgColumn;
}

/** What a sender needs of a nodemailer transport. */
export interface MailTransport {
  sendMail(message: nodemailer.SendMailOptions): Promise<unknown>;
}

/** A claim older than this belongs to a sender that died; another takes the row over. */
export const CLAIM_MS = 10 * 60_000;
export const MAX_ATTEMPTS = 8;
/** Connection, greeting and socket timeouts together stay far below CLAIM_MS. */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/** Due: waiting and its time has come, or claimed by a sender whose claim ran out. */
export const dueRow = (t: OutboxColumns, now: Date) =>
  or(
    and(eq(t.state, 'waiting'), lte(t.nextAttemptAt, now)),
    and(eq(t.state, 'sending'), lte(t.claimedUntil, now)),
  );

/** What a claim writes: sending, held until CLAIM_MS from now, one more attempt. */
export const claimedRow = (t: OutboxColumns, now: Date) => ({
  state: 'sending' as const,
  claimedUntil: new Date(now.getTime() + CLAIM_MS),
  attempts: sql`${t.attempts} + 1`,
});

/** Only the sender whose claim this is may settle the row. */
export const heldBy = (t: OutboxColumns, row: { id: string; claimedUntil: Date | null }) =>
  and(eq(t.id, row.id), eq(t.state, 'sending'), eq(t.claimedUntil, row.claimedUntil));

/** 1, 2, 4 … minutes, at most an hour: eight tries span about three hours. */
export function backoffMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/** The configured SMTP transport, or null (the embedded default: mails stay in the outbox). */
export function smtpTransport(url = env().SMTP_URL): MailTransport | null {
  if (!url) return null;
  return nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
}

export interface SendFailure {
  permanent: boolean;
  /** `smtp <code> <the server's words>` or `connection <code>`; shown to the landlord. */
  reason: string;
}

/** 5xx answers are permanent; 4xx answers and broken connections are worth another try. */
function classifyFailure(err: unknown): SendFailure {
  const e = (typeof err === 'object' && err !== null ? err : {}) as {
    responseCode?: unknown;
    response?: unknown;
    code?: unknown;
  };
  if (typeof e.responseCode === 'number') {
    const words = typeof e.response === 'string' ? e.response : String(e.responseCode);
    return { permanent: e.responseCode >= 500, reason: `smtp ${words}`.slice(0, 300) };
  }
  const code = typeof e.code === 'string' ? e.code : 'unknown';
  // A message nodemailer cannot build will not build next time either.
  return { permanent: code === 'EMESSAGE', reason: `connection ${code}` };
}

/**
 * How a failed try leaves its row: failed for good (a permanent answer, or the last try), else
 * waiting for the next try after the backoff.
 */
export function afterFailure(err: unknown, attempts: number, now: Date) {
  const failure = classifyFailure(err);
  const final = failure.permanent || attempts >= MAX_ATTEMPTS;
  return {
    final,
    set: {
      state: final ? ('failed' as const) : ('waiting' as const),
      claimedUntil: null,
      lastError: failure.reason,
      nextAttemptAt: new Date(now.getTime() + (final ? 0 : backoffMs(attempts))),
    },
  };
}

/** The row's id at the sender's domain: a receiving system can tell a repeat of the same mail. */
export function messageId(rowId: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'meldeportal.invalid';
  return `<${rowId}@${domain}>`;
}

export type SendOutcome = 'sent' | 'retry' | 'failed';

/** The reason of a mail that was no longer live when its turn came (withdrawn, replaced, …). */
export const WITHDRAWN = 'withdrawn';

/** What every outbox row has for sending. */
export interface OutboxRow {
  id: string;
  toAddress: string;
  attempts: number;
  claimedUntil: Date | null;
}

/** A mail's words. */
export interface MailWords {
  subject: string;
  text: string;
  html: string;
}

/** What an outbox gives the one sender. */
export interface Outbox<T extends PgTable & OutboxColumns, Row extends OutboxRow> {
  table: T;
  /** For the log line of a claim that ran out while its mail was sent. */
  name: string;
  /** Asked after the claim, right before SMTP: false settles the row failed as WITHDRAWN. */
  stillLive(db: Db, row: Row, now: Date): Promise<boolean>;
  /** The mail's words, or why it can never be sent (the row fails with that reason). */
  words(row: Row): MailWords | { unsendable: string };
  /** Columns emptied once the row is settled sent or failed (the office's sealed token). */
  clearedWhenSettled?: PgUpdateSetSource<T>;
}

/** Claims the next due row (waiting and due, or a claim that ran out); null when none. */
export async function claimNextRow<T extends PgTable & OutboxColumns, Row extends OutboxRow>(
  db: Db,
  outbox: Outbox<T, Row>,
  now: Date,
): Promise<Row | null> {
  const t = outbox.table;
  const due = db
    .select({ id: t.id })
    .from(t as PgTable)
    .where(dueRow(t, now))
    .orderBy(t.nextAttemptAt)
    .limit(1)
    .for('update', { skipLocked: true });
  const rows = (await db
    .update(t)
    .set(claimedRow(t, now) as PgUpdateSetSource<T>)
    .where(sql`${t.id} = (${due})`)
    .returning()) as unknown as Row[];
  return rows[0] ?? null;
}

/** Settles the row if the claim is still ours; whether it was. */
async function settle<T extends PgTable & OutboxColumns, Row extends OutboxRow>(
  db: Db,
  outbox: Outbox<T, Row>,
  row: Row,
  set: Record<string, unknown>,
  final: boolean,
): Promise<boolean> {
  const t = outbox.table;
  const values = { ...set, ...(final ? outbox.clearedWhenSettled : {}) };
  const marked = await db
    .update(t)
    .set(values as PgUpdateSetSource<T>)
    .where(heldBy(t, row))
    .returning({ id: t.id });
  return marked.length > 0;
}

/** Sends one claimed row and settles it. */
export async function sendClaimedRow<T extends PgTable & OutboxColumns, Row extends OutboxRow>(
  db: Db,
  transport: MailTransport,
  outbox: Outbox<T, Row>,
  row: Row,
  opts: { from?: string; now?: () => Date } = {},
): Promise<SendOutcome> {
  const from = opts.from ?? env().MAIL_FROM;
  const now = opts.now ?? (() => new Date());
  const failed = (reason: string) => ({ state: 'failed', claimedUntil: null, lastError: reason });
  if (!(await outbox.stillLive(db, row, now()))) {
    await settle(db, outbox, row, failed(WITHDRAWN), true);
    return 'failed';
  }
  const words = outbox.words(row);
  if ('unsendable' in words) {
    await settle(db, outbox, row, failed(words.unsendable), true);
    return 'failed';
  }
  try {
    await transport.sendMail({
      from,
      to: row.toAddress,
      subject: words.subject,
      text: words.text,
      html: words.html,
      messageId: messageId(row.id, from),
    });
  } catch (err) {
    const { final, set } = afterFailure(err, row.attempts, now());
    await settle(db, outbox, row, set, final);
    return final ? 'failed' : 'retry';
  }
  const sent = { state: 'sent', sentAt: now(), claimedUntil: null, lastError: null };
  if (!(await settle(db, outbox, row, sent, true))) {
    console.warn(`${outbox.name}: claim of ${row.id} ran out while it was sent`);
  }
  return 'sent';
}

/** Claims and sends due rows until none is left or `max` were tried; counts the outcomes. */
export async function sendDueRows<T extends PgTable & OutboxColumns, Row extends OutboxRow>(
  db: Db,
  transport: MailTransport,
  outbox: Outbox<T, Row>,
  opts: { max?: number; from?: string; now?: () => Date } = {},
): Promise<Record<SendOutcome, number>> {
  const now = opts.now ?? (() => new Date());
  const counts: Record<SendOutcome, number> = { sent: 0, retry: 0, failed: 0 };
  for (let i = 0; i < (opts.max ?? 50); i++) {
    const row = await claimNextRow(db, outbox, now());
    if (!row) break;
    counts[await sendClaimedRow(db, transport, outbox, row, { ...opts, now })]++;
  }
  return counts;
}
