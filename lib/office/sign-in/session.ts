import 'server-only';
// The office's session layer (docs/decisions/030): every page and action of /verwaltung calls
// verifyStaff() (cache()d per request) with the permission it needs; nothing else authorizes.
// The staff cookie is sealed (session-seal.ts), httpOnly, SameSite=Strict and sent only to
// /verwaltung, so it never reaches the landlords' portal, and the landlords' next-auth cookie
// is never read here: a landlord's session or token opens nothing of the office.
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { clientAddressOf } from './request';
import { env, publicBaseUrl } from '../../env';
import { officeDb } from '../db';
import { isSameOriginPost } from './csrf';
import { OFFICE_HOME, officeSignInRedirect } from './paths';
import type { OfficePermission } from '../staff/permissions';
import {
  PENDING_TTL_SECONDS,
  SESSION_TTL_SECONDS,
  sealPending,
  sealSession,
  staffOfSession,
  unsealPending,
  type PendingSignIn,
  type Staff,
} from './session-seal';
import { endStaffSessions } from '../staff/staff';

const STAFF_COOKIE = 'mp-office';
const PENDING_COOKIE = 'mp-office-pending';

function cookieOptions(maxAge: number) {
  return {
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: env().NODE_ENV === 'production' || publicBaseUrl().startsWith('https://'),
    path: OFFICE_HOME,
    maxAge,
  };
}

/** The signed-in staff member, or null. Cached per request. */
export const readStaff = cache(async (): Promise<Staff | null> => {
  const sealed = (await cookies()).get(STAFF_COOKIE)?.value;
  return staffOfSession(await officeDb(), sealed, new Date());
});

/**
 * The staff member of a page or action, holding `permission` when one is named; otherwise off to
 * sign-in (coming back to `returnTo`), or to the office's start page that says the right is missing.
 */
export async function verifyStaff(returnTo: string, permission?: OfficePermission): Promise<Staff> {
  const staff = await readStaff();
  if (!staff) redirect(officeSignInRedirect(returnTo));
  if (permission && !staff.permissions.has(permission)) {
    redirect(`${OFFICE_HOME}?fehlt=${encodeURIComponent(permission)}`);
  }
  return staff;
}

/** For actions: a post from our own pages by staff with the right. */
export async function verifyStaffAction(
  returnTo: string,
  permission?: OfficePermission,
): Promise<Staff> {
  if (!isSameOriginPost(await headers())) redirect(officeSignInRedirect(returnTo));
  return verifyStaff(returnTo, permission);
}

export async function requestAddress(): Promise<string> {
  return clientAddressOf(await headers());
}

export async function readPending(): Promise<PendingSignIn | null> {
  return unsealPending((await cookies()).get(PENDING_COOKIE)?.value);
}

export async function startPending(data: Omit<PendingSignIn, 'stage'>): Promise<void> {
  const jar = await cookies();
  jar.set(PENDING_COOKIE, await sealPending(data), cookieOptions(PENDING_TTL_SECONDS));
  jar.delete({ name: STAFF_COOKIE, path: OFFICE_HOME });
}

/** The second factor passed: the pending sign-in becomes a session. */
export async function beginSession(
  staffId: number,
  { keepPending }: { keepPending: boolean },
): Promise<void> {
  const jar = await cookies();
  jar.set(STAFF_COOKIE, await sealSession(staffId, new Date()), cookieOptions(SESSION_TTL_SECONDS));
  if (!keepPending) jar.delete({ name: PENDING_COOKIE, path: OFFICE_HOME });
}

export async function endSession(): Promise<void> {
  const staff = await readStaff();
  if (staff) await endStaffSessions(await officeDb(), staff.id, new Date());
  const jar = await cookies();
  jar.delete({ name: STAFF_COOKIE, path: OFFICE_HOME });
  jar.delete({ name: PENDING_COOKIE, path: OFFICE_HOME });
}
