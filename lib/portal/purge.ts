// Retention of guest check-in data (issue 10): a guest's data is kept only until the landlord
// books or discards it, and at most until the stay's end plus 7 days. No `server-only` here:
// instrumentation.ts loads it outside a request.
import { inArray, lt } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { scrubTables } from '@/lib/db/scrub';
import {
  portalCheckinLimits,
  portalCheckinLinks,
  portalCheckins,
  portalMailOutbox,
  portalPlannedStays,
} from '@/lib/db/schema';
import { addDays, berlinToday } from '@/lib/wire/time';
import { eraseEndedFeedStays } from './calendars/erase';
import { purgeGuestCards } from './guest-card/purge';
import { KEEP_DAYS_AFTER_EXPIRY } from './checkin/rules';

const DAY_MS = 86_400_000;

export interface CheckinPurge {
  checkins: number;
  links: number;
  plannedStays: number;
  mails: number;
  cards: number;
  /** Calendar feeds whose kept stays lost some departed ones (calendars/erase.ts). */
  feeds: number;
}

/**
 * Deletes submissions past their `purge_after`, invitations 7 days past their expiry (with
 * anything still attached), planned stays 7 days past their departure with their guests' contacts
 * and mails (the same rule as an invitation's), guest cards 7 days after departure, and rate-limit
 * counters older than a day, in one transaction. Then the submissions' table is rewritten
 * (lib/db/scrub.ts), so what was booked, discarded or purged since the last run leaves the
 * database's files within the hour (a small table: milliseconds). Returns how many of each were
 * deleted.
 */
export async function purgeExpiredCheckins(db: Db, now: Date = new Date()): Promise<CheckinPurge> {
  const keep = new Date(now.getTime() - KEEP_DAYS_AFTER_EXPIRY * DAY_MS);
  const purged = await db.transaction(async (tx) => {
    const checkins = await tx
      .delete(portalCheckins)
      .where(lt(portalCheckins.purgeAfter, now))
      .returning({ id: portalCheckins.id });
    const links = await tx
      .delete(portalCheckinLinks)
      .where(lt(portalCheckinLinks.expiresAt, keep))
      .returning({ id: portalCheckinLinks.id });
    const cards = await purgeGuestCards(tx, now);
    await tx
      .delete(portalCheckinLimits)
      .where(lt(portalCheckinLimits.windowStart, new Date(now.getTime() - DAY_MS)));
    const staysBefore = addDays(berlinToday(now), -KEEP_DAYS_AFTER_EXPIRY);
    const stays = await tx
      .delete(portalPlannedStays)
      .where(lt(portalPlannedStays.departureDate, staysBefore))
      .returning({ id: portalPlannedStays.id });
    // What a feed says of those stays goes on the same clock.
    const feeds = await eraseEndedFeedStays(tx, staysBefore);
    const ids = stays.map((r) => r.id);
    const mails = ids.length
      ? await tx
          .delete(portalMailOutbox)
          .where(inArray(portalMailOutbox.plannedStayId, ids))
          .returning({ id: portalMailOutbox.id })
      : [];
    return {
      checkins: checkins.length,
      links: links.length,
      plannedStays: stays.length,
      mails: mails.length,
      cards,
      feeds,
    };
  });
  // Within the hour, also on PostgreSQL: these tables hold only stays of the coming weeks.
  await scrubTables(
    db,
    [
      'portal_checkins',
      ...(purged.plannedStays ? ['portal_planned_stays'] : []),
      ...(purged.mails ? ['portal_mail_outbox'] : []),
      ...(purged.cards ? ['portal_guest_cards'] : []),
      ...(purged.feeds ? ['portal_calendar_feeds'] : []),
    ],
    { atOnce: true },
  );
  return purged;
}
