// The thresholds and tests behind the booking warnings (DECISIONS 2.6), zod-free and pure, so that
// the portal can warn before "Meldeschein buchen" with the rules the service applies after it.
import { addDays } from './time';

/** An arrival more than this many days before today is flagged. */
export const PAST_ARRIVAL_DAYS = 7;

/** A municipality's date field that holds a birth date: its name contains `geburt` (docs/api.md). */
export function isBirthDateField(dataType: string, columnName: string): boolean {
  return dataType === 'date' && /geburt/i.test(columnName);
}

export function bedsExceeded(persons: number, beds: number): boolean {
  return beds > 0 && persons > beds;
}

/** Arrivals before this date are flagged (computed once per form, compared per guest). */
export function pastArrivalLimit(today: string): string {
  return addDays(today, -PAST_ARRIVAL_DAYS);
}

export function arrivalLongPast(arrival: string, limit: string): boolean {
  return arrival < limit;
}

export function dateInFuture(date: string, today: string): boolean {
  return date > today;
}
