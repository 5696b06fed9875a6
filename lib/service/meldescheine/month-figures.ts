// The month figures the booking path keeps (decision 031): each booking appends its change to
// `office_figures_log` (a trigger of migration office_figures), and the state job folds the log
// into the kept tables every 10 minutes; reads add the log meanwhile. The office reads the figures.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { rowsOf } from '../../db/rows';

/** Fold what bookings appended to the log into the kept tables; returns the log rows folded. */
export async function foldMonthFigures(db: Db): Promise<number> {
  const [row] = rowsOf<{ folded: string | number }>(
    await db.execute(sql`select office_figures_fold() as folded`),
  );
  return Number(row?.folded ?? 0);
}
