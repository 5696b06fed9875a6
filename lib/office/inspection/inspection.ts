// The inspection export (BMG § 30(4): registration forms handed to the authorities on request):
// one landlord's forms whose stay touches a date range, as CSV (a row per guest) or JSON (a form
// with its guests), streamed page by page in bounded memory (docs/decisions/033). Erased forms
// (retention) and cancelled ones are not registrations to hand over and are left out. The export
// is audited before the first byte: who, which landlord, which range and format, never guest data.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db';
import {
  beherberger,
  meldescheinFields,
  meldescheine,
  objekte,
  personen,
  tarife,
} from '../../db/schema';
import { berlinToday, daysBetween } from '../../wire/time';
import { effectiveState } from '../../service/meldescheine/states';
import { calendarDate } from '../../service/provisioning/schema';
import { recordAudit, type Actor } from '../audit/audit';
import { landlordScopeCondition, type Scoped } from '../staff/scope';

/** At most this many days in one export: a request names a period, not the whole archive. */
const MAX_INSPECTION_DAYS = 3 * 366;
const PAGE = 500;

export const InspectionQuery = z
  .strictObject({
    beherberger: z.coerce.number().int().positive(),
    from: calendarDate,
    to: calendarDate,
    format: z.enum(['csv', 'json']).default('csv'),
  })
  .refine((q) => q.from <= q.to, {
    path: ['to'],
    message: 'to is before from',
    params: { code: 'until_before_from' },
  })
  .refine((q) => daysBetween(q.from, q.to) < MAX_INSPECTION_DAYS, {
    path: ['to'],
    message: 'range too long',
    params: { code: 'range_too_long' },
  });
export type InspectionQuery = z.output<typeof InspectionQuery>;

export interface InspectionLandlord {
  id: number;
  alias: string;
  gemeindeId: number;
}

/**
 * Check the landlord and write the audit entry; null when there is no such landlord in the staff
 * member's municipalities (another municipality's landlord is answered as an unknown one).
 */
export async function beginInspection(
  db: Db,
  q: InspectionQuery,
  actor: Actor,
  scope: Scoped,
): Promise<InspectionLandlord | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: beherberger.id, alias: beherberger.alias, gemeindeId: beherberger.gemeindeId })
      .from(beherberger)
      .where(and(eq(beherberger.id, q.beherberger), landlordScopeCondition(scope)));
    if (!row) return null;
    await recordAudit(tx, actor, 'inspection.export', `beherberger:${row.id}`, {
      from: q.from,
      to: q.to,
      format: q.format,
    });
    return row;
  });
}

interface FieldColumn {
  name: string;
  alias: string;
}

export interface InspectionGuest {
  position: number;
  tarif: string;
  gastType: string;
  anzahl: number;
  arrival: string;
  departure: string;
  nights: number;
  kurtaxeCents: number;
  fields: Record<string, unknown>;
}

export interface InspectionForm {
  id: number;
  nummer: string;
  state: string;
  objektId: number;
  objekt: string;
  arrival: string;
  departure: string;
  kurtaxeCents: number;
  created: string;
  guests: InspectionGuest[];
}

/** The guest fields of the landlord's municipality, in view order: the export's columns. */
export async function inspectionFields(db: Db, gemeindeId: number): Promise<FieldColumn[]> {
  return db
    .select({ name: meldescheinFields.columnName, alias: meldescheinFields.alias })
    .from(meldescheinFields)
    .where(eq(meldescheinFields.gemeindeId, gemeindeId))
    .orderBy(asc(meldescheinFields.viewOrder), asc(meldescheinFields.id));
}

/**
 * The landlord's forms filed with its own municipality (`gemeindeId`) whose stay touches the
 * range; never erased or cancelled ones. A landlord's forms in another municipality (an object in
 * its zone) belong to that municipality's authority, not to this export.
 */
const inRange = (q: InspectionQuery, gemeindeId: number) =>
  and(
    eq(meldescheine.beherbergerId, q.beherberger),
    eq(meldescheine.gemeindeId, gemeindeId),
    sql`${meldescheine.anonymisedAt} is null`,
    sql`${meldescheine.state} <> 'cancelled'`,
    sql`${meldescheine.arrivalDate} <= ${q.to}::date`,
    sql`${meldescheine.departureDate} >= ${q.from}::date`,
  );

/** How many forms and live guests an export of `q` holds (the page shows it before the download). */
export async function countInspection(db: Db, q: InspectionQuery, gemeindeId: number) {
  const [row] = await db
    .select({
      forms: sql<number>`count(distinct ${meldescheine.id})::int`,
      guests: sql<number>`count(${personen.id})::int`,
    })
    .from(meldescheine)
    .leftJoin(
      personen,
      and(eq(personen.meldescheinId, meldescheine.id), sql`${personen.deletedAt} is null`),
    )
    .where(inRange(q, gemeindeId));
  return { forms: Number(row?.forms ?? 0), guests: Number(row?.guests ?? 0) };
}

/** The landlords the staff member may inspect (its municipalities'), by name: the page's choice. */
export async function inspectionLandlords(db: Db, scope: Scoped) {
  return db
    .select({
      id: beherberger.id,
      alias: beherberger.alias,
      ort: beherberger.ort,
      gemeindeId: beherberger.gemeindeId,
    })
    .from(beherberger)
    .where(landlordScopeCondition(scope))
    .orderBy(asc(beherberger.alias), asc(beherberger.id));
}

/** The landlord's forms in the range, a page at a time, by id. */
export async function* inspectionForms(
  db: Db,
  q: InspectionQuery,
  gemeindeId: number,
  now = new Date(),
): AsyncGenerator<InspectionForm[]> {
  const today = berlinToday(now);
  let after = 0;
  for (;;) {
    const forms = await db
      .select({ m: meldescheine, objekt: objekte.alias })
      .from(meldescheine)
      .leftJoin(objekte, eq(objekte.id, meldescheine.objektId))
      .where(and(inRange(q, gemeindeId), sql`${meldescheine.id} > ${after}`))
      .orderBy(asc(meldescheine.id))
      .limit(PAGE);
    if (!forms.length) return;
    const ids = forms.map((f) => f.m.id);
    const guests = await db
      .select({ p: personen, tarif: tarife.tarifCode })
      .from(personen)
      .leftJoin(tarife, eq(tarife.id, personen.tarifId))
      .where(and(inArray(personen.meldescheinId, ids), sql`${personen.deletedAt} is null`))
      .orderBy(asc(personen.meldescheinId), asc(personen.position));
    const byForm = new Map<number, InspectionGuest[]>();
    for (const { p, tarif } of guests) {
      const list = byForm.get(p.meldescheinId) ?? [];
      list.push({
        position: list.length + 1,
        tarif: tarif ?? String(p.tarifId),
        gastType: p.gastType,
        anzahl: p.anzahl,
        arrival: p.arrivalDate,
        departure: p.departureDate,
        nights: daysBetween(p.arrivalDate, p.departureDate),
        kurtaxeCents: p.kurtaxeCalcCents,
        fields: p.fields as Record<string, unknown>,
      });
      byForm.set(p.meldescheinId, list);
    }
    yield forms.map(({ m, objekt }) => ({
      id: m.id,
      nummer: m.meldescheinnummer,
      state: effectiveState(m.state, m.departureDate, today),
      objektId: m.objektId,
      objekt: objekt ?? '',
      arrival: m.arrivalDate,
      departure: m.departureDate,
      kurtaxeCents: m.kurtaxeCalcCents,
      created: m.created.toISOString(),
      guests: byForm.get(m.id) ?? [],
    }));
    after = ids[ids.length - 1]!;
    if (forms.length < PAGE) return;
  }
}
