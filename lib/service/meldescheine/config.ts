// What a booking needs to know about a municipality: its guest fields, tariffs, rates, seasons and
// objects. Every booking needs all of it and it changes only through the office and the admin CLI,
// so it is kept in memory for CONFIG_TTL_MS (30 s). The office forgets it after each change, in
// every module copy of the process (lib/process-wide.ts), so the change is in force at once here;
// other instances read it again before refusing an object or landlord they do not know
// (recheckedGemeindeConfig), and take other changes within 30 s. Without this cache a booking
// would cost seven more queries.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { processWide } from '../../process-wide';
import {
  beherberger,
  gemeinden,
  meldescheinFields,
  objekte,
  ortsteile,
  saisonzeiten,
  tarife,
  tarifRates,
  tarifzonen,
} from '../../db/schema';
import type { FieldDataType } from '../../wire/guest-rules';
import type { FormObjekt } from '../../wire/meldeschein';
import { offsetDateTime } from '../../wire/time';
import { beherbergerSummary } from '../serialize';
import { dayNumber } from './days';

export const CONFIG_TTL_MS = 30_000;

/** Fixed guest keys: a municipality's field of one of these names could not be told apart. */
export const RESERVED_FIELD_NAMES: ReadonlySet<string> = new Set([
  'id',
  'delete',
  'tarif_id',
  'gast_type',
  'arrival_date',
  'departure_date',
  'anzahl',
  'meldeschein_id',
  'created',
  'modified',
  'CSID',
  'kurtaxe_calc',
]);

export interface FieldDef {
  name: string;
  alias: string;
  dataType: FieldDataType;
  required: boolean;
  size: number | null;
  /** Extension: required of foreign guests only (BMG § 29(2)); `required` is false then. */
  requiredForeignOnly?: boolean;
  /** Extension: kept after the retention period for statistics. */
  statistical?: boolean;
}

export interface TarifInfo {
  id: number;
  alias: string;
  fullAlias: string;
  tarifCode: string;
  isActive: boolean;
  allowBeherberger: boolean;
  printKurkarte: boolean;
}

/** A season as day numbers: nights `from <= night < until`. */
export interface SeasonSpan {
  id: number;
  from: number;
  until: number;
}

export interface ObjektInfo {
  id: number;
  beherbergerId: number;
  tarifzoneId: number;
  anzahlBetten: number;
  alias: string;
  strasse: string | null;
  plz: string | null;
  ort: string | null;
  /** Landlord's display name: the firm, else first and last name, else the alias. */
  beherbergerName: string;
  /** A deactivated object takes no new forms (its forms stay readable and changeable). */
  isActive?: boolean;
  /** The `objekt` of a form response, built once. */
  wire: FormObjekt;
}

export interface GemeindeConfig {
  id: number;
  alias: string;
  /** In the municipality's view order; responses list guest fields in this order. */
  fields: FieldDef[];
  fieldByName: ReadonlyMap<string, FieldDef>;
  tarife: ReadonlyMap<number, TarifInfo>;
  /** Sorted by start; where seasons overlap the earlier one wins. */
  seasons: SeasonSpan[];
  /**
   * The versions of each rate by `rateKey(tarif, zone, season)`, newest `from` first; season 0 is
   * the fallback without season. `rateOn` picks the one valid on a day.
   */
  rates: ReadonlyMap<string, RateVersion[]>;
  objekte: ReadonlyMap<number, ObjektInfo>;
  /** Landlords with at least one object here. */
  landlords: ReadonlySet<number>;
}

export const rateKey = (tarifId: number, zoneId: number, seasonId: number | null) =>
  `${tarifId}:${zoneId}:${seasonId ?? 0}`;

/** Cents per night from day number `from` on (-Infinity: since the beginning). */
export interface RateVersion {
  from: number;
  cents: number;
}

/** The cents of the version of a rate valid on `day`, or undefined when none is (yet). */
export function rateOn(
  rates: ReadonlyMap<string, RateVersion[]>,
  key: string,
  day: number,
): number | undefined {
  const versions = rates.get(key);
  if (!versions) return undefined;
  for (const v of versions) if (v.from <= day) return v.cents;
  return undefined;
}

/** Rate rows to versions per key, newest first. */
export function rateVersions(
  rows: {
    tarifId: number;
    tarifzoneId: number;
    saisonzeitId: number | null;
    validFrom: string | null;
    centsPerNight: number;
  }[],
): Map<string, RateVersion[]> {
  const out = new Map<string, RateVersion[]>();
  for (const r of rows) {
    const key = rateKey(r.tarifId, r.tarifzoneId, r.saisonzeitId);
    const list = out.get(key) ?? [];
    list.push({
      from: r.validFrom === null ? Number.NEGATIVE_INFINITY : dayNumber(r.validFrom),
      cents: r.centsPerNight,
    });
    out.set(key, list);
  }
  for (const list of out.values()) list.sort((a, b) => b.from - a.from);
  return out;
}

interface Entry {
  at: number;
  value: Promise<GemeindeConfig | null>;
}
const caches = processWide('service.gemeinde-config', () => new WeakMap<Db, Map<number, Entry>>());

/** The configuration of a municipality, or null when there is none with this id. */
export function gemeindeConfig(db: Db, gemeindeId: number): Promise<GemeindeConfig | null> {
  let cache = caches.get().get(db);
  if (!cache) {
    cache = new Map();
    caches.get().set(db, cache);
  }
  const hit = cache.get(gemeindeId);
  if (hit && Date.now() - hit.at < CONFIG_TTL_MS) return hit.value;
  const value = loadGemeindeConfig(db, gemeindeId);
  const entry = { at: Date.now(), value };
  cache.set(gemeindeId, entry);
  // Unknown ids and failures are not remembered: a fuzzer must not fill memory, an outage must pass.
  value.then(
    (cfg) => {
      if (!cfg && cache.get(gemeindeId) === entry) cache.delete(gemeindeId);
    },
    () => {
      if (cache.get(gemeindeId) === entry) cache.delete(gemeindeId);
    },
  );
  return value;
}

/** How young a kept configuration may be and still answer a refusal (`recheckedGemeindeConfig`). */
export const RECHECK_MS = 1_000;

/**
 * The municipality's configuration read again before a refusal (an object or landlord not in the
 * kept one): the office may have made it on another instance within CONFIG_TTL_MS. A kept
 * configuration younger than RECHECK_MS answers as it is, so refused calls cannot force a read
 * each.
 */
export function recheckedGemeindeConfig(db: Db, id: number): Promise<GemeindeConfig | null> {
  const cache = caches.get().get(db);
  const hit = cache?.get(id);
  if (hit && Date.now() - hit.at < RECHECK_MS) return hit.value;
  cache?.delete(id);
  return gemeindeConfig(db, id);
}

/** Forget cached configuration at once, in every module copy (tests and in-process changes). */
export function clearGemeindeConfigCache(): void {
  caches.reset();
}

async function loadGemeindeConfig(db: Db, id: number): Promise<GemeindeConfig | null> {
  const [g] = await db.select().from(gemeinden).where(eq(gemeinden.id, id));
  if (!g) return null;
  const [fields, tariffs, rates, seasons, objects] = await Promise.all([
    db
      .select()
      .from(meldescheinFields)
      .where(eq(meldescheinFields.gemeindeId, id))
      .orderBy(asc(meldescheinFields.viewOrder), asc(meldescheinFields.id)),
    db.select().from(tarife).where(eq(tarife.gemeindeId, id)),
    db
      .select({ r: tarifRates })
      .from(tarifRates)
      .innerJoin(tarife, eq(tarife.id, tarifRates.tarifId))
      .where(eq(tarife.gemeindeId, id)),
    db
      .select()
      .from(saisonzeiten)
      .where(eq(saisonzeiten.gemeindeId, id))
      .orderBy(asc(saisonzeiten.validFrom), asc(saisonzeiten.id)),
    db
      .select({ o: objekte, b: beherberger, ortsteil: ortsteile })
      .from(objekte)
      .innerJoin(tarifzonen, eq(tarifzonen.id, objekte.tarifzoneId))
      .innerJoin(beherberger, eq(beherberger.id, objekte.beherbergerId))
      .leftJoin(ortsteile, eq(ortsteile.id, objekte.ortsteilId))
      .where(eq(tarifzonen.gemeindeId, id)),
  ]);
  // A field named like a fixed guest key could never be told apart from it: it is ignored.
  const fieldDefs: FieldDef[] = fields
    .filter((f) => !RESERVED_FIELD_NAMES.has(f.columnName))
    .map((f) => ({
      name: f.columnName,
      alias: f.alias,
      dataType: f.dataType as FieldDataType,
      required: f.required,
      size: f.size,
      requiredForeignOnly: f.requiredForeignOnly,
      statistical: f.statistical,
    }));
  return {
    id: g.id,
    alias: g.alias,
    fields: fieldDefs,
    fieldByName: new Map(fieldDefs.map((f) => [f.name, f])),
    tarife: new Map(
      tariffs.map((t) => [
        t.id,
        {
          id: t.id,
          alias: t.alias,
          fullAlias: t.fullAlias,
          tarifCode: t.tarifCode,
          isActive: t.isActive,
          allowBeherberger: t.allowBeherberger,
          printKurkarte: t.printKurkarte,
        },
      ]),
    ),
    seasons: seasons.map((s) => ({
      id: s.id,
      from: dayNumber(s.validFrom),
      until: dayNumber(s.validUntil) + 1,
    })),
    rates: rateVersions(rates.map(({ r }) => r)),
    objekte: new Map(objects.map((row) => [row.o.id, objektInfo(row)])),
    landlords: new Set(objects.map((row) => row.o.beherbergerId)),
  };
}

type ObjektRow = {
  o: typeof objekte.$inferSelect;
  b: typeof beherberger.$inferSelect;
  ortsteil: typeof ortsteile.$inferSelect | null;
};

function objektInfo({ o, b, ortsteil }: ObjektRow): ObjektInfo {
  const person = [b.vorname, b.nachname].filter(Boolean).join(' ');
  return {
    id: o.id,
    beherbergerId: o.beherbergerId,
    tarifzoneId: o.tarifzoneId,
    anzahlBetten: o.anzahlBetten,
    alias: o.alias,
    strasse: o.strasse,
    plz: o.plz,
    ort: o.ort,
    beherbergerName: b.firma || person || b.alias,
    isActive: o.isActive,
    wire: {
      id: o.id,
      beherberger_id: o.beherbergerId,
      beherberger: beherbergerSummary(b),
      beherberger_alias: b.alias,
      ortsteil: ortsteil
        ? { id: ortsteil.id, alias: ortsteil.alias, gemeinde: ortsteil.gemeindeId }
        : null,
      created: offsetDateTime(o.created),
      modified: offsetDateTime(o.modified ?? o.created),
      anzahl_betten: o.anzahlBetten,
      alias: o.alias,
      strasse: o.strasse,
      plz: o.plz,
      ort: o.ort,
      tarifzone: o.tarifzoneId,
      unterkunftsart: o.unterkunftsartId,
    },
  };
}

/**
 * One object by id, uncached: for a form whose object is no longer listed under the form's
 * municipality (an admin moved it to another zone).
 */
export async function loadObjektInfo(db: Db, objektId: number): Promise<ObjektInfo | null> {
  const [row] = await db
    .select({ o: objekte, b: beherberger, ortsteil: ortsteile })
    .from(objekte)
    .innerJoin(beherberger, eq(beherberger.id, objekte.beherbergerId))
    .leftJoin(ortsteile, eq(ortsteile.id, objekte.ortsteilId))
    .where(eq(objekte.id, objektId));
  return row ? objektInfo(row) : null;
}
