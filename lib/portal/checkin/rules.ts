// The rules of guest self check-in that need no database: when a link may be used, how many
// guests it takes, how long a guest's data may be kept. Pure and client-safe.
import { addDays, berlinInstant, berlinToday } from '@/lib/wire/time';

export type LinkKind = 'stay' | 'object';

/** The parts of a link row the rules read. */
export interface LinkFacts {
  kind: LinkKind;
  departureDate: string | null;
  expectedGuests: number;
  revokedAt: Date | null;
  closedAt: Date | null;
}

export type LinkState = 'open' | 'expired' | 'revoked' | 'closed';

/** An invitation works until the end of its departure day (Berlin); an object code until rotated. */
export function linkState(link: LinkFacts, now: Date): LinkState {
  if (link.revokedAt) return 'revoked';
  if (link.closedAt) return 'closed';
  if (link.kind === 'stay' && link.departureDate && berlinToday(now) > link.departureDate)
    return 'expired';
  return 'open';
}

/** Guests may bring a baby or a friend the landlord did not count: a small margin, not a blank cheque. */
export const GUEST_MARGIN = 2;

/** At most this many guests in one submission: expected guests (object: its beds) plus the margin. */
export function maxGuests(link: Pick<LinkFacts, 'expectedGuests'>): number {
  return Math.max(1, link.expectedGuests) + GUEST_MARGIN;
}

/** Guest data is kept at most this long after the link expires (issue 10). */
export const KEEP_DAYS_AFTER_EXPIRY = 7;

/** Midnight in Berlin at the end of a date (validity itself is checked by date). */
export function endOfDay(date: string): Date {
  return berlinInstant(addDays(date, 1));
}

/** When an invitation stops working: after its departure day. */
export function invitationExpiry(departureDate: string): Date {
  return endOfDay(departureDate);
}

/** The latest moment a submission may be kept: its stay's end plus 7 days. */
export function purgeAfter(departureDate: string): Date {
  return endOfDay(addDays(departureDate, KEEP_DAYS_AFTER_EXPIRY));
}

/** A stay entered at an object's code must lie near today: no bookings for next decade. */
export const OBJECT_STAY_WINDOW = { pastDays: 7, futureDays: 400, maxNights: 90 } as const;

/** Problems with a guest-entered stay (object codes), as message keys. */
export function objectStayProblem(
  arrival: string,
  departure: string,
  now: Date,
): 'arrivalTooEarly' | 'arrivalTooLate' | 'tooLong' | null {
  const today = berlinToday(now);
  if (arrival < addDays(today, -OBJECT_STAY_WINDOW.pastDays)) return 'arrivalTooEarly';
  if (arrival > addDays(today, OBJECT_STAY_WINDOW.futureDays)) return 'arrivalTooLate';
  if (departure > addDays(arrival, OBJECT_STAY_WINDOW.maxNights)) return 'tooLong';
  return null;
}

/**
 * Guest submissions (sends and corrections) per fixed window. A link's budget belongs to its
 * public id, so a renewed code starts afresh; an address's to its IPv6 /64 (addressBucket).
 */
export const RATE_LIMITS = {
  windowSeconds: 3600,
  /** One party corrects a few times; an object's code serves many parties a day. */
  perLink: { stay: 20, object: 60 },
  /** Per client address, over all links: a phone, or a family behind one router. */
  perAddress: 30,
} as const;

/**
 * Parties waiting for the landlord's review through one object's code. A flat hosts one party at
 * a time and a landlord reviews daily: more waiting means the poster is being abused, and the
 * landlord discards them in one step (and renews the code) rather than reading through a flood.
 */
export const MAX_WAITING_PER_CODE = 30;

/** The start of the fixed window `now` falls in. */
export function windowStart(now: Date): Date {
  const w = RATE_LIMITS.windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / w) * w);
}
