// Changes to a municipality's configuration, from the office and the command line alike
// (docs/decisions/033). Each is checked by the configuration file's own schemas (every wrong field
// named), refused in words when it would break forms already booked (config-guard.ts), written in
// one transaction with its staff_audit entry, and seen by the portal at once: triggers raise the
// municipality's config_version (0011/0012/0016) and this process forgets its booking cache.
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db';
import { saisonzeiten, tarife, tarifRates, tarifzonen } from '../../db/schema';
import { berlinToday } from '../../wire/time';
import { clearGemeindeConfigCache } from '../meldescheine';
import { calendarDate, Cents, SeasonInput, TarifInput, ZoneAlias } from '../provisioning/schema';
import { recordAudit, type Actor, type AuditAction } from './audit';
import {
  ConfigRefused,
  formsWithNightsIn,
  formsWithTarif,
  isUniqueViolation,
  movedDays,
  objectsInZone,
} from './config-guard';

const id = z.int().positive();

/** One change: its transaction, its audit entry, then the booking cache forgotten. */
async function change<T>(
  db: Db,
  actor: Actor,
  action: AuditAction,
  write: (tx: Db) => Promise<{ result: T; subject: string; details: Record<string, unknown> }>,
): Promise<T> {
  const out = await db.transaction(async (tx) => {
    const { result, subject, details } = await write(tx);
    await recordAudit(tx, actor, action, subject, details);
    return result;
  });
  clearGemeindeConfigCache();
  return out;
}

const found = <T>(row: T | undefined, what: string): T => {
  if (row === undefined) throw new ConfigRefused('not_found', { what });
  return row;
};

// ---- Tariff zones ----

export async function addZone(db: Db, gemeindeId: number, alias: string, actor: Actor) {
  const a = ZoneAlias.parse(alias);
  return change(db, actor, 'tarifzone.create', async (tx) => {
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
  return change(db, actor, 'tarifzone.update', async (tx) => {
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
  return change(db, actor, 'tarifzone.delete', async (tx) => {
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
  return change(db, actor, 'saison.create', async (tx) => {
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
  return change(db, actor, 'saison.update', async (tx) => {
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
  return change(db, actor, 'saison.delete', async (tx) => {
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

async function lockSeason(tx: Db, gemeindeId: number, seasonId: number) {
  const [row] = await tx
    .select()
    .from(saisonzeiten)
    .where(and(eq(saisonzeiten.id, seasonId), eq(saisonzeiten.gemeindeId, gemeindeId)))
    .for('update');
  return row;
}

// ---- Tariffs ----

const tarifValues = (t: z.output<typeof TarifInput>) => ({
  alias: t.alias,
  fullAlias: t.full_alias ?? t.alias,
  isActive: t.is_active,
  allowBeherberger: t.allow_beherberger,
  printKurkarte: t.print_kurkarte,
  defaultSelected: t.default_selected,
});

export async function addTarif(db: Db, gemeindeId: number, input: TarifInput, actor: Actor) {
  const t = TarifInput.parse(input);
  try {
    return await change(db, actor, 'tarif.create', async (tx) => {
      const [row] = await tx
        .insert(tarife)
        .values({ gemeindeId, tarifCode: t.tarif_code, ...tarifValues(t) })
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
  return change(db, actor, 'tarif.update', async (tx) => {
    const [row] = await tx
      .update(tarife)
      .set({ ...tarifValues({ ...t, tarif_code: '' }), modified: new Date() })
      .where(and(eq(tarife.id, tarifId), eq(tarife.gemeindeId, gemeindeId)))
      .returning();
    found(row, 'tariff');
    return { result: tarifId, subject: `tarif:${tarifId}`, details: { ...t } };
  });
}

/** Refused once any form has a guest of the tariff: deactivate it instead. */
export async function deleteTarif(db: Db, gemeindeId: number, tarifId: number, actor: Actor) {
  return change(db, actor, 'tarif.delete', async (tx) => {
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

// ---- Rates ----

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
 * that leaves a stay as it was keeps it). A new version starts tomorrow at the earliest, so no
 * stay already begun changes its price; a planned version (not yet in force) may be replaced.
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
  return change(db, actor, 'rate.set', async (tx) => {
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
  return change(db, actor, 'rate.delete', async (tx) => {
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

export { addField, updateField, deleteField } from './config-fields';
export { ConfigRefused, type RefusalCode } from './config-guard';
