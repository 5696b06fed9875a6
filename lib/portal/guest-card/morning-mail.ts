import '#server-only'; // also loaded by instrumentation.ts: see lib/server-only.js
// The arrival morning's mail (issue 31): on the arrival day (Europe/Berlin, from MORNING_HOUR) a
// party whose registration form still needs a confirmation gets one message through the outbox,
// with its card page's link (where it can confirm, and pay the Kurtaxe where the landlord offers
// it) and what to bring: the passport or ID card. Only parties that checked in online have a card
// page and an address; the others confirm on paper at the door. Once per form: the mail is queued
// and `mailed_at` set in one transaction under the arrival row's lock, so two instances send one.
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { portalArrivals, portalGuestCards, portalPlannedStays } from '@/lib/db/schema';
import { publicBaseUrl } from '@/lib/env';
import { berlinHour, berlinToday } from '@/lib/wire/time';
import { cardLinkPath } from './link';
import { guestLangOf } from '../i18n/guest/languages';
import { guestMail } from '../i18n/guest/mail';
import { linkInLang } from '../i18n/link';
import { enqueueMail } from '../mail/outbox';
import { noticeMessage } from '../mail/templates';

/** No mail before 7 o'clock in Berlin. */
export const MORNING_HOUR = 7;

/** A candidate's place in the order of the rounds' pages. */
type Cursor = { serviceUrl: string; formId: number; stayId: string };

/**
 * Queues the mails due now; the number queued. Every due party is reached: the candidates are
 * read in a fixed order (service, form, planned stay), a page of `limit` at a time, until none is
 * left, so those skipped (no card page yet) never take the places of the others.
 */
export async function queueArrivalMails(db: Db, now = new Date(), limit = 500): Promise<number> {
  if (berlinHour(now) < MORNING_HOUR) return 0;
  let queued = 0;
  let after: Cursor | null = null;
  for (;;) {
    const page = await candidates(db, berlinToday(now), after, limit);
    queued += await queuePage(db, page, now);
    if (page.length < limit) return queued;
    const last = page[page.length - 1]!;
    after = { serviceUrl: last.serviceUrl, formId: last.formId, stayId: last.stayId };
  }
}

/** Still due: foreign party arriving today, not cancelled, not mailed, a signer still open. */
const due = (today: string) => {
  const a = portalArrivals;
  return and(
    eq(a.arrivalDate, today),
    eq(a.required, true),
    isNull(a.mailedAt),
    sql`${a.formState} <> 'cancelled'`,
    sql`exists (select 1 from portal_arrival_signers s where s.service_url = ${a.serviceUrl}
      and s.form_id = ${a.formId} and s.route is null)`,
  );
};

async function candidates(db: Db, today: string, after: Cursor | null, limit: number) {
  const a = portalArrivals;
  return db
    .select({
      serviceUrl: a.serviceUrl,
      // The login that invited the party: its outbox sends the mail.
      username: portalPlannedStays.username,
      formId: a.formId,
      email: portalPlannedStays.guestEmail,
      lang: portalPlannedStays.guestLang,
      stayId: portalPlannedStays.id,
      partyId: sql<string | null>`(select c.party_id from ${portalGuestCards} c
        where c.service_url = ${a.serviceUrl} and c.username = ${portalPlannedStays.username}
        and c.form_id = ${a.formId} and c.cancelled_at is null limit 1)`,
    })
    .from(a)
    .innerJoin(
      portalPlannedStays,
      and(eq(portalPlannedStays.serviceUrl, a.serviceUrl), eq(portalPlannedStays.formId, a.formId)),
    )
    .where(
      and(
        due(today),
        isNotNull(portalPlannedStays.guestEmail),
        after
          ? sql`(${a.serviceUrl}, ${a.formId}, ${portalPlannedStays.id}) > (${after.serviceUrl}, ${after.formId}::int, ${after.stayId}::uuid)`
          : undefined,
      ),
    )
    .orderBy(a.serviceUrl, a.formId, portalPlannedStays.id)
    .limit(limit);
}

async function queuePage(
  db: Db,
  page: Awaited<ReturnType<typeof candidates>>,
  now: Date,
): Promise<number> {
  const a = portalArrivals;
  const today = berlinToday(now);
  let queued = 0;
  for (const c of page) {
    if (!c.email || !c.partyId) continue;
    const owner = { serviceUrl: c.serviceUrl, username: c.username };
    const lang = guestLangOf(c.lang);
    const url = linkInLang(
      `${publicBaseUrl().replace(/\/+$/, '')}${cardLinkPath(c.partyId)}`,
      lang,
    );
    const done = await db.transaction(async (tx) => {
      const key = and(eq(a.serviceUrl, c.serviceUrl), eq(a.formId, c.formId));
      // Checked again under the record's lock: still due now (not confirmed meanwhile, the day
      // not passed, not mailed by another instance).
      const [row] = await tx
        .select({ formId: a.formId })
        .from(a)
        .where(and(key, due(today)))
        .for('update');
      if (!row) return false;
      await enqueueMail(tx, owner, {
        kind: 'arrival',
        to: c.email!,
        plannedStayId: c.stayId,
        ...noticeMessage(guestMail(lang).arrival, url, lang),
      });
      await tx.update(a).set({ mailedAt: now }).where(key);
      return true;
    });
    if (done) queued++;
  }
  return queued;
}
