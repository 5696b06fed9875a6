// The calendar sync's timer, once per process: each instance looks for due feeds every
// CALENDAR_TICK_SECONDS; the claim in sync.ts makes each feed's fetch once per period across
// instances. Rounds of one process never overlap. No `server-only`: server.ts and
// instrumentation.ts start it.
import type { Db } from '@/lib/db';
import { env } from '@/lib/env';
import { describeError } from '@/lib/log';
import { runSyncRound } from './sync';

const KEY = Symbol.for('meldeportal.calendars.sync');

export interface SchedulerOptions {
  /** Wait before the first round (instrumentation.ts: a minute, so `next build` opens no database). */
  firstAfterMs: number;
  /** Runs once before the first round (server.ts: the demo calendar). */
  prepare?: (db: Db) => Promise<void>;
}

export function startCalendarSync(db: () => Promise<Db>, opts: SchedulerOptions): void {
  const g = globalThis as { [KEY]?: boolean };
  if (g[KEY]) return;
  g[KEY] = true;
  let running = false;
  let prepared = !opts.prepare;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const d = await db();
      if (!prepared) {
        await opts.prepare?.(d);
        prepared = true;
      }
      const started = performance.now();
      const round = await runSyncRound(d);
      if (round.feeds) {
        const ms = Math.round(performance.now() - started);
        console.info(
          `calendar sync: ${round.feeds} feed(s), ${round.failed} failed, ${round.objects} object(s) in ${ms} ms`,
        );
      }
    } catch (err) {
      console.warn(`calendar sync failed: ${describeError(err)}`);
    } finally {
      running = false;
    }
  };
  setTimeout(() => {
    void run();
    setInterval(() => void run(), env().CALENDAR_TICK_SECONDS * 1000).unref();
  }, opts.firstAfterMs).unref();
}
