// The arrival day in lists: today's arrivals that still need a confirmation (the overview starts
// with them), stays whose arrival day passed without one (flagged), and the flags of a page of the
// stays list. One query each, by the record's indexes; no `server-only` (the mail job uses it).
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { portalArrivals } from '@/lib/db/schema';
import { addDays } from '@/lib/wire/time';
import { guestLabel } from './party';
import { seenBy } from './record';

export interface OpenArrival {
  formId: number;
  objektId: number;
  arrivalDate: string;
  /** The first signer's name (or the form's first guest's). */
  name: string;
  /** Signers who have not confirmed yet. */
  open: number;
}

/** Days back the overview lists unconfirmed arrivals (the stay page and list flag them always). */
export const OVERDUE_DAYS = 30;

// Written out with the outer table's name: in a select list drizzle names a column without its
// table, and `s.form_id = "form_id"` then compared the signer with itself (every open signer of
// the owner counted for each form).
const unconfirmed = sql<number>`(select count(*)::int from portal_arrival_signers s
  where s.service_url = portal_arrivals.service_url
  and s.form_id = portal_arrivals.form_id and s.route is null)`;

const needsConfirmation = (owner: { serviceUrl: string; username: string }) =>
  and(
    eq(portalArrivals.serviceUrl, owner.serviceUrl),
    seenBy(owner, 'portal_arrivals'),
    eq(portalArrivals.required, true),
    sql`${portalArrivals.formState} <> 'cancelled'`,
    sql`${unconfirmed} > 0`,
  );

/** Unconfirmed arrivals from `from` to `to` (inclusive), earliest first. */
export async function openArrivals(
  db: Db,
  owner: { serviceUrl: string; username: string },
  from: string,
  to: string,
): Promise<OpenArrival[]> {
  const rows = await db
    .select({
      formId: portalArrivals.formId,
      objektId: portalArrivals.objektId,
      arrivalDate: portalArrivals.arrivalDate,
      party: portalArrivals.party,
      open: unconfirmed,
    })
    .from(portalArrivals)
    .where(
      and(
        needsConfirmation(owner),
        gte(portalArrivals.arrivalDate, from),
        lte(portalArrivals.arrivalDate, to),
      ),
    )
    .orderBy(portalArrivals.arrivalDate, portalArrivals.formId);
  return rows.map((r) => {
    const first = r.party.guests.find((g) => !g.group) ?? r.party.guests[0];
    return {
      formId: r.formId,
      objektId: r.objektId,
      arrivalDate: r.arrivalDate,
      name: first ? guestLabel(first) : r.party.meldescheinnummer,
      open: Number(r.open),
    };
  });
}

/** Today's and the recently overdue unconfirmed arrivals, for the overview. */
export async function arrivalDay(
  db: Db,
  owner: { serviceUrl: string; username: string },
  today: string,
): Promise<{ today: OpenArrival[]; overdue: OpenArrival[] }> {
  const list = await openArrivals(db, owner, addDays(today, -OVERDUE_DAYS), today);
  return {
    today: list.filter((a) => a.arrivalDate === today),
    overdue: list.filter((a) => a.arrivalDate < today),
  };
}

/** Per form of a list page: `due` (today), `overdue` (passed) or `open` (to come), if unconfirmed. */
export async function arrivalFlags(
  db: Db,
  owner: { serviceUrl: string; username: string },
  formIds: number[],
  today: string,
): Promise<Map<number, 'open' | 'due' | 'overdue'>> {
  if (!formIds.length) return new Map();
  const rows = await db
    .select({ formId: portalArrivals.formId, arrivalDate: portalArrivals.arrivalDate })
    .from(portalArrivals)
    .where(and(needsConfirmation(owner), inArray(portalArrivals.formId, formIds)));
  return new Map(
    rows.map((r) => [
      r.formId,
      r.arrivalDate > today ? 'open' : r.arrivalDate === today ? 'due' : 'overdue',
    ]),
  );
}
