import 'server-only';
// The mail on booking (issue 20): where the planned stay has the guest's address, a message of
// kind `card` goes into the outbox (DECISIONS 4) with the card page's signed link. The outbox's
// sender (lib/portal/mail/) sends it; without SMTP the landlord sees it in the outbox.
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { portalPlannedStays } from '@/lib/db/schema';
import { publicBaseUrl } from '@/lib/env';
import { guestLangOf } from '../i18n/guest/languages';
import { guestMail } from '../i18n/guest/mail';
import { linkInLang } from '../i18n/link';
import { enqueueMail } from '../mail/outbox';
import { noticeMessage } from '../mail/templates';
import { ownedBy } from '../owned';
import type { Owner } from '../session/session';
import { cardLinkPath } from './link';

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
  const lang = guestLangOf(stay.lang);
  const url = linkInLang(`${publicBaseUrl().replace(/\/+$/, '')}${cardLinkPath(partyId)}`, lang);
  await enqueueMail(db, owner, {
    kind: 'card',
    to: stay.email,
    plannedStayId,
    ...noticeMessage(guestMail(lang).card, url, lang),
  });
  return true;
}
