'use server';
// Landlords, objects and accounts changed from the office: verify the staff member and the right,
// validate with the provisioning's own schema, call the same functions as the command line, answer
// the fields in error (or go to the landlord's page).
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { after } from 'next/server';
import { z } from 'zod';
import { isUniqueViolation } from '../../db/errors';
import { officeDb } from '../db';
import { BeherbergerInput, ObjektInput, UserInput } from '../../service/provisioning';
import { addUserWithInvitation } from '../invitations/invitations';
import { sendOfficeMailSoon } from '../mail/sender';
import { LANDLORD_EDIT_KEYS } from './edits';
import { addBeherberger, addObjekt, changeBeherbergerActive, loadLandlord } from './landlords';
import { officeI18n } from '../i18n';
import { gemeindeInScope, landlordInScope } from '../staff/scope';
import { verifyStaffAction } from '../sign-in/session';
import type { Actor } from '../audit/audit';

export interface FormState {
  errors?: Record<string, string>;
  message?: string;
  /** What was typed, shown again after a refused submit. */
  values?: Record<string, string>;
}

function typed(form: FormData, keys: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of keys) {
    const raw = form.get(key);
    out[key] = typeof raw === 'string' ? raw : '';
  }
  return out;
}

const LIST = '/verwaltung/vermieter';

/** Form text to the schema's shape: empty optional text is null, numbers are numbers. */
function fields(form: FormData, numeric: string[], keys: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const raw = form.get(key);
    const value = typeof raw === 'string' ? raw.trim() : '';
    if (numeric.includes(key)) out[key] = value === '' ? undefined : Number(value);
    else out[key] = value === '' ? null : value;
  }
  return out;
}

async function invalid(error: z.ZodError): Promise<FormState> {
  const { m } = await officeI18n();
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.code === 'invalid_type' ? m.fields.required : m.fields.invalid;
  }
  return { errors };
}

const actorOf = (staff: { id: number; username: string }): Actor => ({
  staffId: staff.id,
  name: staff.username,
});

/** A new landlord's fields: its municipality and what the edit form changes later. */
const LANDLORD_KEYS = ['gemeinde', ...LANDLORD_EDIT_KEYS];

export async function createLandlord(_prev: FormState, form: FormData): Promise<FormState> {
  const staff = await verifyStaffAction(`${LIST}/neu`, 'office.manage_landlords');
  const values = fields(form, ['gemeinde'], LANDLORD_KEYS);
  if (values.alias === null) values.alias = '';
  const parsed = BeherbergerInput.safeParse(values);
  if (!parsed.success) {
    return { ...(await invalid(parsed.error)), values: typed(form, LANDLORD_KEYS) };
  }
  const db = await officeDb();
  // Only a municipality of the staff member's scope, refused as the schema refuses a wrong one.
  if (!(await gemeindeInScope(db, staff, parsed.data.gemeinde))) {
    const { m } = await officeI18n();
    return { errors: { gemeinde: m.fields.invalid }, values: typed(form, LANDLORD_KEYS) };
  }
  const id = await addBeherberger(db, parsed.data, actorOf(staff));
  revalidatePath(LIST);
  redirect(`${LIST}/${id}`);
}

export async function createObject(_prev: FormState, form: FormData): Promise<FormState> {
  const landlordId = Number(form.get('beherberger'));
  const here = `${LIST}/${landlordId}`;
  const staff = await verifyStaffAction(here, 'office.manage_landlords');
  const values = fields(
    form,
    ['beherberger', 'tarifzone', 'anzahl_betten'],
    ['beherberger', 'tarifzone', 'alias', 'anzahl_betten', 'strasse', 'plz', 'ort'],
  );
  if (values.alias === null) values.alias = '';
  const kept = typed(form, ['tarifzone', 'alias', 'anzahl_betten', 'strasse', 'plz', 'ort']);
  const parsed = ObjektInput.safeParse(values);
  if (!parsed.success) return { ...(await invalid(parsed.error)), values: kept };
  const db = await officeDb();
  // The zone must be one of the landlord's municipality (the page offers only those).
  const landlord = await loadLandlord(db, landlordId, staff);
  if (!landlord) return { message: (await officeI18n()).m.landlords.notFound };
  if (!landlord.zones.some((z) => z.id === parsed.data.tarifzone)) {
    return { errors: { tarifzone: (await officeI18n()).m.fields.invalid }, values: kept };
  }
  await addObjekt(db, parsed.data, actorOf(staff));
  revalidatePath(here);
  return { message: (await officeI18n()).m.landlords.saved };
}

export async function createAccount(_prev: FormState, form: FormData): Promise<FormState> {
  const landlordId = Number(form.get('beherberger'));
  const here = `${LIST}/${landlordId}`;
  const staff = await verifyStaffAction(here, 'office.manage_landlords');
  const { m } = await officeI18n();
  const values = fields(form, [], ['username', 'email']);
  const parsed = UserInput.safeParse({
    username: values.username ?? '',
    email: values.email,
    beherberger: [landlordId],
  });
  const kept = typed(form, ['username', 'email']);
  if (!parsed.success) return { ...(await invalid(parsed.error)), values: kept };
  // The first password comes by e-mail (docs/decisions/032): the address is required here.
  if (!parsed.data.email) return { errors: { email: m.fields.required }, values: kept };
  const db = await officeDb();
  if (!(await loadLandlord(db, landlordId, staff))) return { message: m.landlords.notFound };
  try {
    const { lang } = await officeI18n();
    await addUserWithInvitation(db, parsed.data, actorOf(staff), lang);
    after(() => sendOfficeMailSoon(db));
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_uq')) {
      return { errors: { email: (await officeI18n()).a.problems.taken }, values: kept };
    }
    if (isUniqueViolation(err)) return { errors: { username: m.fields.taken }, values: kept };
    throw err;
  }
  revalidatePath(here);
  return { message: m.landlords.saved };
}

export async function setLandlordActive(form: FormData): Promise<void> {
  const id = Number(form.get('beherberger'));
  const staff = await verifyStaffAction(`${LIST}/${id}`, 'office.manage_landlords');
  const db = await officeDb();
  // Out of scope does what an unknown id does: nothing.
  if (await landlordInScope(db, staff, id)) {
    await changeBeherbergerActive(db, id, form.get('active') === '1', actorOf(staff));
  }
  revalidatePath(`${LIST}/${id}`);
  revalidatePath(LIST);
}
