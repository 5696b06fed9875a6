// A municipality's configuration as the office shows it: zones, seasons, tariffs with every
// version of their rates, and guest fields (docs/decisions/033).
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db';
import {
  gemeinden,
  meldescheinFields,
  saisonzeiten,
  tarife,
  tarifRates,
  tarifzonen,
} from '../../db/schema';

export interface RateRow {
  id: number;
  tarifId: number;
  zoneId: number;
  seasonId: number | null;
  validFrom: string | null;
  cents: number;
}

export async function loadOfficeConfig(db: Db, gemeindeId: number) {
  const [g] = await db
    .select({ id: gemeinden.id, alias: gemeinden.alias, version: gemeinden.configVersion })
    .from(gemeinden)
    .where(eq(gemeinden.id, gemeindeId));
  if (!g) return null;
  const [zones, seasons, tariffs, rates, fields] = await Promise.all([
    db
      .select({ id: tarifzonen.id, alias: tarifzonen.alias })
      .from(tarifzonen)
      .where(eq(tarifzonen.gemeindeId, gemeindeId))
      .orderBy(asc(tarifzonen.alias), asc(tarifzonen.id)),
    db
      .select({
        id: saisonzeiten.id,
        alias: saisonzeiten.alias,
        validFrom: saisonzeiten.validFrom,
        validUntil: saisonzeiten.validUntil,
      })
      .from(saisonzeiten)
      .where(eq(saisonzeiten.gemeindeId, gemeindeId))
      .orderBy(asc(saisonzeiten.validFrom), asc(saisonzeiten.id)),
    db
      .select()
      .from(tarife)
      .where(eq(tarife.gemeindeId, gemeindeId))
      .orderBy(asc(tarife.tarifCode)),
    db
      .select({
        id: tarifRates.id,
        tarifId: tarifRates.tarifId,
        zoneId: tarifRates.tarifzoneId,
        seasonId: tarifRates.saisonzeitId,
        validFrom: tarifRates.validFrom,
        cents: tarifRates.centsPerNight,
      })
      .from(tarifRates)
      .innerJoin(tarife, eq(tarife.id, tarifRates.tarifId))
      .where(eq(tarife.gemeindeId, gemeindeId))
      .orderBy(
        asc(tarifRates.tarifId),
        asc(tarifRates.tarifzoneId),
        asc(tarifRates.saisonzeitId),
        desc(tarifRates.validFrom),
      ),
    db
      .select()
      .from(meldescheinFields)
      .where(eq(meldescheinFields.gemeindeId, gemeindeId))
      .orderBy(asc(meldescheinFields.viewOrder), asc(meldescheinFields.id)),
  ]);
  return { gemeinde: g, zones, seasons, tariffs, rates: rates as RateRow[], fields };
}

export type OfficeConfig = NonNullable<Awaited<ReturnType<typeof loadOfficeConfig>>>;
