// The public check behind the guest card's QR code: is this card genuine and valid today? It
// shows the municipality, the stay and the number of persons, and nothing else about the guest.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { gemeinden, meldescheine, personen } from '../../db/schema';
import { berlinToday } from '../../wire/time';
import { verifyCardIdWithEnv } from './card-id';

import type { CardStatus } from '../../wire/kurkarte';

export type { CardStatus };

export interface CardCheck {
  status: CardStatus;
  gemeinde?: string;
  arrivalDate?: string;
  departureDate?: string;
  anzahl?: number;
}

export async function checkCard(db: Db, token: string, now = new Date()): Promise<CardCheck> {
  const id = verifyCardIdWithEnv(token);
  if (!id) return { status: 'invalid' };
  const [row] = await db
    .select({
      gemeinde: gemeinden.alias,
      state: meldescheine.state,
      arrivalDate: personen.arrivalDate,
      departureDate: personen.departureDate,
      anzahl: personen.anzahl,
      deletedAt: personen.deletedAt,
    })
    .from(personen)
    .innerJoin(meldescheine, eq(meldescheine.id, personen.meldescheinId))
    .innerJoin(gemeinden, eq(gemeinden.id, meldescheine.gemeindeId))
    .where(and(eq(personen.id, id.personId), eq(personen.meldescheinId, id.formId)));
  // A guest removed from the form no longer holds a card; say no more than for a forgery.
  if (!row || row.deletedAt) return { status: 'invalid' };
  const today = berlinToday(now);
  const status: CardStatus =
    row.state === 'cancelled'
      ? 'cancelled'
      : today < row.arrivalDate
        ? 'not_yet_valid'
        : today > row.departureDate
          ? 'expired'
          : 'valid';
  return {
    status,
    gemeinde: row.gemeinde,
    arrivalDate: row.arrivalDate,
    departureDate: row.departureDate,
    anzahl: row.anzahl,
  };
}
