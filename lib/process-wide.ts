// State that must be one per process. server.ts (the service on bare node:http) and Next's bundle
// (the portal and the office) each load their own copy of a module, so a module-level cache that
// the office clears after a change would be cleared only in Next's copy while the service kept
// answering from its own. Such state lives on `globalThis` under a registered symbol instead.
// Periodic jobs are such state too: one timer per job and process, whichever copy starts it.
import { describeError } from './log';

/** A per-process slot: `get` makes the value on first use, `reset` drops it for every copy. */
export function processWide<T>(name: string, make: () => T): { get(): T; reset(): void } {
  const key = Symbol.for(`meldeportal.${name}`);
  const slots = globalThis as { [k: symbol]: T | undefined };
  return {
    get: () => (slots[key] ??= make()),
    reset: () => {
      slots[key] = undefined;
    },
  };
}

/** A job started by `periodic`: `stop` ends its timer and waits for the run in flight. */
export interface Periodic {
  readonly name: string;
  stop(): Promise<void>;
}

export interface PeriodicOptions {
  /** Wait before the first run (default: one period). */
  firstAfterMs?: number;
}

const jobs = processWide('periodic', () => new Map<string, Periodic>());

/**
 * Runs `run` every `everyMs`, once per process for each name (a second start under the same name,
 * also from Next's copy of this module, returns the first). The next run is planned when one ends,
 * so runs of a job never overlap. A run that throws is logged by its description (lib/log.ts: no
 * message, no query parameters) and the next one comes as planned: a failure is never fatal. The
 * timers never keep the process alive. `run` is handed a signal that is aborted on `stop`, so a
 * long run can finish what it started and take nothing new.
 */
export function periodic(
  name: string,
  everyMs: number,
  run: (signal: AbortSignal) => Promise<unknown>,
  opts: PeriodicOptions = {},
): Periodic {
  const running = jobs.get();
  const existing = running.get(name);
  if (existing) return existing;
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | null = null;
  const plan = (ms: number) => {
    if (stopping.signal.aborted) return;
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  const tick = () => {
    inFlight = run(stopping.signal)
      .then(
        () => undefined,
        (err: unknown) => console.error(`job ${name} failed:`, describeError(err)),
      )
      .finally(() => {
        inFlight = null;
        plan(everyMs);
      });
  };
  const job: Periodic = {
    name,
    stop: async () => {
      stopping.abort();
      clearTimeout(timer);
      if (running.get(name) === job) running.delete(name);
      await inFlight;
    },
  };
  running.set(name, job);
  plan(opts.firstAfterMs ?? everyMs);
  return job;
}

/** The names of the jobs running in this process. */
export function periodicNames(): string[] {
  return [...jobs.get().keys()];
}

/** Stops every job and waits for the runs in flight (server.ts on SIGTERM, tests). */
export async function stopPeriodic(): Promise<void> {
  await Promise.all([...jobs.get().values()].map((j) => j.stop()));
}
