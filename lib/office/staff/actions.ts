'use server';
// Staff management from the office (docs/decisions/032), for accounts with office.manage_staff.
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { after } from 'next/server';
import type { Db } from '../../db';
import type { Actor } from '../audit/audit';
import { officeDb } from '../db';
import { formFields, problemState, type FormState } from '../form-state';
import { InvitationError, invite } from '../invitations/invitations';
import { FieldError } from '../landlords/edits';
import { sendOfficeMailSoon } from '../mail/sender';
import { officeI18n } from '../i18n';
import { staffInScope, type Scoped } from './scope';
import { verifyStaffAction } from '../sign-in/session';
import type { Staff } from '../sign-in/session-seal';
import {
  StaffChangeError,
  changeStaffActive,
  changeStaffGemeinde,
  changeStaffPermissions,
  createStaffWithInvitation,
  resetSecondFactor,
} from './admin';

const LIST = '/verwaltung/mitarbeitende';
const actorOf = (staff: { id: number; username: string }): Actor => ({
  staffId: staff.id,
  name: staff.username,
});
const idOf = (form: FormData) => {
  const n = Number(form.get('staff'));
  return Number.isInteger(n) && n > 0 && n < 2 ** 31 ? n : 0;
};
const rightsOf = (form: FormData) =>
  form.getAll('permissions').filter((p): p is string => typeof p === 'string');

/**
 * The account's municipality from the form: a bound manager's own (whatever the form says); for an
 * unbound manager the form's choice, empty for all municipalities (a wrong number is refused by
 * the check).
 */
function gemeindeOf(form: FormData, manager: Scoped): number | null {
  if (manager.gemeindeId !== null) return manager.gemeindeId;
  const raw = form.get('gemeinde');
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  const n = Number(raw);
  return Number.isInteger(n) ? n : NaN;
}

/** Another municipality's staff account is answered as an unknown one (scope.ts). */
async function refuseOutOfScope(manager: Scoped, id: number): Promise<void> {
  if (!(await staffInScope(await officeDb(), manager, id))) {
    throw new StaffChangeError('not_found');
  }
}

async function refusal(err: unknown): Promise<FormState> {
  const { a } = await officeI18n();
  if (err instanceof StaffChangeError) return { error: a.staff.refused[err.reason] };
  if (err instanceof InvitationError) {
    return { error: err.reason === 'no_email' ? a.invitation.noEmail : a.invitation.inactive };
  }
  throw err;
}

export async function createStaffMember(_prev: FormState, form: FormData): Promise<FormState> {
  const staff = await verifyStaffAction(LIST, 'office.manage_staff');
  const { a, lang, m } = await officeI18n();
  const { input, values } = formFields(form, ['username', 'display_name', 'email', 'gemeinde']);
  const db = await officeDb();
  let id: number;
  try {
    id = await createStaffWithInvitation(
      db,
      {
        username: input.username ?? '',
        display_name: input.display_name ?? '',
        email: input.email ?? '',
        permissions: rightsOf(form),
        gemeinde: gemeindeOf(form, staff),
      },
      actorOf(staff),
      staff,
      lang,
    );
  } catch (err) {
    if (!(err instanceof FieldError)) throw err;
    return problemState(
      err.fields,
      a,
      {
        username: m.fields.username,
        display_name: a.staff.displayName,
        email: a.staff.email,
        permissions: a.staff.rights,
        gemeinde: a.staff.gemeinde,
      },
      values,
    );
  }
  after(() => sendOfficeMailSoon(db));
  revalidatePath(LIST);
  redirect(`${LIST}/${id}?angelegt=1`);
}

/**
 * One change of a staff account from its page: the manager's right, the account in its scope, the
 * change, then the page and the list shown anew with "saved" (or the refusal in words).
 */
async function staffChange(
  form: FormData,
  change: (db: Db, id: number, staff: Staff) => Promise<unknown>,
): Promise<FormState> {
  const id = idOf(form);
  const staff = await verifyStaffAction(`${LIST}/${id}`, 'office.manage_staff');
  try {
    await refuseOutOfScope(staff, id);
    await change(await officeDb(), id, staff);
  } catch (err) {
    if (err instanceof FieldError) return { error: (await officeI18n()).a.problems.invalid };
    return refusal(err);
  }
  revalidatePath(`${LIST}/${id}`);
  revalidatePath(LIST);
  return { message: (await officeI18n()).a.staff.saved };
}

export async function saveStaffRights(_prev: FormState, form: FormData): Promise<FormState> {
  return staffChange(form, (db, id, staff) =>
    changeStaffPermissions(db, id, rightsOf(form), actorOf(staff)),
  );
}

export async function saveStaffGemeinde(_prev: FormState, form: FormData): Promise<FormState> {
  return staffChange(form, (db, id, staff) =>
    changeStaffGemeinde(db, id, gemeindeOf(form, staff), actorOf(staff), staff),
  );
}

export async function setStaffActive(_prev: FormState, form: FormData): Promise<FormState> {
  return staffChange(form, (db, id, staff) =>
    changeStaffActive(db, id, form.get('active') === '1', actorOf(staff)),
  );
}

export async function resetStaffFactor(_prev: FormState, form: FormData): Promise<FormState> {
  return staffChange(form, (db, id, staff) => resetSecondFactor(db, id, actorOf(staff)));
}

export async function inviteStaffMember(_prev: FormState, form: FormData): Promise<FormState> {
  const id = idOf(form);
  const staff = await verifyStaffAction(`${LIST}/${id}`, 'office.manage_staff');
  const { a, lang } = await officeI18n();
  const db = await officeDb();
  try {
    await refuseOutOfScope(staff, id);
    await invite(db, 'staff', id, actorOf(staff), lang);
  } catch (err) {
    return refusal(err);
  }
  after(() => sendOfficeMailSoon(db));
  revalidatePath(`${LIST}/${id}`);
  return { message: a.invitation.queued };
}
