// Guest cards hold names: they go when the card page closes, 7 days after departure (issue 20),
// with their wallet registrations. No `server-only`: the check-in purge runs it outside a request.
import { lt } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { portalGuestCards } from '@/lib/db/schema';
import { addDays, berlinToday } from '@/lib/wire/time';

/** Days after departure the guest can still open the card page. */
export const CARD_DAYS_AFTER_DEPARTURE = 7;

export async function purgeGuestCards(db: Db, now: Date = new Date()): Promise<number> {
  const oldest = addDays(berlinToday(now), -CARD_DAYS_AFTER_DEPARTURE);
  const gone = await db
    .delete(portalGuestCards)
    .where(lt(portalGuestCards.departureDate, oldest))
    .returning({ id: portalGuestCards.id });
  return gone.length;
}
