// The calendar sync's timer, once per process: each instance looks for due feeds every
// CALENDAR_TICK_SECONDS; the claim in sync.ts makes each feed's fetch once per period across
// instances. Rounds of one process never overlap; shutting down waits for the round in flight.
// No `server-only`: server.ts and instrumentation.ts start it.
import type { Db } from '@/lib/db';
import { env } from '@/lib/env';
import { describeError } from '@/lib/log';
import { runSyncRound, type SyncOptions } from './sync';

const KEY = Symbol.for('meldeportal.calendars.sync');

export interface SchedulerOptions {
  /** Wait before the first round (instrumentation.ts: a minute, so `next build` opens no database). */
  firstAfterMs: number;
  /** Runs once before the first round (server.ts: the demo calendar). */
  prepare?: (db: Db) => Promise<void>;
  /** Passed to each round (tests: a fetcher of their own). */
  sync?: Omit<SyncOptions, 'signal' | 'now'>;
}

interface Scheduler {
  stop: () => Promise<void>;
}

export function startCalendarSync(db: () => Promise<Db>, opts: SchedulerOptions): void {
  const g = globalThis as { [KEY]?: Scheduler };
  if (g[KEY]) return;
  const stopping = new AbortController();
  let inFlight: Promise<void> | null = null;
  let prepared = !opts.prepare;
  let interval: NodeJS.Timeout | undefined;
  const round = async () => {
    try {
      const d = await db();
      if (!prepared) {
        await opts.prepare?.(d);
        prepared = true;
      }
      const started = performance.now();
      const done = await runSyncRound(d, { ...opts.sync, signal: stopping.signal });
      if (done.feeds || done.resumed || done.reconcileFailed) {
        const ms = Math.round(performance.now() - started);
        console.info(
          `calendar sync: ${done.feeds} feed(s), ${done.failed} failed, ${done.suspect} held back as suspect, ${done.objects} object(s), ${done.resumed} resumed, ${done.reconcileFailed} reconcile(s) failed in ${ms} ms`,
        );
      }
    } catch (err) {
      console.warn(`calendar sync failed: ${describeError(err)}`);
    }
  };
  // Rounds of one process never overlap; the one in flight is what stop() waits for.
  const run = () => {
    if (inFlight || stopping.signal.aborted) return;
    inFlight = round().finally(() => {
      inFlight = null;
    });
  };
  const first = setTimeout(() => {
    run();
    interval = setInterval(run, env().CALENDAR_TICK_SECONDS * 1000).unref();
  }, opts.firstAfterMs).unref();
  g[KEY] = {
    stop: async () => {
      stopping.abort();
      clearTimeout(first);
      clearInterval(interval);
      await inFlight;
      delete g[KEY];
    },
  };
}

/**
 * Stops the timer and waits for the round in flight (server.ts on SIGTERM): that round finishes
 * the feeds it claimed, reconciles their objects and claims no more, so a deploy does not cut a
 * round short. (A round cut short anyway is finished by the next: sync.ts.)
 */
export async function stopCalendarSync(): Promise<void> {
  await (globalThis as { [KEY]?: Scheduler })[KEY]?.stop();
}
