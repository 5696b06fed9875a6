// The month figures the booking path keeps (decision 031): each booking appends its change to
// `office_figures_log` in its own statement (book.ts; an update's new guests in the update's,
// update.ts; changes and cancellations by the triggers of migration office_figures), and the state
// job folds the log into the kept tables every 10 minutes; reads add the log meanwhile. The office
// reads the figures.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { rowsOf } from '../../db/rows';
import type { GemeindeConfig } from './config';
import type { StoredFields } from './fields';

/** Fold what bookings appended to the log into the kept tables; returns the log rows folded. */
export async function foldMonthFigures(db: Db): Promise<number> {
  const [row] = rowsOf<{ folded: string | number }>(
    await db.execute(sql`select office_figures_fold() as folded`),
  );
  return Number(row?.folded ?? 0);
}

/**
 * The guest's country as the figures count it, what the database's `office_guest_country` reads
 * from the stored fields: the first country field of the municipality (in view order) that the
 * guest filled in, upper case; '' when none. Computed here for the booking's own statement, where
 * the function cost two queries per guest (tests/office/figures.test.ts holds the two together).
 */
export function guestCountry(cfg: Pick<GemeindeConfig, 'fields'>, fields: StoredFields): string {
  for (const f of cfg.fields) {
    if (f.dataType !== 'country') continue;
    const value = fields[f.name];
    if (value === null || value === undefined) continue;
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (text !== '') return text.toUpperCase();
  }
  return '';
}
