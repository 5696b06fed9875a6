import 'server-only';
// The landlord's day on the overview: who arrives today and in the coming days, which guest cards
// are still unprinted, from the portal's index (one query each).
import { and, asc, eq, gte, lte, ne } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { portalForms } from '@/lib/db/schema';
import { addDays } from '@/lib/wire/time';
import { ownerIs, type IndexRow } from './forms-index';
import type { Owner } from '../session/session';

/** How far ahead "this week" looks, today included. */
export const WEEK_DAYS = 7;

export interface Day {
  today: IndexRow[];
  /** Arrivals after today, within the week. */
  week: IndexRow[];
  /** Stays of the week (or already here) whose guest card has not been printed yet. */
  cardsWaiting: IndexRow[];
}

export async function landlordDay(owner: Owner, today: string): Promise<Day> {
  const db = await getDb();
  const weekEnd = addDays(today, WEEK_DAYS - 1);
  const arrivals = await db
    .select()
    .from(portalForms)
    .where(
      and(
        ownerIs(owner),
        ne(portalForms.state, 'cancelled'),
        gte(portalForms.arrivalDate, today),
        lte(portalForms.arrivalDate, weekEnd),
      ),
    )
    .orderBy(asc(portalForms.arrivalDate), asc(portalForms.formId));
  // A booked form is `draft` until its card is printed; guests in the house need theirs.
  const cardsWaiting = await db
    .select()
    .from(portalForms)
    .where(
      and(
        ownerIs(owner),
        eq(portalForms.state, 'draft'),
        lte(portalForms.arrivalDate, weekEnd),
        gte(portalForms.departureDate, today),
      ),
    )
    .orderBy(asc(portalForms.arrivalDate), asc(portalForms.formId));
  return {
    today: arrivals.filter((r) => r.arrivalDate === today),
    week: arrivals.filter((r) => r.arrivalDate !== today),
    cardsWaiting,
  };
}
