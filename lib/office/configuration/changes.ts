// Changes to a municipality's configuration, from the office and the command line alike
// (docs/decisions/033). Each is checked by the configuration file's own schemas (every wrong field
// named), refused in words when it would break forms already booked (guard.ts), written in
// one transaction with its staff_audit entry, and seen by the portal at once: triggers raise the
// municipality's config_version (0011/0012/0016) and this process forgets its booking cache.
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db';
import { isUniqueViolation } from '../../db/errors';
import { saisonzeiten, tarife, tarifRates, tarifzonen } from '../../db/schema';
import {
  SeasonInput,
  TarifInput,
  tarifColumns,
  ZoneAlias,
} from '../../service/provisioning/schema';
import type { Actor } from '../audit/audit';
import {
  ConfigRefused,
  formsWithNightsIn,
  formsWithTarif,
  movedDays,
  objectsInZone,
} from './guard';
import { change, found, lockSeason } from './tx';

// ---- Tariff zones ----

export async function addZone(db: Db, gemeindeId: number, alias: string, actor: Actor) {
  const a = ZoneAlias.parse(alias);
  return change(db, gemeindeId, actor, 'tarifzone.create', async (tx) => {
    const [row] = await tx.insert(tarifzonen).values({ gemeindeId, alias: a }).returning();
    return { result: row!.id, subject: `tarifzone:${row!.id}`, details: { gemeindeId, alias: a } };
  });
}

export async function renameZone(
  db: Db,
  gemeindeId: number,
  zoneId: number,
  alias: string,
  actor: Actor,
) {
  const a = ZoneAlias.parse(alias);
  return change(db, gemeindeId, actor, 'tarifzone.update', async (tx) => {
    const [row] = await tx
      .update(tarifzonen)
      .set({ alias: a, modified: new Date() })
      .where(and(eq(tarifzonen.id, zoneId), eq(tarifzonen.gemeindeId, gemeindeId)))
      .returning();
    found(row, 'zone');
    return { result: zoneId, subject: `tarifzone:${zoneId}`, details: { alias: a } };
  });
}

/** Refused while an object is in the zone (its forms are priced by it). */
export async function deleteZone(db: Db, gemeindeId: number, zoneId: number, actor: Actor) {
  return change(db, gemeindeId, actor, 'tarifzone.delete', async (tx) => {
    const [zone] = await tx
      .select()
      .from(tarifzonen)
      .where(and(eq(tarifzonen.id, zoneId), eq(tarifzonen.gemeindeId, gemeindeId)))
      .for('update');
    found(zone, 'zone');
    const objects = await objectsInZone(tx, zoneId);
    if (objects) throw new ConfigRefused('zone_in_use', { zone: zone!.alias, objects });
    await tx.delete(tarifRates).where(eq(tarifRates.tarifzoneId, zoneId));
    await tx.delete(tarifzonen).where(eq(tarifzonen.id, zoneId));
    return { result: zoneId, subject: `tarifzone:${zoneId}`, details: { alias: zone!.alias } };
  });
}

// ---- Seasons ----

export async function addSeason(db: Db, gemeindeId: number, input: SeasonInput, actor: Actor) {
  const s = SeasonInput.parse(input);
  return change(db, gemeindeId, actor, 'saison.create', async (tx) => {
    const [row] = await tx
      .insert(saisonzeiten)
      .values({ gemeindeId, alias: s.alias, validFrom: s.valid_from, validUntil: s.valid_until })
      .returning();
    return { result: row!.id, subject: `saison:${row!.id}`, details: { gemeindeId, ...s } };
  });
}

/**
 * New name or dates. Refused when a booked stay has a night on a day the change moves into or out
 * of the season: that night's price would change under a later update of the form.
 */
export async function updateSeason(
  db: Db,
  gemeindeId: number,
  seasonId: number,
  input: SeasonInput,
  actor: Actor,
) {
  const s = SeasonInput.parse(input);
  return change(db, gemeindeId, actor, 'saison.update', async (tx) => {
    const before = found(await lockSeason(tx, gemeindeId, seasonId), 'season');
    const moved = movedDays(
      { from: before.validFrom, until: before.validUntil },
      { from: s.valid_from, until: s.valid_until },
    );
    const forms = await formsWithNightsIn(tx, gemeindeId, moved);
    if (forms) throw new ConfigRefused('season_in_use', { season: before.alias, forms });
    await tx
      .update(saisonzeiten)
      .set({
        alias: s.alias,
        validFrom: s.valid_from,
        validUntil: s.valid_until,
        modified: new Date(),
      })
      .where(eq(saisonzeiten.id, seasonId));
    return { result: seasonId, subject: `saison:${seasonId}`, details: { ...s } };
  });
}

export async function deleteSeason(db: Db, gemeindeId: number, seasonId: number, actor: Actor) {
  return change(db, gemeindeId, actor, 'saison.delete', async (tx) => {
    const before = found(await lockSeason(tx, gemeindeId, seasonId), 'season');
    const forms = await formsWithNightsIn(tx, gemeindeId, [
      { from: before.validFrom, until: before.validUntil },
    ]);
    if (forms) throw new ConfigRefused('season_in_use', { season: before.alias, forms });
    await tx.delete(tarifRates).where(eq(tarifRates.saisonzeitId, seasonId));
    await tx.delete(saisonzeiten).where(eq(saisonzeiten.id, seasonId));
    return { result: seasonId, subject: `saison:${seasonId}`, details: { alias: before.alias } };
  });
}

// ---- Tariffs ----

export async function addTarif(db: Db, gemeindeId: number, input: TarifInput, actor: Actor) {
  const t = TarifInput.parse(input);
  try {
    return await change(db, gemeindeId, actor, 'tarif.create', async (tx) => {
      const [row] = await tx
        .insert(tarife)
        .values({ gemeindeId, tarifCode: t.tarif_code, ...tarifColumns(t) })
        .returning();
      return { result: row!.id, subject: `tarif:${row!.id}`, details: { gemeindeId, ...t } };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConfigRefused('tarif_code_taken', { code: t.tarif_code });
    throw err;
  }
}

/** Names and flags; the code stays (exports and booking systems know the tariff by it). */
export const TarifUpdate = TarifInput.omit({ tarif_code: true });

export async function updateTarif(
  db: Db,
  gemeindeId: number,
  tarifId: number,
  input: z.input<typeof TarifUpdate>,
  actor: Actor,
) {
  const t = TarifUpdate.parse(input);
  return change(db, gemeindeId, actor, 'tarif.update', async (tx) => {
    const [row] = await tx
      .update(tarife)
      .set({ ...tarifColumns(t), modified: new Date() })
      .where(and(eq(tarife.id, tarifId), eq(tarife.gemeindeId, gemeindeId)))
      .returning();
    found(row, 'tariff');
    return { result: tarifId, subject: `tarif:${tarifId}`, details: { ...t } };
  });
}

/** Refused once any form has a guest of the tariff: deactivate it instead. */
export async function deleteTarif(db: Db, gemeindeId: number, tarifId: number, actor: Actor) {
  return change(db, gemeindeId, actor, 'tarif.delete', async (tx) => {
    const [row] = await tx
      .select()
      .from(tarife)
      .where(and(eq(tarife.id, tarifId), eq(tarife.gemeindeId, gemeindeId)))
      .for('update');
    found(row, 'tariff');
    const forms = await formsWithTarif(tx, tarifId);
    if (forms) throw new ConfigRefused('tarif_in_use', { tarif: row!.alias, forms });
    await tx.delete(tarifRates).where(eq(tarifRates.tarifId, tarifId));
    await tx.delete(tarife).where(eq(tarife.id, tarifId));
    return { result: tarifId, subject: `tarif:${tarifId}`, details: { code: row!.tarifCode } };
  });
}

export { addField, updateField, deleteField } from './fields';
export { RateInput, setRate, deleteRate } from './rates';
export { ConfigRefused, type RefusalCode } from './guard';
