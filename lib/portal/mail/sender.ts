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
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { portalCheckinLinks, portalMailOutbox, portalPlannedStays } from '@/lib/db/schema';
import { env } from '@/lib/env';
import {
  afterFailure,
  claimedRow,
  dueRow,
  heldBy,
  messageId,
  sendRound,
  type MailTransport,
  type SendOutcome,
} from '@/lib/smtp';
import { linkState } from '../checkin/rules';
import { ownedBy } from '../owned';
import { WITHDRAWN, type MailRow } from './outbox';

/** Claims the next due message (waiting and due, or a claim that ran out); null when none. */
export async function claimNext(db: Db, now: Date): Promise<MailRow | null> {
  const due = db
    .select({ id: portalMailOutbox.id })
    .from(portalMailOutbox)
    .where(dueRow(portalMailOutbox, now))
    .orderBy(portalMailOutbox.nextAttemptAt)
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(portalMailOutbox)
    .set(claimedRow(portalMailOutbox, now))
    .where(sql`${portalMailOutbox.id} = (${due})`)
    .returning();
  return row ?? null;
}

const stillOurs = (row: MailRow) => heldBy(portalMailOutbox, row);

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
      messageId: messageId(row.id, from),
    });
  } catch (err) {
    const { final, set } = afterFailure(err, row.attempts, now());
    await db.update(portalMailOutbox).set(set).where(stillOurs(row));
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
  return sendRound(
    () => claimNext(db, now()),
    (row) => sendClaimed(db, transport, row, { ...opts, now }),
    opts.max,
  );
}
