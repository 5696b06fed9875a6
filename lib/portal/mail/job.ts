// The mail job: every MAIL_INTERVAL_SECONDS it decides which automatic invitations and reminders
// are due and queues them, then sends the outbox when SMTP is configured (without it the mails
// wait in the Postausgang). Safe with several instances: each stay's decision is taken under its
// row lock, each mail claimed by one sender. Started by instrumentation.ts; `npm run job:mail`
// runs one round. No `server-only` (instrumentation.ts and the script load it).
import { and, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { portalInvitationSettings, portalPlannedStays } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { describeError } from '@/lib/log';
import { berlinToday } from '@/lib/wire/time';
import { sendIfDue } from '../invitations/send';
import { sendDueMail, smtpTransport, type MailTransport, type SendOutcome } from './sender';

/** Stays with automatic invitations switched on whose arrival lies within their lead time. */
async function candidates(db: Db, today: string, limit: number) {
  const s = portalPlannedStays;
  const c = portalInvitationSettings;
  return db
    .select({
      stayId: s.id,
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
        sql`${s.arrivalDate} <= ${today}::date + ${c.daysBefore}`,
      ),
    )
    .orderBy(s.arrivalDate)
    .limit(limit);
}

export interface PlanResult {
  invitation: number;
  reminder: number;
}

/** Queues every invitation and reminder due now. */
export async function planInvitations(db: Db, now = new Date(), limit = 1000): Promise<PlanResult> {
  const result: PlanResult = { invitation: 0, reminder: 0 };
  for (const c of await candidates(db, berlinToday(now), limit)) {
    const owner = { serviceUrl: c.serviceUrl, username: c.username };
    const kind = await sendIfDue(db, owner, c.stayId, c, now);
    if (kind) result[kind]++;
  }
  return result;
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

const KEY = Symbol.for('meldeportal.portal.mail');
/** The first round waits, so `next build` (which may load instrumentation.ts) opens no database. */
const FIRST_AFTER_MS = 20_000;

/** Runs the rounds once per process; a round never overlaps the one before it. */
export function startMailJob(db: () => Promise<Db>): void {
  const g = globalThis as { [KEY]?: boolean };
  if (g[KEY]) return;
  g[KEY] = true;
  const transport = smtpTransport();
  const every = env().MAIL_INTERVAL_SECONDS * 1000;
  const run = async () => {
    try {
      await mailRound(await db(), transport);
    } catch (err) {
      console.error('portal: mail round failed', describeError(err));
    }
    setTimeout(() => void run(), every).unref();
  };
  setTimeout(() => void run(), FIRST_AFTER_MS).unref();
}
