// Retention of registration forms (BMG § 30(4), DECISIONS 2.12): a form is kept one year from the
// day of departure and destroyed within the following three months. One rule for both halves:
// the service erases its forms, the portal its own copies, by the same cut-off date. Zod-free.
import { addDays, berlinToday } from './time';

/**
 * Forms whose departure date lies before this date (Berlin calendar) are past retention: they
 * departed more than `days` days ago. A form departed exactly `days` days ago is still kept.
 */
export function retentionCutoff(now: Date, days: number): string {
  return addDays(berlinToday(now), -days);
}

/** How often the sweeps run; the law allows three months, a day keeps the overrun small. */
export const RETENTION_INTERVAL_MS = 24 * 3600 * 1000;
