// Withdrawing a planned stay's invitation, apart from sending (which makes links, so needs
// `server-only`): the calendar sync withdraws a cancelled booking's invitation outside requests.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { portalCheckinLinks } from '@/lib/db/schema';
import { withdrawWaitingMail } from '../mail/outbox';
import type { Owner } from '../session/session';
import { returnToPlanned } from '../stays/planned';
import { ownedBy } from '../owned';

/** The stay's invitation links (kind `stay`), the owner's only. */
export const stayLinks = (owner: Owner, stayId: string) =>
  ownedBy(
    portalCheckinLinks,
    owner,
    eq(portalCheckinLinks.plannedStayId, stayId),
    eq(portalCheckinLinks.kind, 'stay'),
  );

/**
 * Withdraws the stay's invitation: its links stop working, mail not yet sent stays unsent, and
 * an invited stay is planned again. `tx` may be the caller's (a cancelled calendar booking).
 */
export async function withdrawInvitation(
  tx: Db,
  owner: Owner,
  stayId: string,
  now = new Date(),
): Promise<{ links: number; mails: number }> {
  const links = await tx
    .update(portalCheckinLinks)
    .set({ revokedAt: now })
    .where(
      and(
        stayLinks(owner, stayId),
        isNull(portalCheckinLinks.revokedAt),
        isNull(portalCheckinLinks.closedAt),
      ),
    )
    .returning({ id: portalCheckinLinks.id });
  const mails = await withdrawWaitingMail(tx, owner, stayId);
  await returnToPlanned(tx, owner, stayId);
  return { links: links.length, mails };
}
