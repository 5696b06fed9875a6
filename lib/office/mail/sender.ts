// The office outbox's sender (docs/decisions/032), with the portal's guarantees (decision 016):
// one due row claimed per statement (FOR UPDATE SKIP LOCKED: instances never take the same row),
// a claim that runs out after CLAIM_MS belongs to a crashed sender and is taken again, only the
// claim's holder settles the row, every SMTP timeout is far below the claim, and the Message-ID is
// the row's id. Right before SMTP it asks whether the link is still live (not used, revoked or
// expired, its account active): a mail whose link a newer one replaced is never sent, also not by
// a sender that took the row over from one that died. 5xx answers are final; 4xx answers and
// broken connections are retried after 1, 2, 4 … minutes, at most 8 times. Once a row is settled
// sent or failed, its sealed token is erased.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { officeMailOutbox, passwordLinks } from '../../db/schema';
import { env } from '../../env';
import { describeError } from '../../log';
import {
  afterFailure,
  claimedRow,
  dueRow,
  heldBy,
  messageId,
  sendRound,
  smtpTransport,
  type MailTransport,
  type SendOutcome,
} from '../../smtp';
import { tokenContext, WITHDRAWN, type OfficeMailKind, type OfficeMailRow } from './outbox';
import { officeMessage } from './templates';
import { accountOf, linkState } from '../invitations/password-links';
import { openSecret } from '../secret-box';

const m = officeMailOutbox;

/** Claims the next due mail (waiting and due, or a claim that ran out); null when none. */
export async function claimNextOfficeMail(db: Db, now: Date): Promise<OfficeMailRow | null> {
  const due = db
    .select({ id: m.id })
    .from(m)
    .where(dueRow(m, now))
    .orderBy(m.nextAttemptAt)
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(m)
    .set(claimedRow(m, now))
    .where(sql`${m.id} = (${due})`)
    .returning();
  return row ?? null;
}

const stillOurs = (row: OfficeMailRow) => heldBy(m, row);

/** The link is open and its account active: asked after the claim, right before SMTP. */
async function stillLive(db: Db, row: OfficeMailRow, now: Date): Promise<boolean> {
  const [link] = await db.select().from(passwordLinks).where(eq(passwordLinks.id, row.linkId));
  if (!link || linkState(link, now) !== 'open') return false;
  const account = await accountOf(db, link.accountKind, link.accountId);
  return account?.isActive === true;
}

async function settleFailed(db: Db, row: OfficeMailRow, reason: string): Promise<void> {
  await db
    .update(m)
    .set({ state: 'failed', claimedUntil: null, lastError: reason, sealedToken: null })
    .where(stillOurs(row));
}

export async function sendClaimedOfficeMail(
  db: Db,
  transport: MailTransport,
  row: OfficeMailRow,
  opts: { from?: string; now?: () => Date } = {},
): Promise<SendOutcome> {
  const from = opts.from ?? env().MAIL_FROM;
  const now = opts.now ?? (() => new Date());
  if (!(await stillLive(db, row, now()))) {
    await settleFailed(db, row, WITHDRAWN);
    return 'failed';
  }
  const token = row.sealedToken ? openSecret(row.sealedToken, tokenContext(row.id)) : null;
  if (!token) {
    // Sealed under another SESSION_SECRET: the office sends a new link.
    await settleFailed(db, row, 'unreadable');
    return 'failed';
  }
  const message = officeMessage(
    row.kind as OfficeMailKind,
    row.lang === 'en' ? 'en' : 'de',
    row.username,
    token,
  );
  try {
    await transport.sendMail({
      from,
      to: row.toAddress,
      subject: message.subject,
      text: message.text,
      html: message.html,
      messageId: messageId(row.id, from),
    });
  } catch (err) {
    const { final, set } = afterFailure(err, row.attempts, now());
    await db
      .update(m)
      .set({ ...set, ...(final ? { sealedToken: null } : {}) })
      .where(stillOurs(row));
    return final ? 'failed' : 'retry';
  }
  const marked = await db
    .update(m)
    .set({ state: 'sent', sentAt: now(), claimedUntil: null, lastError: null, sealedToken: null })
    .where(stillOurs(row))
    .returning({ id: m.id });
  if (marked.length === 0)
    console.warn(`office mail: claim of ${row.id} ran out while it was sent`);
  return 'sent';
}

/** Sends due mails until none is left or `max` were tried. */
export async function sendDueOfficeMail(
  db: Db,
  transport: MailTransport,
  opts: { max?: number; from?: string; now?: () => Date } = {},
): Promise<Record<SendOutcome, number>> {
  const now = opts.now ?? (() => new Date());
  return sendRound(
    () => claimNextOfficeMail(db, now()),
    (row) => sendClaimedOfficeMail(db, transport, row, { ...opts, now }),
    opts.max,
  );
}

/** Sends what is due now (after an invitation, so nobody waits for the next round); never throws. */
export async function sendOfficeMailSoon(db: Db): Promise<void> {
  const transport = smtpTransport();
  if (!transport) return;
  try {
    await sendDueOfficeMail(db, transport, { max: 5 });
  } catch (err) {
    console.error('office: sending the outbox failed', describeError(err));
  }
}

const KEY = Symbol.for('meldeportal.office.mail');

/** Every MAIL_INTERVAL_SECONDS, once per process, when SMTP_URL is set; rounds never overlap. */
export function startOfficeMailJob(db: Db): void {
  const g = globalThis as { [KEY]?: boolean };
  const transport = smtpTransport();
  if (g[KEY] || !transport) return;
  g[KEY] = true;
  const every = env().MAIL_INTERVAL_SECONDS * 1000;
  const run = async () => {
    try {
      await sendDueOfficeMail(db, transport);
    } catch (err) {
      console.error('office: mail round failed', describeError(err));
    }
    setTimeout(() => void run(), every).unref();
  };
  setTimeout(() => void run(), 5_000).unref();
}
