// One round of the calendar sync as the periodic job runs it (lib/jobs.ts): each instance looks
// for due feeds every CALENDAR_TICK_SECONDS; the claim in sync.ts makes each feed's fetch once per
// period across instances. The job's signal is aborted on shutdown: the round in flight finishes
// the feeds it claimed and claims no more, and server.ts waits for it. No `server-only`: the job
// list is loaded outside a request.
import type { Db } from '@/lib/db';
import { runSyncRound, type SyncOptions } from './sync';

/** Runs one round and logs what it did (nothing when there was nothing to do). */
export async function calendarRound(
  db: Db,
  signal: AbortSignal,
  sync: Omit<SyncOptions, 'signal' | 'now'> = {},
): Promise<void> {
  const started = performance.now();
  const done = await runSyncRound(db, { ...sync, signal });
  if (done.feeds || done.resumed || done.reconcileFailed) {
    const ms = Math.round(performance.now() - started);
    console.info(
      `calendar sync: ${done.feeds} feed(s), ${done.failed} failed, ${done.suspect} held back as suspect, ${done.objects} object(s), ${done.resumed} resumed, ${done.reconcileFailed} reconcile(s) failed in ${ms} ms`,
    );
  }
}
