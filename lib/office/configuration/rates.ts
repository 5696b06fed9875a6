// Rates per night and person with their "valid from" (docs/decisions/033): a change is a new
// version from tomorrow on at the earliest; a planned version may be replaced or withdrawn, one in
// force never changes, and forms already booked keep their Kurtaxe.
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db';
import { tarife, tarifRates, tarifzonen } from '../../db/schema';
import { berlinToday } from '../../wire/time';
import { calendarDate, Cents } from '../../service/provisioning/schema';
import type { Actor } from '../audit/audit';
import { ConfigRefused } from './guard';
import { change, found, lockSeason } from './tx';

const id = z.int().positive();

export const RateInput = z.strictObject({
  tarif: id,
  zone: id,
  season: id.nullable(),
  /** Empty only for the first rate of a tariff, zone and season (valid since the beginning). */
  valid_from: calendarDate.nullable(),
  cents: Cents,
});
export type RateInput = z.input<typeof RateInput>;

/**
 * A rate from `valid_from` on. Forms booked before keep their Kurtaxe (it is stored, and an update
 * that leaves a stay as it was keeps it). A new version starts tomorrow at the earliest, so all of
 * a day's bookings see the same rates; a planned version (not yet in force) may be replaced.
 */
export async function setRate(
  db: Db,
  gemeindeId: number,
  input: RateInput,
  actor: Actor,
  now = new Date(),
) {
  const r = RateInput.parse(input);
  const today = berlinToday(now);
  return change(db, gemeindeId, actor, 'rate.set', async (tx) => {
    await checkRateTargets(tx, gemeindeId, r);
    const versions = await tx
      .select()
      .from(tarifRates)
      .where(
        and(
          eq(tarifRates.tarifId, r.tarif),
          eq(tarifRates.tarifzoneId, r.zone),
          r.season === null
            ? sql`${tarifRates.saisonzeitId} is null`
            : eq(tarifRates.saisonzeitId, r.season),
        ),
      )
      .for('update');
    if (r.valid_from === null) {
      if (versions.length) throw new ConfigRefused('rate_without_date', {});
    } else if (r.valid_from <= today) {
      throw new ConfigRefused('rate_in_past', { date: r.valid_from, today });
    }
    const same = versions.find((v) => v.validFrom === r.valid_from);
    let rateId: number;
    if (same) {
      await tx.update(tarifRates).set({ centsPerNight: r.cents }).where(eq(tarifRates.id, same.id));
      rateId = same.id;
    } else {
      const [row] = await tx
        .insert(tarifRates)
        .values({
          tarifId: r.tarif,
          tarifzoneId: r.zone,
          saisonzeitId: r.season,
          validFrom: r.valid_from,
          centsPerNight: r.cents,
        })
        .returning();
      rateId = row!.id;
    }
    return {
      result: rateId,
      subject: `tarif:${r.tarif}`,
      details: { ...r, replaced: same ? same.centsPerNight : null },
    };
  });
}

/** Only a planned version (valid from tomorrow or later) can be withdrawn. */
export async function deleteRate(
  db: Db,
  gemeindeId: number,
  rateId: number,
  actor: Actor,
  now = new Date(),
) {
  const today = berlinToday(now);
  return change(db, gemeindeId, actor, 'rate.delete', async (tx) => {
    const [row] = await tx
      .select({ r: tarifRates })
      .from(tarifRates)
      .innerJoin(tarife, eq(tarife.id, tarifRates.tarifId))
      .where(and(eq(tarifRates.id, rateId), eq(tarife.gemeindeId, gemeindeId)))
      .for('update');
    const rate = found(row, 'rate').r;
    if (rate.validFrom === null || rate.validFrom <= today) {
      throw new ConfigRefused('rate_in_force', { date: rate.validFrom ?? '' });
    }
    await tx.delete(tarifRates).where(eq(tarifRates.id, rateId));
    return {
      result: rateId,
      subject: `tarif:${rate.tarifId}`,
      details: { zone: rate.tarifzoneId, season: rate.saisonzeitId, valid_from: rate.validFrom },
    };
  });
}

async function checkRateTargets(tx: Db, gemeindeId: number, r: z.output<typeof RateInput>) {
  const [t] = await tx
    .select({ id: tarife.id })
    .from(tarife)
    .where(and(eq(tarife.id, r.tarif), eq(tarife.gemeindeId, gemeindeId)));
  found(t, 'tariff');
  const [zone] = await tx
    .select({ id: tarifzonen.id })
    .from(tarifzonen)
    .where(and(eq(tarifzonen.id, r.zone), eq(tarifzonen.gemeindeId, gemeindeId)));
  found(zone, 'zone');
  if (r.season !== null) found(await lockSeason(tx, gemeindeId, r.season), 'season');
}
