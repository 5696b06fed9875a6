// Kurtaxe (DECISIONS 2.7): per night, the season that holds the night and the rate of (tariff, the
// object's zone, season) in cents per person; group guests count `anzahl` times. A night without a
// season, or without a rate for its season, takes the tariff's rate without season, else 0 and a
// precheck warning. All amounts are integer cents. Rates have versions with a "valid from" date:
// every night of a guest is priced with the versions valid on the guest's arrival date
// (docs/decisions/033), so a rate change never splits one guest's stay.
import type { PrecheckError, TravelSpan } from '../../wire/meldeschein';
import {
  arrivalLongPast,
  bedsExceeded,
  dateInFuture,
  isBirthDateField,
  PAST_ARRIVAL_DAYS,
  pastArrivalLimit,
} from '../../wire/prechecks';
import { rateKey, rateOn, type GemeindeConfig } from './config';
import { dayNumber } from './days';

/** What the Kurtaxe and the travel span of a guest depend on. */
export interface Stay {
  tarifId: number;
  anzahl: number;
  arrival: string;
  departure: string;
}

export interface GuestKurtaxe {
  cents: number;
  /** Nights for which no rate applied (charged 0). */
  unratedNights: number;
}

export function nightsOf(stay: Pick<Stay, 'arrival' | 'departure'>): number {
  return dayNumber(stay.departure) - dayNumber(stay.arrival);
}

/** The Kurtaxe of one guest in cents. */
export function guestKurtaxe(cfg: GemeindeConfig, zoneId: number, stay: Stay): GuestKurtaxe {
  const arrivalDay = dayNumber(stay.arrival);
  const rate = (seasonId: number | null) =>
    rateOn(cfg.rates, rateKey(stay.tarifId, zoneId, seasonId), arrivalDay);
  const fallback = rate(null);
  let cents = 0;
  let unratedNights = 0;
  const charge = (nights: number, rate: number | undefined) => {
    if (nights <= 0) return;
    const r = rate ?? fallback;
    if (r === undefined) unratedNights += nights;
    else cents += nights * r * stay.anzahl;
  };
  const end = dayNumber(stay.departure);
  let cursor = dayNumber(stay.arrival);
  // Seasons are sorted by start: walk them once, charging gaps at the fallback rate.
  for (const season of cfg.seasons) {
    if (cursor >= end) break;
    if (season.until <= cursor) continue;
    if (season.from >= end) break;
    charge(season.from - cursor, undefined);
    const stop = Math.min(end, season.until);
    charge(stop - Math.max(cursor, season.from), rate(season.id));
    cursor = stop;
  }
  charge(end - cursor, undefined);
  return { cents, unratedNights };
}

/** Spec 2.5 / DECISIONS 2.7: first arrival, last departure, days between, nights x persons. */
export function travelSpan(stays: Stay[]): TravelSpan {
  if (!stays.length) {
    return { arrival_date: '', departure_date: '', travel_days: 0, uebernachtungen_sum: 0 };
  }
  let first = stays[0]!.arrival;
  let last = stays[0]!.departure;
  let sum = 0;
  for (const s of stays) {
    if (s.arrival < first) first = s.arrival;
    if (s.departure > last) last = s.departure;
    sum += nightsOf(s) * s.anzahl;
  }
  return {
    arrival_date: `${first}T00:00:00`,
    departure_date: `${last}T00:00:00`,
    travel_days: dayNumber(last) - dayNumber(first),
    uebernachtungen_sum: sum,
  };
}

/** Earliest arrival and latest departure, as stored on the form for the sweeper. */
export function spanDates(stays: Stay[]): { arrival: string; departure: string } {
  let arrival = stays[0]!.arrival;
  let departure = stays[0]!.departure;
  for (const s of stays) {
    if (s.arrival < arrival) arrival = s.arrival;
    if (s.departure > departure) departure = s.departure;
  }
  return { arrival, departure };
}

export interface PrecheckGuest extends Stay {
  /** Index in the form's guest list, for the warning's path. */
  position: number;
  unratedNights: number;
  fields: Record<string, unknown>;
}

/**
 * Warnings that do not block a booking (DECISIONS 2.6): more persons than beds, arrival more than
 * a week ago, nights without a rate, a birth date in the future.
 */
export function prechecks(
  cfg: GemeindeConfig,
  anzahlBetten: number,
  guests: PrecheckGuest[],
  today: string,
): PrecheckError[] {
  const out: PrecheckError[] = [];
  const persons = guests.reduce((n, g) => n + g.anzahl, 0);
  if (bedsExceeded(persons, anzahlBetten)) {
    out.push({
      code: 'beds_exceeded',
      message: `${persons} guests, but the object has ${anzahlBetten} beds.`,
      path: 'personen',
      params: { persons, beds: anzahlBetten },
    });
  }
  const pastLimit = pastArrivalLimit(today);
  const birthFields = cfg.fields.filter((f) => isBirthDateField(f.dataType, f.name));
  for (const g of guests) {
    const path = `personen[${g.position}]`;
    if (arrivalLongPast(g.arrival, pastLimit)) {
      out.push({
        code: 'arrival_in_past',
        message: `Arrival ${g.arrival} is more than ${PAST_ARRIVAL_DAYS} days in the past.`,
        path: `${path}.arrival_date`,
        params: { arrival: g.arrival, days: PAST_ARRIVAL_DAYS },
      });
    }
    if (g.unratedNights > 0) {
      out.push({
        code: 'no_season',
        message: `${g.unratedNights} night(s) fall in no configured season and have no rate; they are charged 0.`,
        path,
        params: { nights: g.unratedNights },
      });
    }
    for (const f of birthFields) {
      const v = g.fields[f.name];
      if (typeof v === 'string' && dateInFuture(v, today)) {
        out.push({
          code: 'birth_date_in_future',
          message: `${f.alias} ${v} lies in the future.`,
          path: `${path}.${f.name}`,
          params: { field: f.name, date: v },
        });
      }
    }
  }
  return out;
}

const MAX_CENTS = 2_147_483_647;

export interface ComputedGuest extends Stay {
  cents: number;
  unratedNights: number;
}

export interface ComputedForm {
  cents: number;
  prechecks: PrecheckError[];
  arrival: string;
  departure: string;
}

/**
 * Kurtaxe of each guest and of the form, the stored span and the warnings. `problems` receives
 * amounts too large to store (only absurd rates, stays and group sizes together get there). A
 * guest with `fixedCents` (an update that leaves its stay as booked) keeps that amount.
 */
export function computeForm<
  G extends Stay & { fields: Record<string, unknown>; fixedCents?: number },
>(
  cfg: GemeindeConfig,
  objekt: { tarifzoneId: number; anzahlBetten: number },
  guests: G[],
  today: string,
  onOverflow: (index: number) => void,
): { guests: (G & ComputedGuest)[]; form: ComputedForm } {
  let cents = 0;
  const computed = guests.map((g, i) => {
    const k = guestKurtaxe(cfg, objekt.tarifzoneId, g);
    const guestCents = g.fixedCents ?? k.cents;
    if (guestCents > MAX_CENTS || cents + guestCents > MAX_CENTS) onOverflow(i);
    cents += guestCents;
    return { ...g, cents: guestCents, unratedNights: k.unratedNights };
  });
  const warnings = prechecks(
    cfg,
    objekt.anzahlBetten,
    computed.map((g, position) => ({ ...g, position })),
    today,
  );
  return { guests: computed, form: { cents, prechecks: warnings, ...spanDates(guests) } };
}
