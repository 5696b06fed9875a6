import 'server-only';
// The portal's own index of the forms, per service URL and user: the real municipal systems have
// no list call (DECISIONS 3). Rows are written from every form the service returns, refreshed with
// `get/` and, where the service offers the `list/` extension, filled from it (index-sync.ts).
import { isDeepStrictEqual } from 'node:util';
import { and, asc, count, desc, eq, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db';
import { env } from '@/lib/env';
import { portalForms } from '@/lib/db/schema';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FormState } from '@/lib/wire/meldeschein';
import { retentionCutoff } from '@/lib/wire/retention';
import { berlinToday } from '@/lib/wire/time';
import type { PortalForm } from '../api/client';
import { saveArrivals } from '../arrival/record';
import { toCents } from '../format';
import { guestName, isGroup } from '../guest-form/guest-names';
import type { Owner } from '../session/session';
import { tariffFigures } from './tariff-figures';
import { PAGE_SIZE, splitSort, type SortKey, type StayQuery } from './query';

export type IndexRow = typeof portalForms.$inferSelect;

const pastRetention = (departure: string) =>
  departure < retentionCutoff(new Date(), env().RETENTION_DAYS);

/** The index row of a form as the service returned it. */
export function rowFromForm(owner: Owner, gemeindeId: number, form: PortalForm): IndexRow {
  const persons = form.personen.reduce((n, g) => n + Math.max(1, g.anzahl), 0);
  const firstPerson = form.personen.find((g) => !isGroup(g));
  const departure = form.travel_span.departure_date.slice(0, 10);
  return {
    serviceUrl: owner.serviceUrl,
    username: owner.username,
    formId: form.id,
    gemeindeId,
    objektId: form.objekt_id,
    meldescheinnummer: form.meldescheinnummer,
    state: form.state,
    arrivalDate: form.travel_span.arrival_date.slice(0, 10),
    departureDate: departure,
    nights: form.travel_span.uebernachtungen_sum,
    guests: persons,
    kurtaxeCents: toCents(form.verwendete_kurtaxe),
    // Past retention (BMG § 30(4)) the index keeps no name, whatever the service still answers.
    firstGuestName: firstPerson && !pastRetention(departure) ? guestName(firstPerson) : null,
    tariffs: tariffFigures(form),
    refreshedAt: new Date(),
  };
}

/** Whether an index row already holds what `rowFromForm` makes of the form (its refresh time aside). */
export function rowHolds(row: IndexRow, fresh: IndexRow): boolean {
  const { refreshedAt: _stored, ...stored } = row;
  const { refreshedAt: _now, ...now } = fresh;
  return isDeepStrictEqual(stored, now);
}

export const ownerIs = (owner: Owner) =>
  and(eq(portalForms.serviceUrl, owner.serviceUrl), eq(portalForms.username, owner.username));

export async function saveForms(
  owner: Owner,
  gemeindeId: number,
  forms: PortalForm[],
): Promise<void> {
  if (!forms.length) return;
  const db = await getDb();
  const rows = forms.map((f) => rowFromForm(owner, gemeindeId, f));
  // The arrival record follows every form the portal reads or books (lib/portal/arrival/), in the
  // same transaction as the index row.
  await db.transaction(async (tx) => {
    await saveIndexRows(tx, rows);
    await saveArrivals(tx, owner, gemeindeId, forms);
  });
}

async function saveIndexRows(db: Db, rows: IndexRow[]): Promise<void> {
  await db
    .insert(portalForms)
    .values(rows)
    .onConflictDoUpdate({
      target: [portalForms.serviceUrl, portalForms.username, portalForms.formId],
      set: {
        gemeindeId: sql`excluded.gemeinde_id`,
        objektId: sql`excluded.objekt_id`,
        meldescheinnummer: sql`excluded.meldescheinnummer`,
        state: sql`excluded.state`,
        arrivalDate: sql`excluded.arrival_date`,
        departureDate: sql`excluded.departure_date`,
        nights: sql`excluded.nights`,
        guests: sql`excluded.guests`,
        kurtaxeCents: sql`excluded.kurtaxe_cents`,
        firstGuestName: sql`excluded.first_guest_name`,
        tariffs: sql`excluded.tariffs`,
        refreshedAt: sql`excluded.refreshed_at`,
      },
    });
}

export async function findForm(owner: Owner, formId: number): Promise<IndexRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(portalForms)
    .where(and(ownerIs(owner), eq(portalForms.formId, formId)));
  return row;
}

export async function setState(owner: Owner, formIds: number[], state: FormState): Promise<void> {
  if (!formIds.length) return;
  const db = await getDb();
  await db
    .update(portalForms)
    .set({ state, refreshedAt: new Date() })
    .where(and(ownerIs(owner), inArray(portalForms.formId, formIds)));
}

export async function removeForms(owner: Owner, formIds: number[]): Promise<void> {
  if (!formIds.length) return;
  const db = await getDb();
  await db.delete(portalForms).where(and(ownerIs(owner), inArray(portalForms.formId, formIds)));
}

/** Rows to refresh: all of them, or those not refreshed since `olderThan` and not cancelled. */
export async function formsToRefresh(owner: Owner, olderThan?: Date): Promise<IndexRow[]> {
  const db = await getDb();
  const where = olderThan
    ? and(
        ownerIs(owner),
        ne(portalForms.state, 'cancelled'),
        lt(portalForms.refreshedAt, olderThan),
      )
    : ownerIs(owner);
  return db.select().from(portalForms).where(where);
}

function filterOf(owner: Owner, q: StayQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = [ownerIs(owner)];
  if (q.objekt) parts.push(eq(portalForms.objektId, q.objekt));
  if (q.state) parts.push(eq(portalForms.state, q.state));
  if (q.month) {
    parts.push(sql`to_char(${portalForms.arrivalDate}, 'YYYY-MM') = ${q.month}`);
  }
  return and(...parts);
}

const SORT_COLUMNS = {
  arrival: portalForms.arrivalDate,
  number: portalForms.meldescheinnummer,
  kurtaxe: portalForms.kurtaxeCents,
  nights: portalForms.nights,
};

function orderOf(sort: SortKey): SQL[] {
  if (sort === 'upcoming') {
    const today = berlinToday();
    const past = sql`${portalForms.arrivalDate} < ${today}`;
    // Coming arrivals (soonest first) before past ones (latest first).
    return [
      asc(past),
      asc(sql`case when not ${past} then ${portalForms.arrivalDate} end`),
      desc(portalForms.arrivalDate),
    ];
  }
  const { field, desc: descending } = splitSort(sort);
  const column = SORT_COLUMNS[field];
  return [descending ? desc(column) : asc(column)];
}

export interface StayPage {
  rows: IndexRow[];
  count: number;
  /** Stays in the totals: every filtered one but the cancelled, which count as no money. */
  counted: number;
  cancelled: number;
  totalNights: number;
  totalKurtaxeCents: number;
  totalGuests: number;
  page: number;
  pages: number;
}

/** A cancelled stay is listed but counts nowhere: no persons, nights or Kurtaxe (issue 11). */
const counts = sql`${portalForms.state} <> 'cancelled'`;
const countedSum = (column: AnyPgColumn) =>
  sql<string | null>`sum(${column}) filter (where ${counts})`;

/**
 * One page of the filtered, sorted list, with totals over every filtered row (not just the page)
 * that is not cancelled.
 */
export async function listForms(owner: Owner, q: StayQuery): Promise<StayPage> {
  const db = await getDb();
  const where = filterOf(owner, q);
  const [totals] = await db
    .select({
      n: count(),
      counted: sql<number>`count(*) filter (where ${counts})`.mapWith(Number),
      nights: countedSum(portalForms.nights),
      kurtaxe: countedSum(portalForms.kurtaxeCents),
      guests: countedSum(portalForms.guests),
    })
    .from(portalForms)
    .where(where);
  const n = totals?.n ?? 0;
  const pages = Math.max(1, Math.ceil(n / PAGE_SIZE));
  const page = Math.min(q.page, pages);
  const rows = await db
    .select()
    .from(portalForms)
    .where(where)
    .orderBy(...orderOf(q.sort), desc(portalForms.formId))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  const counted = totals?.counted ?? 0;
  return {
    rows,
    count: n,
    counted,
    cancelled: n - counted,
    totalNights: Number(totals?.nights ?? 0),
    totalKurtaxeCents: Number(totals?.kurtaxe ?? 0),
    totalGuests: Number(totals?.guests ?? 0),
    page,
    pages,
  };
}

/** Arrival months that have stays, newest first, for the month filter. */
export async function arrivalMonths(owner: Owner): Promise<string[]> {
  const db = await getDb();
  const month = sql<string>`to_char(${portalForms.arrivalDate}, 'YYYY-MM')`;
  const rows = await db
    .selectDistinct({ month })
    .from(portalForms)
    .where(ownerIs(owner))
    .orderBy(desc(month));
  return rows.map((r) => r.month);
}
