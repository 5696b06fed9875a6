// Making and sending a planned stay's invitation: the check-in link (made once, reused by the
// check-in page, a resend and the reminder), the message queued in the outbox and the stay moved
// to `invited`, all in one transaction with the stay's row locked, so the job, the landlord's mail
// and the check-in page never make two links or send one mail twice (inviteLockedStay).
// Withdrawing (./withdraw.ts) revokes the link and takes waiting mail off the queue.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { portalCheckinLinks, portalMailOutbox } from '@/lib/db/schema';
import type { CheckinSnapshot } from '../checkin/snapshot';
import { berlinToday } from '@/lib/wire/time';
import { guestUrl } from '../checkin/landlord';
import { createInvitation, type LinkRow } from '../checkin/links';
import { linkState } from '../checkin/rules';
import { guestLangOf } from '../i18n/guest/languages';
import { linkInLang } from '../i18n/link';
import { enqueueMail, type MailKind, type MailRow } from '../mail/outbox';
import { invitationMessage } from '../mail/templates';
import type { Owner } from '../session/session';
import {
  advancePlannedStay,
  lockPlannedStay,
  stayCheckedIn,
  updateContact,
  type Contact,
  type PlannedStay as PlannedStayRow,
} from '../stays/planned';
import { dueMail, type AutoSettings, type MailHistory } from './rules';
import { stayLinks } from './withdraw';
import { ownedBy } from '../owned';

/** What the message and the guest's page need from the landlord's side. */
export interface InvitationSender {
  landlordName: string;
  snapshot: CheckinSnapshot;
}

export { withdrawInvitation } from './withdraw';

/** The stay's newest invitation link that still works (and that `fits`, when given). */
export async function openLinkOf(
  db: Db,
  owner: Owner,
  stayId: string,
  now = new Date(),
  fits: (link: LinkRow) => boolean = () => true,
): Promise<LinkRow | undefined> {
  const links = await db.select().from(portalCheckinLinks).where(stayLinks(owner, stayId));
  return links
    .filter((l) => linkState(l, now) === 'open' && fits(l))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
}

export async function mailHistory(
  db: Db,
  owner: Owner,
  stayId: string,
  now = new Date(),
): Promise<MailHistory> {
  const mails = await db
    .select({ kind: portalMailOutbox.kind, createdAt: portalMailOutbox.createdAt })
    .from(portalMailOutbox)
    .where(ownedBy(portalMailOutbox, owner, eq(portalMailOutbox.plannedStayId, stayId)))
    .orderBy(asc(portalMailOutbox.createdAt));
  const invitation = mails.find((m) => m.kind === 'invitation');
  return {
    invitedOn: invitation ? berlinToday(invitation.createdAt) : null,
    reminded: mails.some((m) => m.kind === 'reminder'),
    openLink: !!(await openLinkOf(db, owner, stayId, now)),
  };
}

/** What a link is made with; a stay's own dates and party size when not given. */
export interface InvitationLinkInput {
  snapshot: CheckinSnapshot;
  /** The check-in page names the dates: only an open link for exactly these is reused. */
  dates?: { arrival: string; departure: string };
  expectedGuests?: number;
  /** A booked stay: the guests' data updates this form (and only a link for it is reused). */
  formId?: number;
}

/**
 * The one way an invitation is made (the check-in page, the landlord's mail, the job), inside the
 * caller's transaction with the stay's row locked (lockPlannedStay): the stay's newest open link
 * is reused, else one is made, and the stay moves to `invited`. Under the lock two makers at once
 * find each other's link: one stay, one link.
 */
export async function inviteLockedStay(
  tx: Db,
  owner: Owner,
  stay: PlannedStayRow,
  input: InvitationLinkInput,
  now = new Date(),
): Promise<LinkRow> {
  const dates = input.dates ?? { arrival: stay.arrivalDate, departure: stay.departureDate };
  const fits = (l: LinkRow) =>
    (!input.dates || (l.arrivalDate === dates.arrival && l.departureDate === dates.departure)) &&
    (!input.formId || l.formId === input.formId);
  const link =
    (await openLinkOf(tx, owner, stay.id, now, fits)) ??
    (await createInvitation(
      owner,
      {
        snapshot: input.snapshot,
        arrival: dates.arrival,
        departure: dates.departure,
        expectedGuests: input.expectedGuests ?? stay.expectedGuests ?? input.snapshot.objekt.beds,
        formId: input.formId,
        plannedStayId: stay.id,
      },
      tx,
    ));
  await advancePlannedStay(owner, stay.id, 'invited', undefined, tx);
  return link;
}

/**
 * The check-in page's invitation for a planned stay: one transaction, the stay locked, the link
 * made by inviteLockedStay. Undefined when the stay is gone or was cancelled meanwhile.
 */
export async function makeInvitation(
  db: Db,
  owner: Owner,
  stayId: string,
  input: InvitationLinkInput,
  now = new Date(),
): Promise<LinkRow | undefined> {
  return db.transaction(async (tx) => {
    const stay = await lockPlannedStay(tx, owner, stayId);
    if (!stay || stay.state === 'cancelled') return undefined;
    return inviteLockedStay(tx, owner, stay, input, now);
  });
}

/** Queues the message (inside the caller's transaction, the stay locked). */
async function queueStayMail(
  tx: Db,
  owner: Owner,
  stay: PlannedStayRow & { guestEmail: string },
  kind: MailKind,
  sender: InvitationSender,
  now: Date,
): Promise<MailRow> {
  const link = await inviteLockedStay(tx, owner, stay, { snapshot: sender.snapshot }, now);
  const lang = guestLangOf(stay.guestLang);
  const message = invitationMessage({
    kind,
    lang,
    landlordName: sender.landlordName,
    objectName: sender.snapshot.objekt.alias,
    arrival: stay.arrivalDate,
    departure: stay.departureDate,
    link: linkInLang(guestUrl(link), lang),
  });
  return enqueueMail(
    tx,
    owner,
    { kind, to: stay.guestEmail, plannedStayId: stay.id, linkId: link.id, ...message },
    now,
  );
}

export type SendResult =
  { ok: true; mail: MailRow } | { ok: false; reason: 'notFound' | 'noEmail' | 'closed' };

/**
 * The landlord sends (or sends again) the invitation now, whatever the schedule says; with the
 * guest's contact as the landlord's form has it, saved in the same transaction first.
 */
export async function sendInvitationNow(
  db: Db,
  owner: Owner,
  stayId: string,
  sender: InvitationSender,
  { contact, now = new Date() }: { contact?: Contact; now?: Date } = {},
): Promise<SendResult> {
  return db.transaction(async (tx) => {
    const locked = await lockPlannedStay(tx, owner, stayId);
    if (!locked) return { ok: false, reason: 'notFound' };
    const stay = contact ? ((await updateContact(owner, stayId, contact, tx)) ?? locked) : locked;
    if (!stay.guestEmail) return { ok: false, reason: 'noEmail' };
    if (stay.state === 'cancelled' || stay.state === 'booked')
      return { ok: false, reason: 'closed' };
    const mail = await queueStayMail(
      tx,
      owner,
      { ...stay, guestEmail: stay.guestEmail },
      'invitation',
      sender,
      now,
    );
    return { ok: true, mail };
  });
}

/** The job's decision for one stay, taken again under the stay's lock; the kind queued, if any. */
export async function sendIfDue(
  db: Db,
  owner: Owner,
  stayId: string,
  settings: AutoSettings & InvitationSender,
  now = new Date(),
): Promise<MailKind | null> {
  return db.transaction(async (tx) => {
    const stay = await lockPlannedStay(tx, owner, stayId);
    if (!stay?.guestEmail) return null;
    const facts = {
      arrival: stay.arrivalDate,
      state: stay.state,
      guestEmail: stay.guestEmail,
      checkedIn: await stayCheckedIn(tx, stay),
    };
    const history = await mailHistory(tx, owner, stay.id, now);
    const kind = dueMail(facts, history, settings, berlinToday(now));
    if (!kind) return null;
    await queueStayMail(tx, owner, { ...stay, guestEmail: stay.guestEmail }, kind, settings, now);
    return kind;
  });
}
