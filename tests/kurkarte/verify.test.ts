// The QR code's verification: genuine and valid today, or why not; no personal data beyond the stay.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { meldescheine, personen, tarife } from '@/lib/db/schema';
import { signCardIdWithEnv } from '@/lib/service/kurkarte/card-id';
import { checkCard } from '@/lib/service/kurkarte/verify';
import { CardCheckResponse } from '@/lib/wire/kurkarte';
import { apiClient } from '../helpers/api';
import { useTestDb } from '../helpers/db';

const t = useTestDb();
const NOW = new Date('2026-07-15T10:00:00Z');

async function stay(arrival: string, departure: string, state = 'draft', anzahl = 1) {
  const { demo, db } = t;
  const [tarif] = await db
    .select()
    .from(tarife)
    .where(eq(tarife.gemeindeId, demo.gemeinden.seeblick.id));
  const [form] = await db
    .insert(meldescheine)
    .values({
      gemeindeId: demo.gemeinden.seeblick.id,
      objektId: demo.objekte.moeweA,
      beherbergerId: demo.beherberger.moewe,
      meldescheinnummer: `2026-${Math.random().toString().slice(2, 8)}`,
      state,
      arrivalDate: arrival,
      departureDate: departure,
      creationUserId: 1,
    })
    .returning();
  const [guest] = await db
    .insert(personen)
    .values({
      meldescheinId: form!.id,
      position: 1,
      tarifId: tarif!.id,
      gastType: anzahl > 1 ? 'gruppe' : 'person',
      anzahl,
      arrivalDate: arrival,
      departureDate: departure,
      fields: { Gast_Vorname: 'Erika', Gast_Name: 'Mustermann', Gast_Geburtsdatum: '1980-01-01' },
    })
    .returning();
  return { formId: form!.id, personId: guest!.id };
}

describe('checkCard', () => {
  it('shows a current stay as valid with municipality, dates and persons only', async () => {
    const ids = await stay('2026-07-14', '2026-07-17', 'printed', 4);
    const card = await checkCard(t.db, signCardIdWithEnv(ids), NOW);
    expect(card).toEqual({
      status: 'valid',
      gemeinde: 'Ostseebad Seeblick',
      arrivalDate: '2026-07-14',
      departureDate: '2026-07-17',
      anzahl: 4,
    });
    expect(JSON.stringify(card)).not.toMatch(/Erika|Mustermann|1980/);
  });

  it('tells expired, not yet valid and cancelled apart', async () => {
    const past = await stay('2026-07-01', '2026-07-05');
    const future = await stay('2026-08-01', '2026-08-05');
    const cancelled = await stay('2026-07-14', '2026-07-17', 'cancelled');
    expect((await checkCard(t.db, signCardIdWithEnv(past), NOW)).status).toBe('expired');
    expect((await checkCard(t.db, signCardIdWithEnv(future), NOW)).status).toBe('not_yet_valid');
    expect((await checkCard(t.db, signCardIdWithEnv(cancelled), NOW)).status).toBe('cancelled');
  });

  it('rejects a forged id, a guest of another form and a removed guest alike, revealing nothing', async () => {
    const a = await stay('2026-07-14', '2026-07-17');
    const b = await stay('2026-07-14', '2026-07-17');
    const forged = signCardIdWithEnv(a).replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect(await checkCard(t.db, forged, NOW)).toEqual({ status: 'invalid' });
    expect(
      await checkCard(t.db, signCardIdWithEnv({ formId: a.formId, personId: b.personId }), NOW),
    ).toEqual({
      status: 'invalid',
    });
    await t.db.update(personen).set({ deletedAt: NOW }).where(eq(personen.id, b.personId));
    expect(await checkCard(t.db, signCardIdWithEnv(b), NOW)).toEqual({ status: 'invalid' });
    expect(await checkCard(t.db, 'garbage', NOW)).toEqual({ status: 'invalid' });
  });
});

describe('POST kurkarte/check/ (the page asks over HTTP)', () => {
  const check = (card: unknown) => apiClient(t).post('kurkarte/check/', { card });

  it('answers without sign-in, with the stay and no personal data', async () => {
    const ids = await stay('2030-07-14', '2030-07-17', 'printed', 2);
    const res = await check(signCardIdWithEnv(ids));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      status: 'not_yet_valid',
      gemeinde: 'Ostseebad Seeblick',
      arrival_date: '2030-07-14',
      departure_date: '2030-07-17',
      anzahl: 2,
    });
    expect(res.text).not.toMatch(/Erika|Mustermann|1980/);
    // The portal's client reads it with the same schema.
    expect(CardCheckResponse.safeParse(res.json).success).toBe(true);
  });

  it('calls a forgery unknown and refuses what is no card id', async () => {
    expect((await check('abc%zz')).json).toEqual({ status: 'invalid' });
    expect((await check('x'.repeat(201))).status).toBe(400);
    expect((await check(5)).status).toBe(400);
  });
});
