// Who sees a guest's card (issue 20): the mail's signed link opens the party's cards, a changed or
// invented one opens nothing; the page closes 7 days after departure and says when cancelled.
// And a service without the card data extension: the portal asks again without it, PDF only.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { portalMailOutbox, portalPlannedStays } from '@/lib/db/schema';
import { queueCardMail } from '@/lib/portal/guest-card/mail';
import { HttpClient } from '@/lib/portal/api/http';
import { purgeExpiredCheckins } from '@/lib/portal/purge';
import { cardsByMailLink, cardView } from '@/lib/portal/guest-card/access';
import { cardLinkToken } from '@/lib/portal/guest-card/link';
import { cancelCards, issueCards } from '@/lib/portal/guest-card/store';
import type { Owner } from '@/lib/portal/session/session';
import { useTestDb } from '../helpers/db';
import { karte } from './fixtures';

useTestDb();
const anna: Owner = { serviceUrl: 'http://service.test/api/', username: 'demo' };

describe('the card page access', () => {
  it('opens by the mail link only as signed, until 7 days after departure, and says cancelled', async () => {
    const formId = 9_000 + Math.floor(Math.random() * 1000);
    const cards = await issueCards(anna, {
      formId,
      checkinId: randomUUID(),
      departureDate: '2026-07-17',
      lang: 'de',
      karten: [karte],
    });
    const token = cardLinkToken(cards[0]!.partyId);
    expect((await cardsByMailLink(token)).map((c) => c.id)).toEqual([cards[0]!.id]);
    const altered = token.slice(0, -2) + (token.endsWith('AA') ? 'AB' : 'AA');
    expect(await cardsByMailLink(altered)).toEqual([]);
    expect(await cardsByMailLink(`${randomUUID()}.${token.split('.')[1]}`)).toEqual([]);

    const at = (day: string) => new Date(`${day}T12:00:00+02:00`);
    expect(cardView(cards, at('2026-07-24')).state).toBe('ready');
    expect(cardView(cards, at('2026-07-25')).state).toBe('ended');
    await cancelCards(anna, formId);
    expect(cardView(await cardsByMailLink(token), at('2026-07-20')).state).toBe('cancelled');

    // The rows (they hold names) go when the page closes.
    const db = await getDb();
    await purgeExpiredCheckins(db, at('2026-07-24'));
    expect(await cardsByMailLink(token)).toHaveLength(1);
    await purgeExpiredCheckins(db, at('2026-07-25'));
    expect(await cardsByMailLink(token)).toEqual([]);
  });
});

describe('the card mail on booking', () => {
  it('queues a card message with the signed link where the planned stay has an address', async () => {
    const db = await getDb();
    const stayId = randomUUID();
    await db.insert(portalPlannedStays).values({
      id: stayId,
      ...anna,
      gemeindeId: 1,
      objektId: 1,
      arrivalDate: '2026-07-14',
      departureDate: '2026-07-17',
      source: 'manual',
      guestEmail: 'ilse@example.org',
      guestLang: 'en',
    });
    const [card] = await issueCards(anna, {
      formId: 8_000 + Math.floor(Math.random() * 1000),
      checkinId: null,
      departureDate: '2026-07-17',
      lang: 'en',
      karten: [karte],
    });
    expect(await queueCardMail(anna, stayId, card!.partyId)).toBe(true);
    const [mail] = await db
      .select()
      .from(portalMailOutbox)
      .where(eq(portalMailOutbox.plannedStayId, stayId));
    expect(mail).toMatchObject({ kind: 'card', toAddress: 'ilse@example.org', state: 'waiting' });
    const link = new URL(/https?:\/\/\S+\/karte\/\S+/.exec(mail!.text)![0]);
    expect(link.searchParams.get('lang')).toBe('en');
    expect(mail!.subject).toBe('Your guest card');
    const token = link.pathname.split('/').pop()!;
    expect((await cardsByMailLink(token)).map((c) => c.id)).toEqual([card!.id]);
    expect(mail!.text).not.toContain(karte.gast_name!);
    // Another landlord's stay: nothing is queued.
    expect(await queueCardMail({ ...anna, username: 'demo2' }, stayId, card!.partyId)).toBe(false);
  });
});

describe('get-pdf without the card data extension', () => {
  it('is asked again without ?include= when the service refuses it, and gives the PDF alone', async () => {
    const seen: string[] = [];
    const fetchImpl = async (input: RequestInfo | URL) => {
      const url = String(input);
      seen.push(url);
      if (url.includes('include=')) {
        return Response.json(
          {
            status: 'error',
            error: {
              code: 'validation_error',
              message: 'unknown parameter',
              details: [{ path: 'include', message: 'unknown' }],
            },
          },
          { status: 400 },
        );
      }
      return Response.json({
        meta: {
          requestId: 'x',
          timestamp: '2026-07-01T10:00:00',
          user: { id: 1, username: 'demo', alias: 'A' },
          gemeinde: 1,
        },
        response: [{ id: 17, encoding: 'base64', pdf: Buffer.from('%PDF-').toString('base64') }],
      });
    };
    const api = new HttpClient('http://real.example/api/', 'token', fetchImpl as typeof fetch);
    const [card] = await api.guestCards({ gemeinde: 1, objekt: 1 }, [17], { karten: true });
    expect(card!.karten).toBeUndefined();
    expect(Buffer.from(card!.pdf).toString()).toBe('%PDF-');
    expect(seen).toHaveLength(2);
  });
});
