// The office's month figures as the booking path keeps them (decision 031): a booking writes
// nothing for them; the views `office_month_figures_now` / `office_month_countries_now` count the
// guests above the fold's mark from `personen` itself, the triggers of migration office_figures log
// changes and cancellations of guests below it, and the state job folds both into the kept tables
// every 10 minutes. The office reads the figures.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { pgErrorOf } from '../../db/errors';
import { rowsOf } from '../../db/rows';

/** How long the fold waits for guest writes in progress before it leaves the guests for next time. */
const SETTLE_WAIT = '200ms';

/**
 * The id up to which every guest is committed: under `LOCK TABLE personen IN SHARE MODE` no
 * transaction that writes guests is in progress, and every id drawn later is larger (a transaction
 * holds ROW EXCLUSIVE on personen from before it draws an id). The lock is held only for this
 * short transaction; bookings wait at most `SETTLE_WAIT` for it. Null when writes did not end in
 * that time (a long transaction): the guests then stay for the next fold.
 */
async function settledGuests(db: Db): Promise<number | null> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local lock_timeout = '${SETTLE_WAIT}'`));
      await tx.execute(sql`lock table personen in share mode`);
      const [row] = rowsOf<{ upto: string | number }>(
        await tx.execute(sql`select coalesce(max(id), 0) as upto from personen`),
      );
      return Number(row?.upto ?? 0);
    });
  } catch (err) {
    if (pgErrorOf(err)?.code === '55P03') return null;
    throw err;
  }
}

/**
 * Fold the log and the guests booked since the last fold into the kept tables; returns the log
 * rows and guests folded.
 */
export async function foldMonthFigures(db: Db): Promise<number> {
  // 0 is at or below every mark: the log alone is folded.
  const upto = (await settledGuests(db)) ?? 0;
  const [row] = rowsOf<{ folded: string | number }>(
    await db.execute(sql`select office_figures_fold(${upto}::bigint) as folded`),
  );
  return Number(row?.folded ?? 0);
}
