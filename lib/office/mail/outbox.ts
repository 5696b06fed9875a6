// The office's outbox (docs/decisions/032), on the service's side of the boundary and with the
// guarantees of the portal's (decision 016): a mail is a row written in the transaction that makes
// its set-password link, so a rolled-back change sends nothing and a committed one is never
// forgotten. The token rides along sealed (secret-box.ts) until the mail is sent or given up, then
// it is erased; the database never holds it readable. The sender is sender.ts.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db';
import { officeMailOutbox } from '../../db/schema';
import { sealSecret } from '../secret-box';
import { WITHDRAWN } from '../../smtp';

export type OfficeMailRow = typeof officeMailOutbox.$inferSelect;
export type OfficeMailKind = 'landlord_invitation' | 'staff_invitation';

/** The reason of a mail whose link was replaced, used, expired, or whose account was deactivated. */
export { WITHDRAWN } from '../../smtp';

/** The sealed token is bound to its mail row: copied to another row it does not open. */
export const tokenContext = (mailId: string) => `office-mail:${mailId}`;

export async function enqueueOfficeMail(
  tx: Db,
  mail: {
    kind: OfficeMailKind;
    linkId: number;
    to: string;
    username: string;
    lang: 'de' | 'en';
    token: string;
  },
  now = new Date(),
): Promise<OfficeMailRow> {
  const id = randomUUID();
  const [row] = await tx
    .insert(officeMailOutbox)
    .values({
      id,
      kind: mail.kind,
      linkId: mail.linkId,
      toAddress: mail.to,
      username: mail.username,
      lang: mail.lang,
      sealedToken: sealSecret(mail.token, tokenContext(id)),
      state: 'waiting',
      createdAt: now,
      // Due at once by the sender's clock (the portal's outbox found the database's now() later).
      nextAttemptAt: new Date(Math.min(now.getTime(), Date.now())),
    })
    .returning();
  return row!;
}

/** The newest mail of each link named. */
export async function mailOfLinks(db: Db, linkIds: number[]): Promise<Map<number, OfficeMailRow>> {
  if (linkIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(officeMailOutbox)
    .where(inArray(officeMailOutbox.linkId, linkIds))
    .orderBy(desc(officeMailOutbox.createdAt));
  const out = new Map<number, OfficeMailRow>();
  for (const r of rows) if (!out.has(r.linkId)) out.set(r.linkId, r);
  return out;
}

/**
 * Mails of revoked links that still wait are given up at once, their sealed token erased: a mail to
 * an address the account no longer has must not go out later. A mail a sender holds already is
 * withdrawn by the sender's own check of the link right before SMTP.
 */
export async function withdrawWaitingMail(tx: Db, linkIds: number[]): Promise<void> {
  if (linkIds.length === 0) return;
  await tx
    .update(officeMailOutbox)
    .set({ state: 'failed', lastError: WITHDRAWN, sealedToken: null })
    .where(and(inArray(officeMailOutbox.linkId, linkIds), eq(officeMailOutbox.state, 'waiting')));
}
