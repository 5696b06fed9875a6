// The periodic jobs log a failure by its description (lib/log.ts), never as the raw error object:
// a database error carries its query's parameters (guests' fields, a calendar link's secret), and
// node prints every property of an object it is handed.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '@/lib/db';
import { startCheckinPurge } from '@/lib/portal/checkin/purge';
import { startStateJobs } from '@/lib/service/meldescheine/states';
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

afterEach(() => {
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
    const stop = startStateJobs(failing);
    await vi.waitFor(() => expect(logs.output()).toContain('state job failed'));
    stop();
    expect(logs.output()).toContain('code=23514');
    expect(logs.output()).not.toContain('secret-token-4711');
    expect(logs.output()).not.toContain('Gast-Marker-Zyx');
  });

  it('the check-in purge names the failure without its message or parameters', async () => {
    vi.useFakeTimers();
    startCheckinPurge(() => Promise.reject(driverError()));
    await vi.advanceTimersByTimeAsync(61_000);
    expect(logs.output()).toContain('check-in purge failed');
    expect(logs.output()).toContain('code=23514');
    expect(logs.output()).not.toContain('secret-token-4711');
    expect(logs.output()).not.toContain('Gast-Marker-Zyx');
  });
});
