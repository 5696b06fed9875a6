// The staff's sign-in (docs/decisions/030): a password step and a second-factor step, each spending
// the service's failed-sign-in budgets (lib/service/accounts/rate-limit.ts) before it checks
// anything, so the same abuse limits hold as for landlords (decision 010). Only the second step
// ends in a session (session-seal.ts); the password step alone opens nothing of the office.
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { staffAccounts, staffRecoveryCodes } from '../../db/schema';
import { env } from '../../env';
import { ServiceError } from '../../wire/errors';
import { inPasswordSlot } from '../../service/accounts/check-slots';
import { verifyPassword } from '../../service/accounts/passwords';
import { releaseAttempt, reserveAttempt, type Budget } from '../../service/accounts/rate-limit';
import { addressKey, signInBudgets } from '../../service/accounts/sign-in';
import { recordAudit } from '../audit/audit';
import { hashRecoveryCode, newRecoveryCodes, totpStep } from './second-factor';
import { sealTotpSecret, totpSecretOf } from '../staff/secrets';
import { findStaffById, findStaffByUsername } from '../staff/staff';

/**
 * Wrong second-factor codes per account and client address in a window (a 6-digit code: 3 in
 * 10^6 each, with a step of drift either side): a stranger who has the password is stopped after
 * these at their address, and the staff member's own address keeps its budget.
 */
export const SECOND_FACTOR_MAX_FAILURES = 5;
/**
 * Wrong codes per account from all addresses together: bounds guessing spread over many
 * addresses (20 a window, 1,920 a day: about 0.6 % a day to hit a code), far below the password's
 * LOGIN_MAX_ACCOUNT_FAILURES, since only whoever knows the password gets here.
 */
export const SECOND_FACTOR_MAX_ACCOUNT_FAILURES = 20;

export type SignInFailure = 'wrong' | 'rate_limited' | 'busy';

export class StaffSignInError extends Error {
  constructor(
    readonly reason: SignInFailure,
    readonly retryAfterSeconds = 0,
  ) {
    super(reason);
    this.name = 'StaffSignInError';
  }
}

async function reserve(db: Db, budgets: Budget[], now: Date) {
  const outcome = await reserveAttempt(db, budgets, now);
  if (!outcome.allowed) throw new StaffSignInError('rate_limited', outcome.retryAfterSeconds);
  return outcome.reservation;
}

export interface PasswordAttempt {
  login: string;
  password: string;
  address: string;
  now: Date;
}

export interface PasswordPassed {
  staffId: number;
  /** False: the account must enrol its second factor before it gets a session. */
  enrolled: boolean;
}

/** The password step: the account, or `wrong`, `rate_limited`, `busy`. */
export async function checkStaffPassword(
  db: Db,
  attempt: PasswordAttempt,
): Promise<PasswordPassed> {
  try {
    return await inPasswordSlot(async () => {
      const staff = await findStaffByUsername(db, attempt.login);
      // Staff budgets are apart from landlords' (another key), the client address's is shared.
      const subject = staff
        ? `staff:${staff.id}`
        : `staff-name:${attempt.login.trim().toLowerCase()}`;
      const reservation = await reserve(db, signInBudgets(subject, attempt.address), attempt.now);
      const ok = await verifyPassword(attempt.password, staff?.passwordHash ?? null);
      if (!staff || !ok || !staff.isActive) throw new StaffSignInError('wrong');
      await releaseAttempt(db, reservation);
      return { staffId: staff.id, enrolled: staff.totpSecret !== null };
    });
  } catch (err) {
    if (err instanceof ServiceError && err.code === 'service_busy') {
      throw new StaffSignInError('busy', 1);
    }
    throw err;
  }
}

/** As the password's budgets (signInBudgets): per account and address, per account, per address. */
function secondFactorBudgets(staffId: number, address: string): Budget[] {
  const from = addressKey(address);
  return [
    { key: `staff-2fa:${staffId}|${from}`, max: SECOND_FACTOR_MAX_FAILURES },
    { key: `staff-2fa:${staffId}`, max: SECOND_FACTOR_MAX_ACCOUNT_FAILURES },
    { key: from, max: env().LOGIN_MAX_ADDRESS_FAILURES },
  ];
}

export interface SecondFactorAttempt {
  staffId: number;
  /** A 6-digit TOTP code or a recovery code. */
  code: string;
  address: string;
  now: Date;
}

/**
 * The second step of an enrolled account: a TOTP code not used before, or an unused recovery code
 * (which is spent). Either is accepted once, also under parallel attempts.
 */
export async function checkSecondFactor(
  db: Db,
  attempt: SecondFactorAttempt,
): Promise<{ method: 'totp' | 'recovery' }> {
  const reservation = await reserve(
    db,
    secondFactorBudgets(attempt.staffId, attempt.address),
    attempt.now,
  );
  const staff = await findStaffById(db, attempt.staffId);
  const secret = staff?.isActive ? await totpSecretOf(db, staff) : null;
  if (!staff || !secret) throw new StaffSignInError('wrong');
  const digits = attempt.code.replace(/\s+/g, '');
  let method: 'totp' | 'recovery';
  if (/^\d{6}$/.test(digits)) {
    const step = totpStep(secret, digits, attempt.now);
    if (step === null || !(await takeTotpStep(db, staff.id, step))) {
      throw new StaffSignInError('wrong');
    }
    method = 'totp';
  } else {
    if (!(await spendRecoveryCode(db, staff.id, staff.username, attempt.code))) {
      throw new StaffSignInError('wrong');
    }
    method = 'recovery';
  }
  await releaseAttempt(db, reservation);
  return { method };
}

/** Accepts a step once: only a step later than the last accepted one moves it on. */
async function takeTotpStep(db: Db, staffId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(staffAccounts)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(staffAccounts.id, staffId),
        or(isNull(staffAccounts.totpLastStep), lt(staffAccounts.totpLastStep, step)),
      ),
    )
    .returning({ id: staffAccounts.id });
  return rows.length === 1;
}

async function spendRecoveryCode(
  db: Db,
  staffId: number,
  username: string,
  code: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(staffRecoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(staffRecoveryCodes.staffId, staffId),
          eq(staffRecoveryCodes.codeHash, hashRecoveryCode(code)),
          isNull(staffRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: staffRecoveryCodes.id });
    if (rows.length !== 1) return false;
    await recordAudit(
      tx,
      { staffId, name: username },
      'staff.recovery_code_used',
      `staff:${staffId}`,
    );
    return true;
  });
}

export interface EnrolAttempt {
  staffId: number;
  /** The secret shown to the staff member (kept in the sealed pending sign-in until now). */
  secret: string;
  code: string;
  address: string;
  now: Date;
}

/**
 * First sign-in: the code from the app proves the secret was taken over; then the secret is stored
 * and ten recovery codes are made. The codes are returned to be shown once; only hashes are kept.
 * An account that has enrolled already cannot be enrolled again this way.
 */
export async function enrolSecondFactor(db: Db, attempt: EnrolAttempt): Promise<string[]> {
  const reservation = await reserve(
    db,
    secondFactorBudgets(attempt.staffId, attempt.address),
    attempt.now,
  );
  const step = totpStep(attempt.secret, attempt.code, attempt.now);
  if (step === null) throw new StaffSignInError('wrong');
  const codes = newRecoveryCodes();
  const done = await db.transaction(async (tx) => {
    const rows = await tx
      .update(staffAccounts)
      .set({
        totpSecret: sealTotpSecret(attempt.staffId, attempt.secret),
        totpLastStep: step,
        modified: attempt.now,
      })
      .where(
        and(
          eq(staffAccounts.id, attempt.staffId),
          eq(staffAccounts.isActive, true),
          isNull(staffAccounts.totpSecret),
        ),
      )
      .returning({ id: staffAccounts.id, username: staffAccounts.username });
    const staff = rows[0];
    if (!staff) return false;
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staff.id));
    await tx
      .insert(staffRecoveryCodes)
      .values(codes.map((c) => ({ staffId: staff.id, codeHash: hashRecoveryCode(c) })));
    await recordAudit(
      tx,
      { staffId: staff.id, name: staff.username },
      'staff.enrol_second_factor',
      `staff:${staff.id}`,
    );
    return true;
  });
  if (!done) throw new StaffSignInError('wrong');
  await releaseAttempt(db, reservation);
  return codes;
}

/** A successful sign-in is noted on the account. */
export async function noteStaffLogin(db: Db, staffId: number, now: Date): Promise<void> {
  await db.update(staffAccounts).set({ lastLogin: now }).where(eq(staffAccounts.id, staffId));
}
