// States of a form (spec 3, DECISIONS 2.5). `departed` is entered when every live guest's
// departure date is before today (Europe/Berlin). `meldescheine.departure_date` holds the latest
// departure of the live guests, so one idempotent UPDATE over a partial index finds them all: safe
// to run from several instances at once. Calls apply the same rule to the forms they touch before
// reading or writing them, so no call sees a stale state between two sweeps.
import { and, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db';
import { meldescheine } from '../../db/schema';
import type { FormState } from '../../wire/meldeschein';
import { purgeExpiredRequestIds } from './idempotency';
import { berlinDate } from './stamps';
import { purgeLoginFailures } from '../accounts/rate-limit';
import { foldMonthFigures } from './month-figures';

export const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

const OPEN_STATES = ['draft', 'printed'] as const;

/** The state a form has now: an open form whose last guest has left is departed. */
export function effectiveState(state: string, departureDate: string, today: string): FormState {
  if ((state === 'draft' || state === 'printed') && departureDate < today) return 'departed';
  return state as FormState;
}

export function isChangeable(state: FormState): boolean {
  return state === 'draft' || state === 'printed';
}

/** Mark every open form whose guests have all left as departed; returns how many changed. */
export async function sweepDeparted(db: Db, now = new Date()): Promise<number> {
  const rows = await db
    .update(meldescheine)
    .set({ state: 'departed', modified: now })
    .where(
      and(
        inArray(meldescheine.state, [...OPEN_STATES]),
        lt(meldescheine.departureDate, berlinDate(now)),
      ),
    )
    .returning({ id: meldescheine.id });
  return rows.length;
}

/** The sweep restricted to some forms, for calls that found one of them departed. */
export async function departForms(db: Db, ids: number[], now: Date): Promise<void> {
  if (!ids.length) return;
  await db
    .update(meldescheine)
    .set({ state: 'departed', modified: now })
    .where(
      and(
        inArray(meldescheine.id, ids),
        inArray(meldescheine.state, [...OPEN_STATES]),
        lt(meldescheine.departureDate, berlinDate(now)),
      ),
    );
}

/** One run of the periodic job: departures, then expired idempotency keys. */
export async function runStateJobs(db: Db, now = new Date()): Promise<{ departed: number }> {
  const departed = await sweepDeparted(db, now);
  await purgeExpiredRequestIds(db);
  await purgeLoginFailures(db, now);
  // The office's month figures: what bookings appended since the last run (decision 031).
  await foldMonthFigures(db);
  return { departed };
}

/** Rows whose stored state lags behind (for a read that will then persist the change). */
export function lagging<T extends { id: number; state: string; departureDate: string }>(
  rows: T[],
  today: string,
): number[] {
  return rows
    .filter((r) => r.state !== effectiveState(r.state, r.departureDate, today))
    .map((r) => r.id);
}
