import 'server-only';
// The landlord's day on the overview: who arrives today and in the coming days, planned or booked
// (the coming stays' own reading), and which guest cards are still unprinted (the index).
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { portalForms } from '@/lib/db/schema';
import { addDays } from '@/lib/wire/time';
import { bookedStay, comingStays, type ComingStay } from './coming';
import { ownerIs } from './forms-index';
import type { Owner } from '../session/session';

/** How far ahead "this week" looks, today included. */
export const WEEK_DAYS = 7;

export interface Day {
  today: ComingStay[];
  /** Arrivals after today, within the week. */
  week: ComingStay[];
  /** Booked stays of the week (or already here) whose guest card has not been printed yet. */
  cardsWaiting: ComingStay[];
}

export async function landlordDay(owner: Owner, today: string): Promise<Day> {
  const db = await getDb();
  const weekEnd = addDays(today, WEEK_DAYS - 1);
  const [coming, unprinted] = await Promise.all([
    comingStays(owner, today, { from: today, to: weekEnd }),
    // A booked form is `draft` until its card is printed; guests in the house need theirs.
    db
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
      .orderBy(asc(portalForms.arrivalDate), asc(portalForms.formId)),
  ]);
  return {
    today: coming.filter((s) => s.arrival === today),
    week: coming.filter((s) => s.arrival !== today),
    cardsWaiting: unprinted.map(bookedStay),
  };
}
