// The periodic jobs log a failure by its description (lib/log.ts), never as the raw error object:
// a database error carries its query's parameters (guests' fields, a calendar link's secret), and
// node prints every property of an object it is handed.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '@/lib/db';
import { purgeExpiredCheckins } from '@/lib/portal/purge';
import { periodic, stopPeriodic } from '@/lib/process-wide';
import { runStateJobs } from '@/lib/service/meldescheine/states';
import { captureConsole } from '../helpers/console';

const SECRET = 'https://platform.example/ical/secret-token-4711.ics';

/** An error as a driver raises it: the failing query's parameters ride along. */
function driverError(): Error {
  return Object.assign(new Error(`insert failed for ${SECRET}`), {
    code: '23514',
    params: [SECRET, 'Gast-Marker-Zyx'],
  });
}

const logs = captureConsole();

afterEach(async () => {
  await stopPeriodic();
  vi.useRealTimers();
});

describe('job failure logs', () => {
  it('the state job names the failure without its message or parameters', async () => {
    const failing = new Proxy(
      {},
      {
        get() {
          throw driverError();
        },
      },
    ) as unknown as Db;
    periodic('service-states', 60_000, () => runStateJobs(failing), { firstAfterMs: 0 });
    await vi.waitFor(() => expect(logs.output()).toContain('job service-states failed'));
    expect(logs.output()).toContain('code=23514');
    expect(logs.output()).not.toContain('secret-token-4711');
    expect(logs.output()).not.toContain('Gast-Marker-Zyx');
  });

  it('the check-in purge names the failure without its message or parameters', async () => {
    vi.useFakeTimers();
    const db = (): Promise<Db> => Promise.reject(driverError());
    periodic('portal-checkin-purge', 3_600_000, async () => purgeExpiredCheckins(await db()), {
      firstAfterMs: 60_000,
    });
    await vi.advanceTimersByTimeAsync(61_000);
    expect(logs.output()).toContain('job portal-checkin-purge failed');
    expect(logs.output()).toContain('code=23514');
    expect(logs.output()).not.toContain('secret-token-4711');
    expect(logs.output()).not.toContain('Gast-Marker-Zyx');
  });
});
