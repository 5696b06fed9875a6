// The staff's session as sealed data (iron-session's seal: encrypted and authenticated), apart from
// the landlords' next-auth session and the guests' check-in cookie: its own key derived from
// SESSION_SECRET for each stage, so neither another cookie of ours nor a half-finished sign-in
// unseals as a staff session. Reading a session always asks the database: a deactivated account,
// a sign-out or a reset ends every session begun before it (`sessions_valid_after`).
import { createHmac } from 'node:crypto';
import { sealData, unsealData } from 'iron-session';
import type { Db } from '../../db';
import { secret } from '../../env';
import { isOfficePermission, type OfficePermission } from '../staff/permissions';
import { findStaffById } from '../staff/staff';

/** A working day with room; a staff member signs in again each morning. */
export const SESSION_TTL_SECONDS = 12 * 3600;
/** From the password to the second factor (enrolment included: scanning a QR code takes time). */
export const PENDING_TTL_SECONDS = 10 * 60;

/** After the password, before the second factor: opens nothing but the second-factor pages. */
export interface PendingSignIn {
  stage: 'pending';
  staffId: number;
  /** Only for an account without a second factor: the secret to enrol, shown until it is. */
  enrolSecret?: string;
  returnTo: string;
}

export interface StaffSessionData {
  stage: 'staff';
  staffId: number;
  /** When the second factor was passed (ms). */
  since: number;
}

export interface Staff {
  id: number;
  username: string;
  displayName: string;
  permissions: ReadonlySet<OfficePermission>;
  /** The one municipality the account works for; null: all of the service's (staff/scope.ts). */
  gemeindeId: number | null;
}

function keyFor(stage: 'pending' | 'staff'): string {
  return createHmac('sha256', secret('SESSION_SECRET'))
    .update(`meldeportal office ${stage}`)
    .digest('hex');
}

export function sealPending(data: Omit<PendingSignIn, 'stage'>): Promise<string> {
  return sealData({ ...data, stage: 'pending' } satisfies PendingSignIn, {
    password: keyFor('pending'),
    ttl: PENDING_TTL_SECONDS,
  });
}

export async function unsealPending(sealed: string | undefined): Promise<PendingSignIn | null> {
  if (!sealed) return null;
  try {
    const data = await unsealData<Partial<PendingSignIn>>(sealed, {
      password: keyFor('pending'),
      ttl: PENDING_TTL_SECONDS,
    });
    if (data.stage !== 'pending' || typeof data.staffId !== 'number') return null;
    return {
      stage: 'pending',
      staffId: data.staffId,
      enrolSecret: typeof data.enrolSecret === 'string' ? data.enrolSecret : undefined,
      returnTo: typeof data.returnTo === 'string' ? data.returnTo : '',
    };
  } catch {
    return null;
  }
}

export function sealSession(staffId: number, now: Date): Promise<string> {
  return sealData({ stage: 'staff', staffId, since: now.getTime() } satisfies StaffSessionData, {
    password: keyFor('staff'),
    ttl: SESSION_TTL_SECONDS,
  });
}

/** The staff member behind a sealed session, or null (tampered, expired, ended, inactive). */
export async function staffOfSession(
  db: Db,
  sealed: string | undefined,
  now: Date,
): Promise<Staff | null> {
  if (!sealed) return null;
  let data: Partial<StaffSessionData>;
  try {
    data = await unsealData<Partial<StaffSessionData>>(sealed, {
      password: keyFor('staff'),
      ttl: SESSION_TTL_SECONDS,
    });
  } catch {
    return null;
  }
  if (data.stage !== 'staff' || typeof data.staffId !== 'number' || typeof data.since !== 'number')
    return null;
  if (data.since + SESSION_TTL_SECONDS * 1000 <= now.getTime()) return null;
  const row = await findStaffById(db, data.staffId);
  if (!row?.isActive || !row.totpSecret) return null;
  if (row.sessionsValidAfter && data.since <= row.sessionsValidAfter.getTime()) return null;
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName || row.username,
    permissions: new Set(row.permissions.filter(isOfficePermission)),
    gemeindeId: row.gemeindeId,
  };
}
