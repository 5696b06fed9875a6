// The outbox's sender: claims one due message at a time in its own statement (FOR UPDATE SKIP
// LOCKED, so instances never take the same row), hands it to SMTP, and marks it sent, waiting
// again (temporary failure, with backoff) or failed (permanent, or too many tries).
//
// Exactly once: a row is claimed by one sender; the claim runs out after CLAIM_MS so a crashed
// sender's row is sent by another, which is the one window where a message can go out twice (the
// server accepted it and the sender died before marking it sent). Every SMTP timeout is far
// below CLAIM_MS so a live sender never loses its claim, and the Message-ID is the row's id, so a
// receiving system can tell a repeat. An invitation is checked again right before SMTP
// (stillLive): a withdrawn or cancelled one is never sent, also not by a sender that took the row
// over from one that died. No `server-only`: the background job imports it.
import { and, eq, lte, or, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '@/lib/db';
import { portalCheckinLinks, portalMailOutbox, portalPlannedStays } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { linkState } from '../checkin/rules';
import { ownedBy } from '../owned';
import { WITHDRAWN, type MailRow } from './outbox';

/** What the sender needs of a nodemailer transport. */
export interface MailTransport {
  sendMail(message: nodemailer.SendMailOptions): Promise<unknown>;
}

export const CLAIM_MS = 10 * 60_000;
export const MAX_ATTEMPTS = 8;
/** Connection, greeting and socket timeouts together stay far below CLAIM_MS. */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

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
export function classifyFailure(err: unknown): SendFailure {
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

/** Claims the next due message (waiting and due, or a claim that ran out); null when none. */
export async function claimNext(db: Db, now: Date): Promise<MailRow | null> {
  const due = db
    .select({ id: portalMailOutbox.id })
    .from(portalMailOutbox)
    .where(
      or(
        and(eq(portalMailOutbox.state, 'waiting'), lte(portalMailOutbox.nextAttemptAt, now)),
        and(eq(portalMailOutbox.state, 'sending'), lte(portalMailOutbox.claimedUntil, now)),
      ),
    )
    .orderBy(portalMailOutbox.nextAttemptAt)
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(portalMailOutbox)
    .set({
      state: 'sending',
      claimedUntil: new Date(now.getTime() + CLAIM_MS),
      attempts: sql`${portalMailOutbox.attempts} + 1`,
    })
    .where(sql`${portalMailOutbox.id} = (${due})`)
    .returning();
  return row ?? null;
}

/** Only the sender whose claim this is may settle the row. */
const stillOurs = (row: MailRow) =>
  and(
    eq(portalMailOutbox.id, row.id),
    eq(portalMailOutbox.state, 'sending'),
    eq(portalMailOutbox.claimedUntil, row.claimedUntil!),
  );

function messageId(row: MailRow, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'meldeportal.invalid';
  return `<${row.id}@${domain}>`;
}

export type SendOutcome = 'sent' | 'retry' | 'failed';

/**
 * An invitation or reminder goes out only while what it invites to is live: its stay not
 * cancelled and its link (the one it carries; for rows queued before links were recorded, any of
 * the stay's) neither withdrawn, closed nor expired. Asked after the claim, right before SMTP:
 * a row taken over from a sender that died mid-send was `sending`, which withdrawing does not
 * touch (a live sender may be talking to the server), so this is where a withdrawal made
 * meanwhile is seen. What remains is the moment between this check and the server's answer.
 */
export async function stillLive(db: Db, row: MailRow, now: Date): Promise<boolean> {
  if (row.kind !== 'invitation' && row.kind !== 'reminder') return true;
  if (!row.linkId && !row.plannedStayId) return true;
  if (row.plannedStayId) {
    const [stay] = await db
      .select({ state: portalPlannedStays.state })
      .from(portalPlannedStays)
      .where(ownedBy(portalPlannedStays, row, eq(portalPlannedStays.id, row.plannedStayId)));
    if (!stay || stay.state === 'cancelled') return false;
  }
  const links = await db
    .select()
    .from(portalCheckinLinks)
    .where(
      row.linkId
        ? ownedBy(portalCheckinLinks, row, eq(portalCheckinLinks.id, row.linkId))
        : ownedBy(
            portalCheckinLinks,
            row,
            eq(portalCheckinLinks.plannedStayId, row.plannedStayId!),
            eq(portalCheckinLinks.kind, 'stay'),
          ),
    );
  return links.some((l) => linkState(l, now) === 'open');
}

/** Sends one claimed message and records the outcome. */
export async function sendClaimed(
  db: Db,
  transport: MailTransport,
  row: MailRow,
  opts: { from?: string; now?: () => Date } = {},
): Promise<SendOutcome> {
  const from = opts.from ?? env().MAIL_FROM;
  const now = opts.now ?? (() => new Date());
  if (!(await stillLive(db, row, now()))) {
    await db
      .update(portalMailOutbox)
      .set({ state: 'failed', claimedUntil: null, lastError: WITHDRAWN })
      .where(stillOurs(row));
    return 'failed';
  }
  try {
    await transport.sendMail({
      from,
      to: row.toAddress,
      subject: row.subject,
      text: row.text,
      html: row.html,
      messageId: messageId(row, from),
    });
  } catch (err) {
    const failure = classifyFailure(err);
    const final = failure.permanent || row.attempts >= MAX_ATTEMPTS;
    const at = now();
    await db
      .update(portalMailOutbox)
      .set({
        state: final ? 'failed' : 'waiting',
        claimedUntil: null,
        lastError: failure.reason,
        nextAttemptAt: new Date(at.getTime() + (final ? 0 : backoffMs(row.attempts))),
      })
      .where(stillOurs(row));
    return final ? 'failed' : 'retry';
  }
  const marked = await db
    .update(portalMailOutbox)
    .set({ state: 'sent', sentAt: now(), claimedUntil: null, lastError: null })
    .where(stillOurs(row))
    .returning({ id: portalMailOutbox.id });
  if (marked.length === 0) console.warn(`mail: claim of ${row.id} ran out while it was sent`);
  return 'sent';
}

/** Sends due messages until none is left or `max` were tried; returns the outcomes. */
export async function sendDueMail(
  db: Db,
  transport: MailTransport,
  opts: { max?: number; from?: string; now?: () => Date } = {},
): Promise<Record<SendOutcome, number>> {
  const now = opts.now ?? (() => new Date());
  const counts: Record<SendOutcome, number> = { sent: 0, retry: 0, failed: 0 };
  for (let i = 0; i < (opts.max ?? 50); i++) {
    const row = await claimNext(db, now());
    if (!row) break;
    counts[await sendClaimed(db, transport, row, { ...opts, now })]++;
  }
  return counts;
}
