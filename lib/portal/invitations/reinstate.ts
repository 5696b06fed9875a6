// A booking that leaves its calendar and comes back (issue 30): the calendar's cancellation
// withdraws the stay's invitation (./withdraw.ts) and records exactly what it withdrew; the
// booking's return reinstates exactly that, so the guest's link works again and a mail that had
// not gone out yet is queued again. Undo as complete as do. No `server-only`: the calendar sync
// runs outside requests.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { portalCheckinLinks, portalMailOutbox } from '@/lib/db/schema';
import type { CalendarWithdrawal } from './withdrawal';
import { WITHDRAWN } from '../mail/outbox';
import { ownedBy } from '../owned';
import type { Owner } from '../session/session';
import type { PlannedState } from '../stays/planned';
import { stayLinks, withdrawInvitation } from './withdraw';

/** Withdraws the stay's invitation (inside `tx`) and returns what was withdrawn. */
export async function withdrawRecorded(
  tx: Db,
  owner: Owner,
  stay: { id: string; state: PlannedState },
  now: Date,
): Promise<CalendarWithdrawal> {
  const links = await tx
    .select({ id: portalCheckinLinks.id })
    .from(portalCheckinLinks)
    .where(
      and(
        stayLinks(owner, stay.id),
        isNull(portalCheckinLinks.revokedAt),
        isNull(portalCheckinLinks.closedAt),
      ),
    );
  const mails = await tx
    .select({ id: portalMailOutbox.id })
    .from(portalMailOutbox)
    .where(
      ownedBy(
        portalMailOutbox,
        owner,
        eq(portalMailOutbox.plannedStayId, stay.id),
        eq(portalMailOutbox.state, 'waiting'),
      ),
    );
  await withdrawInvitation(tx, owner, stay.id, now);
  return {
    at: now.toISOString(),
    state: stay.state === 'invited' ? 'invited' : 'planned',
    links: links.map((l) => l.id),
    mails: mails.map((m) => m.id),
  };
}

/**
 * Puts back what `withdrawRecorded` withdrew: the links it revoked (only those still revoked at
 * that instant, not a link the landlord revoked since) and the mails it took off the queue (only
 * those still withdrawn). Returns the state the stay goes back to: invited when its invitation
 * works again, else planned.
 */
export async function reinstateWithdrawn(
  tx: Db,
  owner: Owner,
  stayId: string,
  w: CalendarWithdrawal,
  now: Date,
): Promise<'planned' | 'invited'> {
  const links = w.links.length
    ? await tx
        .update(portalCheckinLinks)
        .set({ revokedAt: null })
        .where(
          and(
            stayLinks(owner, stayId),
            inArray(portalCheckinLinks.id, w.links),
            eq(portalCheckinLinks.revokedAt, new Date(w.at)),
            isNull(portalCheckinLinks.closedAt),
          ),
        )
        .returning({ id: portalCheckinLinks.id })
    : [];
  const mails = w.mails.length
    ? await tx
        .update(portalMailOutbox)
        .set({
          state: 'waiting',
          lastError: null,
          claimedUntil: null,
          // Due at once by the sender's clock (as enqueueMail: never later than this clock's present).
          nextAttemptAt: new Date(Math.min(now.getTime(), Date.now())),
        })
        .where(
          ownedBy(
            portalMailOutbox,
            owner,
            eq(portalMailOutbox.plannedStayId, stayId),
            inArray(portalMailOutbox.id, w.mails),
            eq(portalMailOutbox.state, 'failed'),
            eq(portalMailOutbox.lastError, WITHDRAWN),
          ),
        )
        .returning({ id: portalMailOutbox.id })
    : [];
  return w.state === 'invited' && (links.length || mails.length) ? 'invited' : 'planned';
}
