import 'server-only';
// The mail on booking (issue 20): where the planned stay has the guest's address, a message of
// kind `card` goes into the outbox (DECISIONS 4) with the card page's signed link. The outbox's
// sender (lib/portal/mail/) sends it; without SMTP the landlord sees it in the outbox.
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { portalPlannedStays } from '@/lib/db/schema';
import { publicBaseUrl } from '@/lib/env';
import { linkInLang } from '../i18n/link';
import { enqueueMail } from '../mail/outbox';
import { escapeHtml } from '../mail/templates';
import { ownedBy } from '../owned';
import type { Owner } from '../session/session';
import { cardLinkPath } from './link';

const TEXT = {
  de: {
    subject: 'Ihre Gästekarte',
    body: (url: string) =>
      `Guten Tag,\n\nIhre Anmeldung ist gebucht. Ihre Gästekarte (PDF und für Ihr Handy) finden Sie hier:\n${url}\n\nDer Link gilt bis 7 Tage nach Ihrer Abreise.`,
  },
  en: {
    subject: 'Your guest card',
    body: (url: string) =>
      `Hello,\n\nyour registration is booked. Your guest card (PDF and for your phone) is here:\n${url}\n\nThe link works until 7 days after your departure.`,
  },
};

/** Queues the card mail of a planned stay's booking; false when the stay has no address. */
export async function queueCardMail(
  owner: Owner,
  plannedStayId: string,
  partyId: string,
): Promise<boolean> {
  const db = await getDb();
  const [stay] = await db
    .select({ email: portalPlannedStays.guestEmail, lang: portalPlannedStays.guestLang })
    .from(portalPlannedStays)
    .where(ownedBy(portalPlannedStays, owner, eq(portalPlannedStays.id, plannedStayId)));
  if (!stay?.email) return false;
  const lang = stay.lang === 'en' ? 'en' : 'de';
  const url = linkInLang(`${publicBaseUrl().replace(/\/+$/, '')}${cardLinkPath(partyId)}`, lang);
  const t = TEXT[lang];
  const text = t.body(url);
  await enqueueMail(db, owner, {
    kind: 'card',
    to: stay.email,
    plannedStayId,
    subject: t.subject,
    text,
    html: `<p>${escapeHtml(text).replaceAll('\n\n', '</p><p>').replaceAll('\n', '<br>')}</p>`,
  });
  return true;
}
