// The arrival morning's mail: once per unconfirmed party that checked in online, from 7 o'clock
// Berlin time on the arrival day, through the outbox, with the card page's link.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  portalArrivalSigners,
  portalArrivals,
  portalForms,
  portalGuestCards,
  portalMailOutbox,
  portalPlannedStays,
} from '@/lib/db/schema';
import { confirmOnPaper } from '@/lib/portal/arrival/confirm';
import { queueArrivalMails } from '@/lib/portal/guest-card/morning-mail';
import { listMail } from '@/lib/portal/mail/outbox';
import { sendDueMail } from '@/lib/portal/mail/sender';
import { saveForms } from '@/lib/portal/stays/forms-index';
import { addDays, berlinInstant, berlinToday } from '@/lib/wire/time';
import { useEmptyDb } from '../helpers/db';
import { anna } from '../portal/fixtures';
import { dutchParty, germanParty } from './fixtures';

const t = useEmptyDb([
  portalMailOutbox,
  portalGuestCards,
  portalPlannedStays,
  portalArrivalSigners,
  portalArrivals,
  portalForms,
]);
const today = berlinToday();

async function checkedIn(
  formId: number,
  email: string | null,
  lang: 'de' | 'en' = 'en',
  card = true,
) {
  await t.db.insert(portalPlannedStays).values({
    id: randomUUID(),
    ...anna,
    gemeindeId: 1,
    objektId: 7,
    arrivalDate: today,
    departureDate: addDays(today, 3),
    source: 'manual',
    guestEmail: email,
    guestLang: lang,
    state: 'booked',
    formId,
  });
  if (!card) return;
  await t.db.insert(portalGuestCards).values({
    id: randomUUID(),
    ...anna,
    formId,
    partyId: randomUUID(),
    departureDate: addDays(today, 3),
    authToken: 'x'.repeat(32),
  });
}

describe('the arrival morning mail', () => {
  it('goes out, also when retried, only while still due: not after the party confirmed or the day passed', async () => {
    await saveForms(anna, 1, [dutchParty(5, today), dutchParty(6, today)]);
    await checkedIn(5, 'daan@example.nl');
    await checkedIn(6, 'sanne@example.nl');
    expect(await queueArrivalMails(t.db, berlinInstant(today, '07:05:00'))).toBe(2);
    const sent: string[] = [];
    const transport = {
      sendMail: async (m: { to?: unknown }) => {
        sent.push(String(m.to));
        return {};
      },
    };
    // Party 5 signs on paper before the mail's turn; party 6's turn comes only the next day.
    await confirmOnPaper(t.db, { ...anna, formId: 5 }, 51);
    await confirmOnPaper(t.db, { ...anna, formId: 5 }, 52);
    const tomorrow = berlinInstant(addDays(today, 1), '08:00:00');
    const result = await sendDueMail(t.db, transport, { now: () => tomorrow });
    expect(sent).toEqual([]);
    expect(result).toMatchObject({ sent: 0 });
    // Party 6's mail on its own day goes out.
    await t.db.delete(portalMailOutbox);
    await t.db.update(portalArrivals).set({ mailedAt: null });
    expect(await queueArrivalMails(t.db, berlinInstant(today, '07:05:00'))).toBe(1);
    await sendDueMail(t.db, transport, { now: () => new Date() });
    expect(sent).toEqual(['sanne@example.nl']);
  });

  it('reaches every due party: those without a card page take no places of the others', async () => {
    await saveForms(anna, 1, [dutchParty(5, today), dutchParty(6, today), dutchParty(7, today)]);
    // Forms 5 and 6 have an address but no card page yet; form 7 has both.
    await checkedIn(5, 'a@example.nl', 'en', false);
    await checkedIn(6, 'b@example.nl', 'en', false);
    await checkedIn(7, 'c@example.nl');
    // Two candidates a page: the first page holds only the two skipped ones.
    expect(await queueArrivalMails(t.db, berlinInstant(today, '07:05:00'), 2)).toBe(1);
    expect((await listMail(t.db, anna)).map((m) => m.toAddress)).toEqual(['c@example.nl']);
  });

  it('goes once, from 7 o’clock, to unconfirmed foreign parties with an address and a card page', async () => {
    await saveForms(anna, 1, [
      dutchParty(5, today),
      germanParty(6, today),
      dutchParty(7, today),
      dutchParty(8, today),
    ]);
    await checkedIn(5, 'daan@example.nl');
    await checkedIn(6, 'erika@example.de', 'de');
    await checkedIn(7, null);
    await checkedIn(8, 'paper@example.nl');
    await confirmOnPaper(t.db, { ...anna, formId: 8 }, 81);
    await confirmOnPaper(t.db, { ...anna, formId: 8 }, 82);

    expect(await queueArrivalMails(t.db, berlinInstant(today, '06:59:00'))).toBe(0);
    expect(await queueArrivalMails(t.db, berlinInstant(today, '07:05:00'))).toBe(1);
    expect(await queueArrivalMails(t.db, berlinInstant(today, '09:00:00'))).toBe(0);
    const mails = await listMail(t.db, anna);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'arrival', toAddress: 'daan@example.nl' });
    expect(mails[0]!.subject).toContain('arrival day');
    expect(mails[0]!.text).toMatch(/\/karte\/[0-9a-f-]{36}\.[\w-]{22}\?lang=en/);
    expect(mails[0]!.text).toContain('passport or ID card');
  });

  it('not the day before', async () => {
    await saveForms(anna, 1, [dutchParty(5, addDays(today, 1))]);
    await checkedIn(5, 'daan@example.nl');
    expect(await queueArrivalMails(t.db, berlinInstant(today, '10:00:00'))).toBe(0);
  });
});
