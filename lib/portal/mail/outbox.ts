// The mail outbox (DECISIONS 4): a message is a row, written in the transaction of the change
// that causes it, so a rolled-back change sends nothing and a committed one is never forgotten.
// The sender (sender.ts) claims and sends rows; without SMTP they wait here and the portal shows
// them ("Postausgang"). No `server-only`: the background job imports it.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { portalMailOutbox } from '@/lib/db/schema';
import type { Owner } from '../session/session';
import { ownedBy } from '../owned';
import { WITHDRAWN } from '@/lib/smtp';

export type MailRow = typeof portalMailOutbox.$inferSelect;
export type MailState = MailRow['state'];
export type MailKind = 'invitation' | 'reminder';
/** The arrival morning's mail (lib/portal/guest-card/morning-mail.ts). */
export type ArrivalMailKind = 'arrival';

export interface MailMessage {
  subject: string;
  text: string;
  html: string;
}

export interface NewMail extends MailMessage {
  /** An invitation, its reminder, or the guest's card after booking (lib/portal/guest-card/mail.ts). */
  kind: MailKind | 'card' | ArrivalMailKind;
  to: string;
  plannedStayId: string | null;
  /**
   * The check-in link the message carries (an invitation or its reminder): the sender sends it
   * only while that link still works (sender.ts), so a withdrawn invitation never goes out.
   */
  linkId?: string | null;
}

const ownerIs = (owner: Owner) => ownedBy(portalMailOutbox, owner);

/** Queue a message; `db` is the transaction of the change that causes it. */
export async function enqueueMail(
  db: Db,
  owner: Owner,
  mail: NewMail,
  now = new Date(),
): Promise<MailRow> {
  const [row] = await db
    .insert(portalMailOutbox)
    .values({
      id: randomUUID(),
      ...owner,
      plannedStayId: mail.plannedStayId,
      linkId: mail.linkId ?? null,
      kind: mail.kind,
      toAddress: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      state: 'waiting',
      createdAt: now,
      // Due at once by the sender's clock, which is the process's, not the database's (whose
      // now() is later by a fraction of a millisecond and made a sender asking right after skip
      // it): at the queueing instant, and never later than this clock's present.
      nextAttemptAt: new Date(Math.min(now.getTime(), Date.now())),
    })
    .returning();
  return row!;
}

/**
 * Messages not yet handed to the server are dropped from the queue (a withdrawn invitation must
 * not go out). They stay listed as failed with the reason `withdrawn`; sent ones are history.
 * A message a sender holds (`sending`) is left to it: the sender asks whether its invitation is
 * still live right before SMTP (sender.ts stillLive), also after taking over a dead sender's row.
 */
export async function withdrawWaitingMail(
  db: Db,
  owner: Owner,
  plannedStayId: string,
): Promise<number> {
  const rows = await db
    .update(portalMailOutbox)
    .set({ state: 'failed', lastError: WITHDRAWN, claimedUntil: null })
    .where(
      and(
        ownerIs(owner),
        eq(portalMailOutbox.plannedStayId, plannedStayId),
        eq(portalMailOutbox.state, 'waiting'),
      ),
    )
    .returning({ id: portalMailOutbox.id });
  return rows.length;
}

/** The reason of a message taken off the queue by the landlord (shown in words). */
export { WITHDRAWN } from '@/lib/smtp';

/** The landlord's messages, newest first. */
export async function listMail(db: Db, owner: Owner, limit = 200): Promise<MailRow[]> {
  return db
    .select()
    .from(portalMailOutbox)
    .where(ownerIs(owner))
    .orderBy(desc(portalMailOutbox.createdAt))
    .limit(limit);
}

/** The messages of some planned stays (their mail states on the stays' pages). */
export async function mailOfStays(db: Db, owner: Owner, stayIds: string[]): Promise<MailRow[]> {
  if (stayIds.length === 0) return [];
  return db
    .select()
    .from(portalMailOutbox)
    .where(and(ownerIs(owner), inArray(portalMailOutbox.plannedStayId, stayIds)))
    .orderBy(desc(portalMailOutbox.createdAt));
}

export async function findMail(db: Db, owner: Owner, id: string): Promise<MailRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db
    .select()
    .from(portalMailOutbox)
    .where(and(ownerIs(owner), eq(portalMailOutbox.id, id)));
  return row;
}

/** How many of the landlord's messages wait (the Postausgang's count). */
export async function waitingCount(db: Db, owner: Owner): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(portalMailOutbox)
    .where(and(ownerIs(owner), inArray(portalMailOutbox.state, ['waiting', 'sending'])));
  return row?.n ?? 0;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
