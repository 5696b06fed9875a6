'use server';
// Editing landlords, objects and accounts, and invitations, from the office (docs/decisions/032):
// verify the staff member and the right, call the same functions as the command line, answer
// every wrong field in words (keeping what was typed), or the change saved.
import { revalidatePath } from 'next/cache';
import { after } from 'next/server';
import type { Actor } from '../audit/audit';
import { officeDb } from '../db';
import { formFields, problemState, type FormState } from '../form-state';
import { InvitationError, invite } from '../invitations/invitations';
import {
  FieldError,
  LANDLORD_EDIT_KEYS,
  changeObjektActive,
  changeUserActiveById,
  updateBeherberger,
  updateObjekt,
  updateUser,
} from './edits';
import { sendOfficeMailSoon } from '../mail/sender';
import { officeI18n } from '../i18n';
import { landlordInScope, objektInScope, userInScope } from '../staff/scope';
import { verifyStaffAction } from '../sign-in/session';

const LIST = '/verwaltung/vermieter';
const actorOf = (staff: { id: number; username: string }): Actor => ({
  staffId: staff.id,
  name: staff.username,
});
const idOf = (form: FormData, key: string) => {
  const n = Number(form.get(key));
  return Number.isInteger(n) && n > 0 && n < 2 ** 31 ? n : 0;
};

async function labels(): Promise<Record<string, string>> {
  const { m, a } = await officeI18n();
  const f = m.fields;
  return {
    alias: f.alias,
    firma: f.firma,
    vorname: f.vorname,
    nachname: f.nachname,
    strasse: f.strasse,
    plz: f.plz,
    ort: f.ort,
    telefon: f.telefon,
    email: f.email,
    vermieter_nr: f.vermieterNr,
    debitor_nr: a.edit.debitorNr,
    tarifzone: f.tarifzone,
    anzahl_betten: f.betten,
    first_name: a.edit.firstName,
    last_name: a.edit.lastName,
    permissions: a.edit.rights,
  };
}

async function refused(err: unknown, values: Record<string, string>): Promise<FormState> {
  if (!(err instanceof FieldError)) throw err;
  return problemState(err.fields, (await officeI18n()).a, await labels(), values);
}

export async function editLandlord(_prev: FormState, form: FormData): Promise<FormState> {
  const id = idOf(form, 'beherberger');
  const staff = await verifyStaffAction(`${LIST}/${id}`, 'office.manage_landlords');
  const { a } = await officeI18n();
  const { input, values } = formFields(form, LANDLORD_EDIT_KEYS);
  if (input.alias === null) input.alias = '';
  const db = await officeDb();
  // Another municipality's landlord is answered as an unknown one (staff/scope.ts).
  if (!(await landlordInScope(db, staff, id))) return { error: a.edit.notFound, values };
  try {
    if (!(await updateBeherberger(db, id, input, actorOf(staff)))) {
      return { error: a.edit.notFound, values };
    }
  } catch (err) {
    return refused(err, values);
  }
  revalidatePath(`${LIST}/${id}`);
  revalidatePath(LIST);
  return { message: (await officeI18n()).m.landlords.saved, values };
}

export async function editObject(_prev: FormState, form: FormData): Promise<FormState> {
  const id = idOf(form, 'objekt');
  const landlord = idOf(form, 'beherberger');
  const staff = await verifyStaffAction(`${LIST}/${landlord}`, 'office.manage_landlords');
  const { a } = await officeI18n();
  const { input, values } = formFields(
    form,
    ['alias', 'tarifzone', 'anzahl_betten', 'strasse', 'plz', 'ort'],
    ['tarifzone', 'anzahl_betten'],
  );
  if (input.alias === null) input.alias = '';
  const db = await officeDb();
  if (!(await objektInScope(db, staff, id))) return { error: a.edit.notFound, values };
  try {
    if (!(await updateObjekt(db, id, input, actorOf(staff)))) {
      return { error: a.edit.notFound, values };
    }
  } catch (err) {
    return refused(err, values);
  }
  revalidatePath(`${LIST}/${landlord}`);
  return { message: (await officeI18n()).m.landlords.saved, values };
}

export async function editAccount(_prev: FormState, form: FormData): Promise<FormState> {
  const id = idOf(form, 'user');
  const landlord = idOf(form, 'beherberger');
  const staff = await verifyStaffAction(`${LIST}/${landlord}`, 'office.manage_landlords');
  const { a } = await officeI18n();
  const { input, values } = formFields(form, ['email', 'first_name', 'last_name', 'alias']);
  const permissions = form.getAll('permissions').filter((p): p is string => typeof p === 'string');
  const db = await officeDb();
  if (!(await userInScope(db, staff, id))) return { error: a.edit.notFound, values };
  try {
    const done = await updateUser(
      db,
      id,
      {
        email: input.email,
        first_name: input.first_name ?? '',
        last_name: input.last_name ?? '',
        alias: input.alias ?? '',
        permissions,
      },
      actorOf(staff),
    );
    if (!done) return { error: a.edit.notFound, values };
  } catch (err) {
    return refused(err, values);
  }
  revalidatePath(`${LIST}/${landlord}`);
  return { message: (await officeI18n()).m.landlords.saved, values };
}

export async function setObjectActive(form: FormData): Promise<void> {
  const id = idOf(form, 'objekt');
  const landlord = idOf(form, 'beherberger');
  const staff = await verifyStaffAction(`${LIST}/${landlord}`, 'office.manage_landlords');
  const db = await officeDb();
  // Out of scope does what an unknown id does: nothing.
  if (await objektInScope(db, staff, id)) {
    await changeObjektActive(db, id, form.get('active') === '1', actorOf(staff));
  }
  revalidatePath(`${LIST}/${landlord}`);
}

export async function setAccountActive(form: FormData): Promise<void> {
  const id = idOf(form, 'user');
  const landlord = idOf(form, 'beherberger');
  const staff = await verifyStaffAction(`${LIST}/${landlord}`, 'office.manage_landlords');
  const db = await officeDb();
  if (await userInScope(db, staff, id)) {
    await changeUserActiveById(db, id, form.get('active') === '1', actorOf(staff));
  }
  revalidatePath(`${LIST}/${landlord}`);
}

export async function inviteAccount(_prev: FormState, form: FormData): Promise<FormState> {
  const id = idOf(form, 'user');
  const landlord = idOf(form, 'beherberger');
  const staff = await verifyStaffAction(`${LIST}/${landlord}`, 'office.manage_landlords');
  const { a, lang } = await officeI18n();
  const db = await officeDb();
  if (!(await userInScope(db, staff, id))) return { error: a.edit.notFound };
  try {
    await invite(db, 'user', id, actorOf(staff), lang);
  } catch (err) {
    if (!(err instanceof InvitationError)) throw err;
    if (err.reason === 'no_email') return { error: a.invitation.noEmail };
    if (err.reason === 'inactive') return { error: a.invitation.inactive };
    return { error: a.edit.notFound };
  }
  after(() => sendOfficeMailSoon(db));
  revalidatePath(`${LIST}/${landlord}`);
  return { message: a.invitation.queued };
}
