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
import { cardLinkPath } from '../guest-card/link';
import { guestLangOf } from '../i18n/guest/languages';
import { guestMail } from '../i18n/guest/mail';
import { linkInLang } from '../i18n/link';
import { enqueueMail } from '../mail/outbox';
import { noticeMessage } from '../mail/templates';

/** No mail before 7 o'clock in Berlin. */
export const MORNING_HOUR = 7;

/** Queues the mails due now; the number queued. */
export async function queueArrivalMails(db: Db, now = new Date(), limit = 500): Promise<number> {
  if (berlinHour(now) < MORNING_HOUR) return 0;
  const today = berlinToday(now);
  const a = portalArrivals;
  const candidates = await db
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
        eq(a.arrivalDate, today),
        eq(a.required, true),
        isNull(a.mailedAt),
        sql`${a.formState} <> 'cancelled'`,
        isNotNull(portalPlannedStays.guestEmail),
        sql`exists (select 1 from portal_arrival_signers s where s.service_url = ${a.serviceUrl}
          and s.form_id = ${a.formId} and s.route is null)`,
      ),
    )
    .limit(limit);
  let queued = 0;
  for (const c of candidates) {
    if (!c.email || !c.partyId) continue;
    const owner = { serviceUrl: c.serviceUrl, username: c.username };
    const lang = guestLangOf(c.lang);
    const url = linkInLang(
      `${publicBaseUrl().replace(/\/+$/, '')}${cardLinkPath(c.partyId)}`,
      lang,
    );
    const done = await db.transaction(async (tx) => {
      const key = and(eq(a.serviceUrl, c.serviceUrl), eq(a.formId, c.formId));
      const [row] = await tx.select({ mailedAt: a.mailedAt }).from(a).where(key).for('update');
      if (!row || row.mailedAt) return false;
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
