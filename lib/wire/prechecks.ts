// The thresholds and tests behind the booking warnings (DECISIONS 2.6), zod-free and pure, so that
// the portal can warn before "Meldeschein buchen" with the rules the service applies after it.
import { addDays } from './time';

/** An arrival more than this many days before today is flagged. */
export const PAST_ARRIVAL_DAYS = 7;

/** A municipality's date field that holds a birth date (`Gast_Geburtsdatum`, …). */
export function isBirthDateField(f: { data_type: string; column_name: string }): boolean {
  return f.data_type === 'date' && /geburt|birth/i.test(f.column_name);
}

export function bedsExceeded(persons: number, beds: number): boolean {
  return beds > 0 && persons > beds;
}

export function arrivalLongPast(arrival: string, today: string): boolean {
  return arrival < addDays(today, -PAST_ARRIVAL_DAYS);
}

export function dateInFuture(date: string, today: string): boolean {
  return date > today;
}
