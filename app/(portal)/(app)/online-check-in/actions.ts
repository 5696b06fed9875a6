'use server';
// The landlord's check-in links: create an invitation (for a planned or a booked stay), make and
// rotate an object's code, withdraw an invitation, discard a submission (withdrawing its
// invitation or not) or every party waiting at a code. Each verifies the session and touches only
// the landlord's own rows; those that load the configuration also stop the links of objects the
// account no longer has.
import { redirect } from 'next/navigation';
import { getDb } from '@/lib/db';
import { loadConfig } from '@/lib/portal/config/load';
import { loadForm } from '@/lib/portal/stays/load-form';
import { parseFormId } from '@/lib/portal/form-id';
import { snapshotOf, stopLostLinks } from '@/lib/portal/checkin/landlord';
import {
  ensureObjectCode,
  findLink,
  revokeInvitation,
  rotateObjectCode,
} from '@/lib/portal/checkin/links';
import { readInvitationInput } from '@/lib/portal/checkin/invitation-input';
import {
  discardCodeCheckins,
  discardSubmission,
  type DiscardChoice,
} from '@/lib/portal/checkin/submissions';
import { ownerOf, reauthenticateOn401, verifySession } from '@/lib/portal/session/session';
import { makeInvitation } from '@/lib/portal/invitations/send';
import { plannedStayForInvitation } from '@/lib/portal/stays/planned-forms';

const HOME = '/online-check-in';

async function landlord(returnTo: string) {
  const session = await verifySession(returnTo);
  try {
    const owner = ownerOf(session);
    const config = await loadConfig(session);
    await stopLostLinks(owner, config);
    return { session, owner, config };
  } catch (err) {
    reauthenticateOn401(err, returnTo);
    throw err;
  }
}

export async function createInvitationAction(formData: FormData): Promise<void> {
  const { session, owner, config } = await landlord(HOME);
  const formId = parseFormId(String(formData.get('formId') ?? ''));
  let input = readInvitationInput(formData);
  if (formId) {
    // A booked stay: object, dates and party size come from the form, not from the post.
    const loaded = await loadForm(session, config, formId).catch((err: unknown) => {
      reauthenticateOn401(err, HOME);
      throw err;
    });
    if (!loaded) redirect(`${HOME}?fehler=notFound`);
    const span = loaded.form.travel_span;
    input = readInvitationInput(
      new Map([
        ['objektId', String(loaded.form.objekt_id)],
        ['arrival', span.arrival_date.slice(0, 10)],
        ['departure', span.departure_date.slice(0, 10)],
        ['guests', String(loaded.form.personen.reduce((n, g) => n + Math.max(1, g.anzahl), 0))],
      ]),
    );
  }
  const snapshot = input.ok ? snapshotOf(config, input.value.objektId) : null;
  if (!input.ok || !snapshot) {
    const query = new URLSearchParams(input.ok ? {} : input.echo);
    query.set('fehler', input.ok ? 'object' : input.error);
    if (formId) query.set('aufenthalt', String(formId));
    redirect(`${HOME}?${query.toString()}#neu`);
  }
  // Invitations hang off planned stays: the one known for this object and dates, or a new one.
  const planned = await plannedStayForInvitation(owner, {
    gemeindeId: snapshot.gemeinde.id,
    objektId: snapshot.objekt.id,
    arrival: input.value.arrival,
    departure: input.value.departure,
    expectedGuests: input.value.guests,
    formId,
  });
  // The same maker as the mail's (one transaction, the stay locked): one stay, one link.
  const link = await makeInvitation(await getDb(), owner, planned.id, {
    snapshot,
    dates: { arrival: input.value.arrival, departure: input.value.departure },
    expectedGuests: input.value.guests,
    formId: formId ?? undefined,
  });
  if (!link) redirect(`${HOME}?fehler=notFound`);
  redirect(`${HOME}/link/${link.id}`);
}

export async function makeObjectCode(objektId: string): Promise<void> {
  const { owner, config } = await landlord(HOME);
  const snapshot = snapshotOf(config, Number(objektId));
  if (!snapshot) redirect(HOME);
  const link = await ensureObjectCode(owner, snapshot);
  redirect(`${HOME}/link/${link.id}`);
}

export async function rotateCode(linkId: string): Promise<void> {
  const { owner, config } = await landlord(`${HOME}/link/${linkId}`);
  const link = await findLink(owner, linkId);
  if (!link) redirect(HOME);
  await rotateObjectCode(owner, linkId, snapshotOf(config, link.objektId) ?? undefined);
  redirect(`${HOME}/link/${linkId}?neu=1`);
}

export async function revokeLink(linkId: string): Promise<void> {
  const session = await verifySession(`${HOME}/link/${linkId}`);
  await revokeInvitation(ownerOf(session), linkId);
  redirect(`${HOME}/link/${linkId}?zurueckgezogen=1`);
}

export async function discardCheckin(checkinId: string, choice: DiscardChoice): Promise<void> {
  const session = await verifySession(`${HOME}/pruefen/${checkinId}`);
  await discardSubmission(
    ownerOf(session),
    checkinId,
    choice === 'withdraw' ? 'withdraw' : 'reopen',
  );
  redirect(`${HOME}?verworfen=1`);
}

/** Every party waiting at one of the landlord's codes, in one step (an abused poster). */
export async function discardWaitingAtCode(linkId: string): Promise<void> {
  const session = await verifySession(HOME);
  const n = await discardCodeCheckins(ownerOf(session), linkId);
  redirect(`${HOME}?verworfen=${n}&alle=1`);
}
