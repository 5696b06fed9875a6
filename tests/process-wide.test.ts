// The periodic jobs' one machinery (lib/process-wide.ts, lib/jobs.ts): one timer per job and
// process, also when a second copy of the module starts it (server.ts and Next's bundle each load
// their own); a failing run is logged by its description and the next run comes as planned; runs
// never overlap; stop ends the timer and waits for the run in flight. And every job of the list is
// in the README's table.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { periodic, periodicNames, stopPeriodic } from '@/lib/process-wide';
import { JOBS } from '@/lib/jobs';
import { captureConsole } from './helpers/console';

const logs = captureConsole();

afterEach(async () => {
  await stopPeriodic();
  vi.useRealTimers();
});

describe('periodic', () => {
  it('runs one timer per name in a process, also when a second copy of the module starts it', async () => {
    vi.useFakeTimers();
    const run = vi.fn(async () => {});
    const first = periodic('test-once', 1_000, run, { firstAfterMs: 0 });
    expect(periodic('test-once', 1_000, run, { firstAfterMs: 0 })).toBe(first);
    vi.resetModules();
    const otherCopy = await import('@/lib/process-wide');
    expect(otherCopy.periodic).not.toBe(periodic);
    expect(otherCopy.periodic('test-once', 1_000, run, { firstAfterMs: 0 })).toBe(first);
    await vi.advanceTimersByTimeAsync(3_500);
    expect(run).toHaveBeenCalledTimes(4); // at 0, 1, 2 and 3 s
    expect(periodicNames()).toEqual(['test-once']);
  });

  it('logs a failing run by its description and runs again on time', async () => {
    vi.useFakeTimers();
    let calls = 0;
    periodic(
      'test-failing',
      1_000,
      async () => {
        calls++;
        if (calls === 1) {
          throw Object.assign(new Error('insert failed for Gast-Marker-Zyx'), { code: '23514' });
        }
      },
      { firstAfterMs: 0 },
    );
    await vi.advanceTimersByTimeAsync(1_500);
    expect(calls).toBe(2);
    expect(logs.output()).toContain('job test-failing failed');
    expect(logs.output()).toContain('code=23514');
    expect(logs.output()).not.toContain('Gast-Marker-Zyx');
  });

  it('never overlaps runs: the next is planned when one ends', async () => {
    vi.useFakeTimers();
    let running = 0;
    let most = 0;
    let runs = 0;
    const job = periodic(
      'test-slow',
      100,
      async () => {
        runs++;
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        running--;
      },
      { firstAfterMs: 0 },
    );
    await vi.advanceTimersByTimeAsync(3_000);
    const stopping = job.stop();
    await vi.advanceTimersByTimeAsync(1_000);
    await stopping;
    expect(most).toBe(1);
    expect(runs).toBe(3); // 0 to 1 s, 1.1 to 2.1 s, 2.2 to 3.2 s
  });

  it('stop aborts the signal, waits for the run in flight and runs no more', async () => {
    let release = () => {};
    let started = () => {};
    const inFlight = new Promise<void>((resolve) => (started = resolve));
    const signals: AbortSignal[] = [];
    const job = periodic(
      'test-stop',
      10,
      (signal) => {
        signals.push(signal);
        started();
        return new Promise<void>((resolve) => (release = resolve));
      },
      { firstAfterMs: 0 },
    );
    await inFlight;
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    expect(signals[0]!.aborted).toBe(true);
    release();
    await stopping;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(signals).toHaveLength(1);
    expect(periodicNames()).toEqual([]);
    // A stopped name can be started again (a test, a restart of the jobs).
    expect(periodic('test-stop', 10, async () => {})).not.toBe(job);
  });
});

describe('the job list', () => {
  it('names each job once, and the README table shows every one', () => {
    const names = JOBS.map((j) => j.name);
    expect(new Set(names).size).toBe(names.length);
    const readme = readFileSync('README.md', 'utf8');
    const table = readme.slice(readme.indexOf('## Background jobs'));
    for (const name of names) expect(table).toContain(`\`${name}\``);
  });
});
