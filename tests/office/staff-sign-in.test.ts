// The office's staff sign-in under abuse (docs/decisions/030): the password budgets of the
// landlords' sign-in hold for staff too (also against parallel guesses), the second factor cannot
// be skipped (a half-finished sign-in unseals as no session), a TOTP code and a recovery code
// work once each (also in parallel), and a landlord's account is no staff account.
import { eq } from 'drizzle-orm';
import { TOTP, Secret } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { staffAccounts, staffAudit } from '@/lib/db/schema';
import { CLI_ACTOR } from '@/lib/office/audit/audit';
import {
  SECOND_FACTOR_MAX_ACCOUNT_FAILURES,
  SECOND_FACTOR_MAX_FAILURES,
  StaffSignInError,
  checkSecondFactor,
  checkStaffPassword,
  enrolSecondFactor,
} from '@/lib/office/sign-in/sign-in';
import { newTotpSecret } from '@/lib/office/sign-in/second-factor';
import { sealPending, sealSession, staffOfSession } from '@/lib/office/sign-in/session-seal';
import { createStaff, endStaffSessions } from '@/lib/office/staff/staff';
import { createUser } from '@/lib/service/provisioning';
import { useTestDb } from '../helpers/db';

const t = useTestDb();
const PASSWORD = 'correct horse battery';
let addressCounter = 0;
/** A fresh client address per test, so tests do not share the per-address budget. */
const address = () => `198.51.100.${++addressCounter}`;

const codeAt = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() });

async function staff(name: string): Promise<number> {
  return createStaff(t.db, { username: name }, PASSWORD, CLI_ACTOR);
}

/** A staff account that has enrolled; its secret and recovery codes. */
async function enrolled(name: string, now = new Date()) {
  const staffId = await staff(name);
  const secret = newTotpSecret();
  const from = address();
  const codes = await enrolSecondFactor(t.db, {
    staffId,
    secret,
    code: codeAt(secret, now),
    address: from,
    now,
  });
  return { staffId, secret, codes };
}

const reason = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (err: unknown) => (err instanceof StaffSignInError ? err.reason : String(err)),
  );

describe('password step', () => {
  it('accepts the right password and says whether the second factor is still to be set up', async () => {
    const id = await staff('anna');
    const passed = await checkStaffPassword(t.db, {
      login: 'ANNA',
      password: PASSWORD,
      address: address(),
      now: new Date(),
    });
    expect(passed).toEqual({ staffId: id, enrolled: false });
  });

  it('refuses a landlord account: staff and landlords are apart', async () => {
    await createUser(t.db, { username: 'landlordx' }, PASSWORD);
    const outcome = await reason(
      checkStaffPassword(t.db, {
        login: 'landlordx',
        password: PASSWORD,
        address: address(),
        now: new Date(),
      }),
    );
    expect(outcome).toBe('wrong');
  });

  it('holds its budget against 60 parallel guesses: the right password among them is not let through', async () => {
    await staff('berta');
    const from = address();
    const now = new Date();
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        reason(
          checkStaffPassword(t.db, {
            login: 'berta',
            password: i === 30 ? PASSWORD : `guess ${i}`,
            address: from,
            now,
          }),
        ),
      ),
    );
    const checked = results.filter((r) => r === 'wrong' || r === 'ok');
    expect(checked.length).toBeLessThanOrEqual(10);
    expect(results[30]).not.toBe('ok');
    // The rest were refused unchecked: over budget, or beyond the bounded queue of checks.
    expect(results.every((r) => ['wrong', 'rate_limited', 'busy'].includes(r))).toBe(true);
    // Once the budget is spent, even the right password is refused unchecked.
    for (let i = 0; i < 10; i++) {
      await reason(checkStaffPassword(t.db, { login: 'berta', password: 'x', address: from, now }));
    }
    expect(
      await reason(
        checkStaffPassword(t.db, { login: 'berta', password: PASSWORD, address: from, now }),
      ),
    ).toBe('rate_limited');
  });

  it('refuses a deactivated account with the right password', async () => {
    const id = await staff('carla');
    await t.db.update(staffAccounts).set({ isActive: false }).where(eq(staffAccounts.id, id));
    expect(
      await reason(
        checkStaffPassword(t.db, {
          login: 'carla',
          password: PASSWORD,
          address: address(),
          now: new Date(),
        }),
      ),
    ).toBe('wrong');
  });
});

describe('second factor', () => {
  it('cannot be skipped: a pending sign-in, with or without its secret, is no session', async () => {
    const { staffId } = await enrolled('dora');
    const pending = await sealPending({ staffId, returnTo: '/verwaltung' });
    expect(await staffOfSession(t.db, pending, new Date())).toBeNull();
    const enrolling = await sealPending({ staffId, enrolSecret: newTotpSecret(), returnTo: '' });
    expect(await staffOfSession(t.db, enrolling, new Date())).toBeNull();
    // The real thing works, so the refusals above are no accident of the setup.
    const session = await sealSession(staffId, new Date());
    expect((await staffOfSession(t.db, session, new Date()))?.username).toBe('dora');
  });

  it('gives no session to an account that has not enrolled, even with a session seal', async () => {
    const staffId = await staff('emil');
    expect(
      await staffOfSession(t.db, await sealSession(staffId, new Date()), new Date()),
    ).toBeNull();
  });

  it('refuses a wrong code and accepts a code only once', async () => {
    const now = new Date();
    const { staffId, secret } = await enrolled('frida', new Date(now.getTime() - 60_000));
    const from = address();
    expect(
      await reason(checkSecondFactor(t.db, { staffId, code: '000000', address: from, now })),
    ).toBe(codeAt(secret, now) === '000000' ? 'ok' : 'wrong');
    const code = codeAt(secret, now);
    const twice = await Promise.all([
      reason(checkSecondFactor(t.db, { staffId, code, address: from, now })),
      reason(checkSecondFactor(t.db, { staffId, code, address: from, now })),
    ]);
    expect(twice.sort()).toEqual(['ok', 'wrong']);
  });

  it(`stops a stranger after ${SECOND_FACTOR_MAX_FAILURES} wrong codes, also for the right one, and not the staff member at their own address`, async () => {
    const now = new Date();
    const { staffId, secret } = await enrolled('gerd', new Date(now.getTime() - 60_000));
    const right = codeAt(secret, now);
    const wrongCode = right === '123456' ? '654321' : '123456';
    // Someone who has only the password, at their own address, guesses in parallel.
    const stranger = address();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        reason(checkSecondFactor(t.db, { staffId, code: wrongCode, address: stranger, now })),
      ),
    );
    expect(results.filter((r) => r === 'wrong').length).toBe(SECOND_FACTOR_MAX_FAILURES);
    expect(results.filter((r) => r === 'rate_limited').length).toBe(
      20 - SECOND_FACTOR_MAX_FAILURES,
    );
    expect(
      await reason(checkSecondFactor(t.db, { staffId, code: right, address: stranger, now })),
    ).toBe('rate_limited');
    // The staff member signs in at their own address meanwhile.
    expect(
      await reason(checkSecondFactor(t.db, { staffId, code: right, address: address(), now })),
    ).toBe('ok');
  });

  it(`bounds guessing spread over many addresses at ${SECOND_FACTOR_MAX_ACCOUNT_FAILURES} wrong codes per account`, async () => {
    const now = new Date();
    const { staffId, secret } = await enrolled('gesa', new Date(now.getTime() - 60_000));
    const right = codeAt(secret, now);
    const wrongCode = right === '123456' ? '654321' : '123456';
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        reason(
          checkSecondFactor(t.db, { staffId, code: wrongCode, address: `203.0.113.${i}`, now }),
        ),
      ),
    );
    expect(results.filter((r) => r === 'wrong').length).toBe(SECOND_FACTOR_MAX_ACCOUNT_FAILURES);
    expect(
      await reason(checkSecondFactor(t.db, { staffId, code: right, address: address(), now })),
    ).toBe('rate_limited');
  });

  it('takes each recovery code once, also in parallel, and logs its use', async () => {
    const { staffId, codes } = await enrolled('hanna');
    expect(codes).toHaveLength(10);
    const now = new Date();
    const typed = codes[3]!.toLowerCase().replace(/-/g, ' ');
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        reason(checkSecondFactor(t.db, { staffId, code: typed, address: address(), now })),
      ),
    );
    expect(results.sort()).toEqual(['ok', 'wrong', 'wrong', 'wrong']);
    expect(
      await reason(checkSecondFactor(t.db, { staffId, code: codes[4]!, address: address(), now })),
    ).toBe('ok');
    const used = await t.db
      .select()
      .from(staffAudit)
      .where(eq(staffAudit.action, 'staff.recovery_code_used'));
    expect(used.filter((u) => u.staffId === staffId)).toHaveLength(2);
  });

  it('enrols once: a second enrolment with another secret is refused', async () => {
    const { staffId } = await enrolled('ida');
    const other = newTotpSecret();
    const now = new Date();
    expect(
      await reason(
        enrolSecondFactor(t.db, {
          staffId,
          secret: other,
          code: codeAt(other, now),
          address: address(),
          now,
        }),
      ),
    ).toBe('wrong');
  });

  it('enrolment needs a code of the shown secret', async () => {
    const staffId = await staff('jonas');
    const secret = newTotpSecret();
    const now = new Date();
    const wrongCode = codeAt(secret, now) === '111111' ? '222222' : '111111';
    expect(
      await reason(
        enrolSecondFactor(t.db, { staffId, secret, code: wrongCode, address: address(), now }),
      ),
    ).toBe('wrong');
    const [row] = await t.db.select().from(staffAccounts).where(eq(staffAccounts.id, staffId));
    expect(row!.totpSecret).toBeNull();
  });
});

describe('staff session', () => {
  it('ends with sign-out: a copy of the cookie from before no longer works', async () => {
    const { staffId } = await enrolled('karl');
    const began = new Date(Date.now() - 1000);
    const session = await sealSession(staffId, began);
    expect(await staffOfSession(t.db, session, new Date())).not.toBeNull();
    await endStaffSessions(t.db, staffId, new Date());
    expect(await staffOfSession(t.db, session, new Date())).toBeNull();
  });

  it('ends when the account is deactivated, and refuses a tampered seal', async () => {
    const { staffId } = await enrolled('lena');
    const session = await sealSession(staffId, new Date());
    expect(await staffOfSession(t.db, `${session.slice(0, -4)}AAAA`, new Date())).toBeNull();
    await t.db.update(staffAccounts).set({ isActive: false }).where(eq(staffAccounts.id, staffId));
    expect(await staffOfSession(t.db, session, new Date())).toBeNull();
  });

  it('carries only office permission strings', async () => {
    const staffId = await createStaff(
      t.db,
      { username: 'maria', permissions: ['office.view_figures'] },
      PASSWORD,
      CLI_ACTOR,
    );
    const secret = newTotpSecret();
    const now = new Date();
    await enrolSecondFactor(t.db, {
      staffId,
      secret,
      code: codeAt(secret, now),
      address: address(),
      now,
    });
    const s = await staffOfSession(t.db, await sealSession(staffId, now), now);
    expect([...s!.permissions]).toEqual(['office.view_figures']);
  });
});
