// The office outbox's part in the one sender (lib/smtp.ts, docs/decisions/032), with the portal's
// guarantees (decision 016): its table, its words, and its "still live" check, asked after the
// claim and right before SMTP: the link is open (not used, revoked or expired) and its account
// active, so a mail whose link a newer one replaced is never sent, also not by a sender that took
// the row over from one that died. The token rides sealed in the row; once the row is settled sent
// or failed, the sealed token is erased.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { officeMailOutbox, passwordLinks } from '../../db/schema';
import { describeError } from '../../log';
import {
  claimNextRow,
  sendDueRows,
  smtpTransport,
  type MailTransport,
  type Outbox,
  type SendOutcome,
} from '../../smtp';
import { tokenContext, type OfficeMailKind, type OfficeMailRow } from './outbox';
import { officeMessage } from './templates';
import { accountOf, linkState } from '../invitations/password-links';
import { openSecret } from '../secret-box';

/** The link is open and its account active: asked after the claim, right before SMTP. */
async function stillLive(db: Db, row: OfficeMailRow, now: Date): Promise<boolean> {
  const [link] = await db.select().from(passwordLinks).where(eq(passwordLinks.id, row.linkId));
  if (!link || linkState(link, now) !== 'open') return false;
  const account = await accountOf(db, link.accountKind, link.accountId);
  return account?.isActive === true;
}

const OFFICE_OUTBOX: Outbox<typeof officeMailOutbox, OfficeMailRow> = {
  table: officeMailOutbox,
  name: 'office mail',
  stillLive,
  words: (row) => {
    const token = row.sealedToken ? openSecret(row.sealedToken, tokenContext(row.id)) : null;
    // Sealed under another SESSION_SECRET: the office sends a new link.
    if (!token) return { unsendable: 'unreadable' };
    return officeMessage(
      row.kind as OfficeMailKind,
      row.lang === 'en' ? 'en' : 'de',
      row.username,
      token,
    );
  },
  clearedWhenSettled: { sealedToken: null },
};

/** Claims the next due mail (waiting and due, or a claim that ran out); null when none. */
export function claimNextOfficeMail(db: Db, now: Date): Promise<OfficeMailRow | null> {
  return claimNextRow(db, OFFICE_OUTBOX, now);
}

/** Sends due mails until none is left or `max` were tried. */
export function sendDueOfficeMail(
  db: Db,
  transport: MailTransport,
  opts: { max?: number; from?: string; now?: () => Date } = {},
): Promise<Record<SendOutcome, number>> {
  return sendDueRows(db, transport, OFFICE_OUTBOX, opts);
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
