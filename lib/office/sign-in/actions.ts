'use server';
// The staff's sign-in as server actions: password, then the second factor (or its enrolment on the
// first sign-in). Each checks that the post comes from our own pages (csrf.ts).
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { officeDb } from '../db';
import { isSameOriginPost } from './csrf';
import { fill, officeI18n } from '../i18n';
import { OFFICE_HOME, OFFICE_SIGN_IN, safeOfficePath } from './paths';
import { newTotpSecret } from './second-factor';
import { beginSession, endSession, readPending, requestAddress, startPending } from './session';
import {
  StaffSignInError,
  checkSecondFactor,
  checkStaffPassword,
  enrolSecondFactor,
  noteStaffLogin,
} from './sign-in';

export interface SignInState {
  error?: string;
}

export interface EnrolState extends SignInState {
  codes?: string[];
  next?: string;
}

const Credentials = z.object({
  username: z.string().trim().min(1).max(200),
  password: z.string().min(1).max(1000),
  weiter: z.string().max(2000).optional(),
});

const Code = z.object({ code: z.string().trim().min(1).max(64) });

async function failure(err: unknown, wrong: string): Promise<SignInState> {
  const { m } = await officeI18n();
  if (!(err instanceof StaffSignInError)) throw err;
  if (err.reason === 'rate_limited')
    return { error: fill(m.signIn.rateLimited, { seconds: err.retryAfterSeconds }) };
  if (err.reason === 'busy') return { error: m.signIn.busy };
  return { error: wrong };
}

async function fromOwnPage(): Promise<boolean> {
  return isSameOriginPost(await headers());
}

export async function signInWithPassword(_prev: SignInState, form: FormData): Promise<SignInState> {
  const { m } = await officeI18n();
  if (!(await fromOwnPage())) return { error: m.signIn.wrong };
  const input = Credentials.safeParse(Object.fromEntries(form));
  if (!input.success) return { error: m.signIn.invalid };
  let enrolled: boolean;
  let staffId: number;
  try {
    const passed = await checkStaffPassword(await officeDb(), {
      login: input.data.username,
      password: input.data.password,
      address: await requestAddress(),
      now: new Date(),
    });
    ({ enrolled, staffId } = passed);
  } catch (err) {
    return failure(err, m.signIn.wrong);
  }
  await startPending({
    staffId,
    returnTo: safeOfficePath(input.data.weiter),
    enrolSecret: enrolled ? undefined : newTotpSecret(),
  });
  redirect(enrolled ? `${OFFICE_SIGN_IN}/code` : `${OFFICE_SIGN_IN}/einrichten`);
}

export async function signInWithCode(_prev: SignInState, form: FormData): Promise<SignInState> {
  const { m } = await officeI18n();
  if (!(await fromOwnPage())) return { error: m.code.wrong };
  const pending = await readPending();
  if (!pending || pending.enrolSecret) return { error: m.signIn.restart };
  const input = Code.safeParse(Object.fromEntries(form));
  if (!input.success) return { error: m.code.wrong };
  const db = await officeDb();
  try {
    await checkSecondFactor(db, {
      staffId: pending.staffId,
      code: input.data.code,
      address: await requestAddress(),
      now: new Date(),
    });
  } catch (err) {
    return failure(err, m.code.wrong);
  }
  await noteStaffLogin(db, pending.staffId, new Date());
  await beginSession(pending.staffId, { keepPending: false });
  redirect(safeOfficePath(pending.returnTo || OFFICE_HOME));
}

/**
 * First sign-in: stores the secret the page showed, signs in and answers the recovery codes to be
 * shown once. The pending sign-in stays (the page re-renders without the secret, see its page);
 * it can start nothing: the account is enrolled now, and a pending sign-in with a secret is
 * refused by the code step.
 */
export async function enrolAndSignIn(_prev: EnrolState, form: FormData): Promise<EnrolState> {
  const { m } = await officeI18n();
  if (!(await fromOwnPage())) return { error: m.enrol.wrong };
  const pending = await readPending();
  if (!pending?.enrolSecret) return { error: m.signIn.restart };
  const input = Code.safeParse(Object.fromEntries(form));
  if (!input.success) return { error: m.enrol.wrong };
  const db = await officeDb();
  let codes: string[];
  try {
    codes = await enrolSecondFactor(db, {
      staffId: pending.staffId,
      secret: pending.enrolSecret,
      code: input.data.code,
      address: await requestAddress(),
      now: new Date(),
    });
  } catch (err) {
    return failure(err, m.enrol.wrong);
  }
  await noteStaffLogin(db, pending.staffId, new Date());
  await beginSession(pending.staffId, { keepPending: true });
  return { codes, next: safeOfficePath(pending.returnTo || OFFICE_HOME) };
}

export async function signOut(): Promise<void> {
  if (await fromOwnPage()) await endSession();
  redirect(`${OFFICE_SIGN_IN}?abgemeldet=1`);
}
