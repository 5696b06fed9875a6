// One pool of password checks per process (README LOGIN_MAX_CONCURRENT): the landlords' token/
// and the office's staff sign-in take their slots from the same pool, also across the two module
// copies a running server holds (server.ts serves the service, Next's bundle the office; here a
// second copy loaded after `vi.resetModules()` stands for the service's).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadEnv } from '@/lib/env';
import { CLI_ACTOR } from '@/lib/office/audit/audit';
import { checkStaffPassword, StaffSignInError } from '@/lib/office/sign-in/sign-in';
import { createStaff } from '@/lib/office/staff/staff';
import { createUser } from '@/lib/service/provisioning';
import { useTestDb } from '../helpers/db';

const t = useTestDb();
const PASSWORD = 'correct horse battery';

afterEach(() => {
  delete process.env.LOGIN_MAX_CONCURRENT;
  reloadEnv();
});

/** 'ok', or 'busy' for the refusal of a full pool (a StaffSignInError, or the service's 503 of
 * the second module copy, whose ServiceError class is its own). */
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (err: unknown) =>
      (err instanceof StaffSignInError && err.reason === 'busy') ||
      (err instanceof Error && 'code' in err && err.code === 'service_busy')
        ? 'busy'
        : String(err),
  );

describe('password checks of landlords and staff', () => {
  it('share one pool: LOGIN_MAX_CONCURRENT=1 lets one check run and eight wait, whoever signs in', async () => {
    await createUser(t.db, { username: 'pool-landlord' }, PASSWORD);
    await createStaff(t.db, { username: 'pool-staff' }, PASSWORD, CLI_ACTOR);
    process.env.LOGIN_MAX_CONCURRENT = '1';
    reloadEnv();
    vi.resetModules();
    const service = await import('@/lib/service/accounts/sign-in');
    const now = new Date();
    // Ten landlords through the service's copy, ten staff through the office's, all at once.
    const landlords = Array.from({ length: 10 }, (_, i) =>
      outcome(
        service.signIn(t.db, {
          login: 'pool-landlord',
          password: PASSWORD,
          address: `198.51.100.${i + 1}`,
          now,
        }),
      ),
    );
    const staff = Array.from({ length: 10 }, (_, i) =>
      outcome(
        checkStaffPassword(t.db, {
          login: 'pool-staff',
          password: PASSWORD,
          address: `203.0.113.${i + 1}`,
          now,
        }),
      ),
    );
    const results = await Promise.all([...landlords, ...staff]);
    // One running and eight waiting in the one pool; every other sign-in is told to come back.
    expect(results.filter((r) => r === 'ok')).toHaveLength(9);
    expect(results.filter((r) => r === 'busy')).toHaveLength(11);
  });
});
