'use server';
// The landlord's mail actions: a planned stay's guest contact, send / resend / withdraw its
// invitation, an object's automatic invitations. Each verifies the session (Next checks the
// post's origin for every server action), validates its input, touches only the landlord's own
// rows in one transaction, and goes back to the page it came from with the outcome in the query
// (works without JavaScript).
import { redirect } from 'next/navigation';
import { after } from 'next/server';
import { z } from 'zod';
import { getDb } from '@/lib/db';
import { snapshotOf } from '../checkin/landlord';
import { loadConfig } from '../config/load';
import { guestLangOf, isGuestLang, type GuestLang } from '../i18n/guest/languages';
import { findPlannedStay, updateContact } from '../stays/planned';
import { MAX_DAYS_BEFORE } from './rules';
import { sendInvitationNow, withdrawInvitation } from './send';
import { saveSettings } from './settings';
import { sendSoon } from '../mail/sender';
import { keepTypedContact } from '../mail/typed-contact';
import { safeReturnPath } from '../session/paths';
import { ownerOf, reauthenticateOn401, verifySession } from '../session/session';

const stayPath = (stayId: string) => `/aufenthalte/kommend/${encodeURIComponent(stayId)}`;

function returnPath(formData: FormData, fallback: string): string {
  const given = formData.get('returnTo');
  return typeof given === 'string' && given ? safeReturnPath(given) : fallback;
}

function back(path: string, params: Record<string, string>, anchor = ''): never {
  const url = new URL(path, 'http://portal.invalid');
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  redirect(`${url.pathname}${url.search}${anchor}`);
}

async function landlordWithConfig(returnTo: string) {
  const session = await verifySession(returnTo);
  try {
    return { session, owner: ownerOf(session), config: await loadConfig(session) };
  } catch (err) {
    reauthenticateOn401(err, returnTo);
    throw err;
  }
}

const Contact = z.object({
  email: z.union([z.literal(''), z.email().max(254)]),
  lang: z.custom<GuestLang>(isGuestLang),
});

/** The guest's contact as the form has it; back with what was typed when it is not one. */
async function postedContact(formData: FormData, returnTo: string) {
  const email = String(formData.get('email') ?? '').trim();
  const lang = guestLangOf(formData.get('lang'));
  const parsed = Contact.safeParse({ email, lang });
  if (!parsed.success) {
    await keepTypedContact(returnTo, { email: email.slice(0, 1000), lang });
    back(returnTo, { fehler: 'email' }, '#einladung');
  }
  return { guestEmail: parsed.data.email || null, guestLang: parsed.data.lang };
}

export async function saveGuestContactAction(stayId: string, formData: FormData): Promise<void> {
  const returnTo = returnPath(formData, stayPath(stayId));
  const session = await verifySession(returnTo);
  const contact = await postedContact(formData, returnTo);
  const saved = await updateContact(ownerOf(session), stayId, contact, await getDb());
  back(returnTo, saved ? { kontakt: '1' } : { fehler: 'notFound' }, '#einladung');
}

/** Sends with the contact the form shows (typed and not saved yet is what the landlord means). */
export async function sendInvitationAction(stayId: string, formData: FormData): Promise<void> {
  const returnTo = returnPath(formData, stayPath(stayId));
  const { session, owner, config } = await landlordWithConfig(returnTo);
  const contact = formData.has('email') ? await postedContact(formData, returnTo) : undefined;
  const db = await getDb();
  const stay = await findPlannedStay(owner, stayId, db);
  if (!stay) back(returnTo, { fehler: 'notFound' }, '#einladung');
  const snapshot = snapshotOf(config, stay.objektId);
  if (!snapshot) back(returnTo, { fehler: 'object' }, '#einladung');
  // The job sends this object's reminders without a landlord: keep its copies current.
  const sender = { snapshot, landlordName: session.displayName };
  await saveSettings(db, owner, sender);
  const result = await sendInvitationNow(db, owner, stayId, sender, { contact });
  if (result.ok) after(() => sendSoon(db));
  back(returnTo, result.ok ? { gesendet: '1' } : { fehler: result.reason }, '#einladung');
}

export async function withdrawInvitationAction(stayId: string, formData: FormData): Promise<void> {
  const returnTo = returnPath(formData, stayPath(stayId));
  const session = await verifySession(returnTo);
  const db = await getDb();
  await db.transaction((tx) => withdrawInvitation(tx, ownerOf(session), stayId));
  back(returnTo, { zurueckgezogen: '1' }, '#einladung');
}

const Auto = z.object({
  autoInvite: z.boolean(),
  daysBefore: z.coerce.number().int().min(0).max(MAX_DAYS_BEFORE),
});

export async function saveAutoInviteAction(objektId: string, formData: FormData): Promise<void> {
  const returnTo = returnPath(formData, '/postausgang');
  const { session, owner, config } = await landlordWithConfig(returnTo);
  const anchor = `#objekt-${encodeURIComponent(objektId)}`;
  const snapshot = /^\d{1,9}$/.test(objektId) ? snapshotOf(config, Number(objektId)) : null;
  if (!snapshot) back(returnTo, { fehler: 'object' }, anchor);
  const auto = Auto.safeParse({
    autoInvite: formData.get('autoInvite') === 'on',
    daysBefore: formData.get('daysBefore') ?? '',
  });
  if (!auto.success) back(returnTo, { fehler: 'days', objekt: objektId }, anchor);
  await saveSettings(await getDb(), owner, {
    snapshot,
    landlordName: session.displayName,
    auto: auto.data,
  });
  back(returnTo, { gespeichert: objektId }, anchor);
}
