// The portal outbox's part in the one sender (lib/smtp.ts, decision 016): its table and the
// "still live" check of an invitation or reminder, asked after the claim and right before SMTP. A
// row is claimed by one sender; the claim runs out after CLAIM_MS so a crashed sender's row is sent
// by another, which is the one window where a message can go out twice (the server accepted it and
// the sender died before marking it sent); the Message-ID is the row's id, so a receiving system
// can tell a repeat. No `server-only`: the background job imports it.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import {
  portalArrivals,
  portalCheckinLinks,
  portalMailOutbox,
  portalPlannedStays,
} from '@/lib/db/schema';
import { describeError } from '@/lib/log';
import { berlinToday } from '@/lib/wire/time';
import {
  claimNextRow,
  sendDueRows,
  smtpTransport,
  type MailTransport,
  type Outbox,
  type SendOutcome,
} from '@/lib/smtp';
import { linkState } from '../checkin/rules';
import { ownedBy } from '../owned';
import type { MailRow } from './outbox';

/** Claims the next due message (waiting and due, or a claim that ran out); null when none. */
export function claimNext(db: Db, now: Date): Promise<MailRow | null> {
  return claimNextRow(db, PORTAL_OUTBOX, now);
}

/**
 * An invitation or reminder goes out only while what it invites to is live: its stay not
 * cancelled and its link (the one it carries; for rows queued before links were recorded, any of
 * the stay's) neither withdrawn, closed nor expired. Asked after the claim, right before SMTP:
 * a row taken over from a sender that died mid-send was `sending`, which withdrawing does not
 * touch (a live sender may be talking to the server), so this is where a withdrawal made
 * meanwhile is seen. What remains is the moment between this check and the server's answer.
 */
export async function stillLive(db: Db, row: MailRow, now: Date): Promise<boolean> {
  if (row.kind === 'arrival') return arrivalStillDue(db, row, now);
  if (row.kind !== 'invitation' && row.kind !== 'reminder') return true;
  if (!row.linkId && !row.plannedStayId) return true;
  if (row.plannedStayId) {
    const [stay] = await db
      .select({ state: portalPlannedStays.state })
      .from(portalPlannedStays)
      .where(ownedBy(portalPlannedStays, row, eq(portalPlannedStays.id, row.plannedStayId)));
    if (!stay || stay.state === 'cancelled') return false;
  }
  const links = await db
    .select()
    .from(portalCheckinLinks)
    .where(
      row.linkId
        ? ownedBy(portalCheckinLinks, row, eq(portalCheckinLinks.id, row.linkId))
        : ownedBy(
            portalCheckinLinks,
            row,
            eq(portalCheckinLinks.plannedStayId, row.plannedStayId!),
            eq(portalCheckinLinks.kind, 'stay'),
          ),
    );
  return links.some((l) => linkState(l, now) === 'open');
}

/**
 * The arrival morning's mail (lib/portal/guest-card/morning-mail.ts) goes out, also when retried
 * later, only while it is still due: on the stay's arrival day (Berlin), the stay not cancelled
 * and a signer of the party still to confirm. A party that confirmed meanwhile, or a mail whose
 * retry comes after the day, is dropped (`withdrawn`).
 */
async function arrivalStillDue(db: Db, row: MailRow, now: Date): Promise<boolean> {
  if (!row.plannedStayId) return true;
  const [stay] = await db
    .select({ formId: portalPlannedStays.formId, state: portalPlannedStays.state })
    .from(portalPlannedStays)
    .where(ownedBy(portalPlannedStays, row, eq(portalPlannedStays.id, row.plannedStayId)));
  if (!stay || stay.state === 'cancelled' || stay.formId === null) return false;
  const a = portalArrivals;
  const [record] = await db
    .select({ formId: a.formId })
    .from(a)
    .where(
      and(
        eq(a.serviceUrl, row.serviceUrl),
        eq(a.formId, stay.formId),
        eq(a.arrivalDate, berlinToday(now)),
        eq(a.required, true),
        sql`${a.formState} <> 'cancelled'`,
        sql`exists (select 1 from portal_arrival_signers s where s.service_url = ${a.serviceUrl}
          and s.form_id = ${a.formId} and s.route is null)`,
      ),
    );
  return !!record;
}

const PORTAL_OUTBOX: Outbox<typeof portalMailOutbox, MailRow> = {
  table: portalMailOutbox,
  name: 'mail',
  stillLive,
  words: (row) => row,
};

/** Sends due messages until none is left or `max` were tried; returns the outcomes. */
export function sendDueMail(
  db: Db,
  transport: MailTransport,
  opts: { max?: number; from?: string; now?: () => Date } = {},
): Promise<Record<SendOutcome, number>> {
  return sendDueRows(db, transport, PORTAL_OUTBOX, opts);
}

/**
 * Sends what is due now, outside a round (after the landlord sent by hand, so the guest need not
 * wait for the next round); never throws.
 */
export async function sendSoon(db: Db): Promise<void> {
  const transport = smtpTransport();
  if (!transport) return;
  try {
    await sendDueMail(db, transport, { max: 5 });
  } catch (err) {
    console.error('portal: sending the outbox failed', describeError(err));
  }
}
