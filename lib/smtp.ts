// What the portal's outbox (lib/portal/mail) and the office's (lib/office/mail) share about
// sending their rows (decision 016): which row is due and who holds its claim, the transport and
// its timeouts, the retry rule and its backoff, the Message-ID, and the round that drains the due
// rows. Each outbox keeps its own table, its statements and its "still live" check. No
// `server-only`: the background jobs import it.
import { and, eq, lte, or, sql, type Column } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { env } from './env';

/** The columns every outbox table has for sending. */
export interface OutboxColumns {
  id: Column;
  state: Column;
  nextAttemptAt: Column;
  claimedUntil: Column;
  attempts: Column;
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

/** Claims and sends due rows until none is left or `max` were tried; counts the outcomes. */
export async function sendRound<Row>(
  claim: () => Promise<Row | null>,
  send: (row: Row) => Promise<SendOutcome>,
  max = 50,
): Promise<Record<SendOutcome, number>> {
  const counts: Record<SendOutcome, number> = { sent: 0, retry: 0, failed: 0 };
  for (let i = 0; i < max; i++) {
    const row = await claim();
    if (!row) break;
    counts[await send(row)]++;
  }
  return counts;
}
