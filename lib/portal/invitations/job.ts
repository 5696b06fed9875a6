// The mail job: every MAIL_INTERVAL_SECONDS it decides which automatic invitations and reminders
// are due and queues them, then sends the outbox when SMTP is configured (without it the mails
// wait in the Postausgang). Safe with several instances: each stay's decision is taken under its
// row lock, each mail claimed by one sender. Started by instrumentation.ts; `npm run job:mail`
// runs one round. No `server-only` (instrumentation.ts and the script load it).
import {
  and,
  eq,
  exists,
  gte,
  inArray,
  isNotNull,
  notExists,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { portalInvitationSettings, portalMailOutbox, portalPlannedStays } from '@/lib/db/schema';
import { describeError } from '@/lib/log';
import { addDays, berlinInstant, berlinToday } from '@/lib/wire/time';
import { REMINDER_DAYS_BEFORE, REMINDER_MIN_GAP_DAYS } from './rules';
import { sendIfDue } from './send';
import { smtpTransport, type MailTransport, type SendOutcome } from '@/lib/smtp';
import { sendDueMail } from '../mail/sender';

/** Candidates per query; a round asks again after the last one until none is left. */
export const PLAN_BATCH = 500;

/** Where the previous batch ended: stays are walked by arrival, then id, so none is skipped. */
interface After {
  arrival: string;
  stayId: string;
}

/**
 * Stays with automatic invitations switched on that may owe a mail today: their invitation is
 * not yet made and arrival lies within the lead time, or their reminder is not yet made, arrival
 * is at most REMINDER_DAYS_BEFORE away and the invitation went out early enough for one. A
 * superset of what dueMail (rules.ts) decides under the stay's lock, so a stay already served
 * (or one a reminder can no longer follow) drops out and the batches stay small.
 */
async function candidates(db: Db, today: string, after: After | null, limit: number) {
  const s = portalPlannedStays;
  const c = portalInvitationSettings;
  const m = portalMailOutbox;
  const mailOf = (kind: 'invitation' | 'reminder', more?: SQL) =>
    db
      .select({ one: sql`1` })
      .from(m)
      .where(
        and(
          eq(m.serviceUrl, s.serviceUrl),
          eq(m.username, s.username),
          eq(m.plannedStayId, s.id),
          eq(m.kind, kind),
          more,
        ),
      );
  // A reminder follows only an invitation made REMINDER_MIN_GAP_DAYS before the reminder day:
  // made before the start (Berlin) of the day after that, per arrival day within reach.
  const gapEnd = (k: number) =>
    berlinInstant(addDays(today, k - REMINDER_DAYS_BEFORE - REMINDER_MIN_GAP_DAYS + 1));
  const invitedEarlyEnough = sql`${m.createdAt} < case ${s.arrivalDate} ${sql.join(
    Array.from(
      { length: REMINDER_DAYS_BEFORE + 1 },
      (_, k) => sql`when ${addDays(today, k)}::date then ${gapEnd(k).toISOString()}::timestamptz`,
    ),
    sql` `,
  )} end`;
  return db
    .select({
      stayId: s.id,
      arrival: s.arrivalDate,
      serviceUrl: s.serviceUrl,
      username: s.username,
      autoInvite: c.autoInvite,
      daysBefore: c.daysBefore,
      snapshot: c.snapshot,
      landlordName: c.landlordName,
    })
    .from(s)
    .innerJoin(
      c,
      and(eq(c.serviceUrl, s.serviceUrl), eq(c.username, s.username), eq(c.objektId, s.objektId)),
    )
    .where(
      and(
        eq(c.autoInvite, true),
        inArray(s.state, ['planned', 'invited']),
        isNotNull(s.guestEmail),
        gte(s.arrivalDate, today),
        or(
          and(
            sql`${s.arrivalDate} <= ${today}::date + ${c.daysBefore}`,
            notExists(mailOf('invitation')),
          ),
          and(
            sql`${s.arrivalDate} <= ${today}::date + ${REMINDER_DAYS_BEFORE}::int`,
            notExists(mailOf('reminder')),
            exists(mailOf('invitation', invitedEarlyEnough)),
          ),
        ),
        after
          ? sql`(${s.arrivalDate}, ${s.id}) > (${after.arrival}::date, ${after.stayId}::uuid)`
          : undefined,
      ),
    )
    .orderBy(s.arrivalDate, s.id)
    .limit(limit);
}

export interface PlanResult {
  invitation: number;
  reminder: number;
}

/**
 * Queues every invitation and reminder due now: batch after batch until no candidate is left,
 * earliest arrival first, so every due stay of every landlord is served in one round. One
 * stay's failure is logged and the round goes on with the others.
 */
export async function planInvitations(
  db: Db,
  now = new Date(),
  batch = PLAN_BATCH,
): Promise<PlanResult> {
  const result: PlanResult = { invitation: 0, reminder: 0 };
  const today = berlinToday(now);
  let after: After | null = null;
  for (;;) {
    const found = await candidates(db, today, after, batch);
    for (const c of found) {
      const owner = { serviceUrl: c.serviceUrl, username: c.username };
      try {
        const kind = await sendIfDue(db, owner, c.stayId, c, now);
        if (kind) result[kind]++;
      } catch (err) {
        console.error('portal: planning a stay’s invitation failed', describeError(err));
      }
    }
    const last = found.at(-1);
    if (!last || found.length < batch) return result;
    after = { arrival: last.arrival, stayId: last.stayId };
  }
}

export interface RoundResult extends PlanResult {
  sent: Record<SendOutcome, number> | null;
}

/** One round: plan, then send (null `sent` when no SMTP is configured). */
export async function mailRound(
  db: Db,
  transport: MailTransport | null = smtpTransport(),
  now = new Date(),
): Promise<RoundResult> {
  const planned = await planInvitations(db, now);
  const sent = transport ? await sendDueMail(db, transport) : null;
  return { ...planned, sent };
}
