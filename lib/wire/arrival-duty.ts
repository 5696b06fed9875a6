// Who must confirm the registration form on the arrival day (BMG § 29(2), since 1 January 2025;
// our reading in docs/decisions/028-arrival-day.md). Only foreign guests sign a BMG form; spouses,
// partners and minor children travelling along are counted on the signer's form; in a travel
// group of more than 10 the tour leader signs and the others are counted by nationality.
// Pure and zod-free: the portal's pages, its record and the guest pages call it.
import { isForeignNationality, NATIONALITY_FIELD } from './foreign-guests';

/** Persons above which a party is a travel group (§ 29(2) sentence 3: "mehr als zehn"). */
export const GROUP_THRESHOLD = 10;
/** Age of majority: a guest younger than this on the arrival day is a minor. */
export const ADULT_AGE = 18;

/**
 * How the persons of one form are related, as far as the law cares. The service's form has no
 * relation field, so the portal assumes `separate` (every foreign adult signs their own form: never
 * too few signatures) until the landlord says the party is one `family` (spouses or partners and
 * their minor children: the first foreign adult signs, the others are counted on that form).
 * Parties of more than ten persons are a travel group whatever this says.
 */
export type PartyKind = 'separate' | 'family';

export interface DutyGuest {
  /** The service's guest id. */
  id: number;
  /** Persons this guest stands for (a group guest: `anzahl`, no individual data). */
  anzahl: number;
  group: boolean;
  /** ISO 3166-1 alpha-2 or null when not given. */
  nationality: string | null;
  /** `YYYY-MM-DD` or null when not given. */
  birthDate: string | null;
}

/** Persons of one nationality counted on a signer's form (nationality null: not given). */
export interface Counted {
  nationality: string | null;
  count: number;
  /** The guests behind the count (individuals and group guests). */
  guestIds: number[];
}

export interface Signer {
  guestId: number;
  /** Co-travellers counted on this signer's form, by nationality (§ 30(2) no. 7). */
  counted: Counted[];
}

export type DutyReason =
  /** No foreign guest: no BMG form (German guests sign none since 2025). */
  | 'german_only'
  /** Foreign guests, at most ten persons: foreign adults sign. */
  | 'foreign'
  /** More than ten persons: the tour leader signs for the group. */
  | 'travel_group'
  /** A foreign guest but nobody with individual data who could sign: the landlord must add one. */
  | 'no_signer';

export interface ArrivalDuty {
  /** Whether the BMG form applies (any foreign guest). */
  required: boolean;
  reason: DutyReason;
  signers: Signer[];
  /** Guests whose nationality is not given: the answer may decide the duty. */
  unknownNationality: number[];
}

/** Whole years from `birth` to `on` (both `YYYY-MM-DD`). */
export function ageOn(birth: string, on: string): number {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = on.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** A minor on the arrival day; a guest without a birth date is taken for an adult (signs). */
export function isMinorOn(guest: DutyGuest, arrival: string): boolean {
  return !guest.group && !!guest.birthDate && ageOn(guest.birthDate, arrival) < ADULT_AGE;
}

function countBy(guests: DutyGuest[]): Counted[] {
  const by = new Map<string, Counted>();
  for (const g of guests) {
    const key = g.nationality?.toUpperCase() ?? '';
    const entry = by.get(key) ?? { nationality: key || null, count: 0, guestIds: [] };
    entry.count += Math.max(1, g.anzahl);
    entry.guestIds.push(g.id);
    by.set(key, entry);
  }
  return [...by.values()];
}

/**
 * Who signs a form's registration, for its guests in the form's order and its arrival day.
 * Only the persons the law counts on a signer's form are listed under that signer.
 */
export function arrivalDuty(
  guests: DutyGuest[],
  arrival: string,
  kind: PartyKind = 'separate',
): ArrivalDuty {
  const foreign = (g: DutyGuest) => isForeignNationality(g.nationality);
  const unknownNationality = guests.filter((g) => !g.group && !g.nationality).map((g) => g.id);
  if (!guests.some(foreign))
    return { required: false, reason: 'german_only', signers: [], unknownNationality };
  const individuals = guests.filter((g) => !g.group);
  const adults = individuals.filter((g) => !isMinorOn(g, arrival));
  const persons = guests.reduce((n, g) => n + Math.max(1, g.anzahl), 0);
  const none = { required: true, reason: 'no_signer' as const, signers: [], unknownNationality };

  if (persons > GROUP_THRESHOLD) {
    // The tour leader: the form's first adult with individual data (the one who booked, as a rule).
    const leader = adults[0] ?? individuals[0];
    if (!leader) return none;
    const others = guests.filter((g) => g !== leader);
    return {
      required: true,
      reason: 'travel_group',
      signers: [{ guestId: leader.id, counted: countBy(others) }],
      unknownNationality,
    };
  }

  const foreignAdults = adults.filter(foreign);
  // Without a foreign adult, foreign minors are counted on the form of the first adult travelling
  // with them (their parent, as a rule); with no adult at all they sign themselves.
  const signing =
    foreignAdults.length > 0
      ? kind === 'family'
        ? foreignAdults.slice(0, 1)
        : foreignAdults
      : adults.length > 0
        ? adults.slice(0, 1)
        : individuals.filter(foreign);
  const first = signing[0];
  if (!first) return none;
  const signerIds = new Set(signing.map((g) => g.id));
  // On the first signer's form: the minors, the group guests (no individual data) and, in a
  // family, the other adults (spouses, partners). Separate German adults sign nothing.
  const counted = guests.filter(
    (g) =>
      !signerIds.has(g.id) && (g.group || isMinorOn(g, arrival) || (kind === 'family' && !g.group)),
  );
  return {
    required: true,
    reason: 'foreign',
    signers: signing.map((g) => ({
      guestId: g.id,
      counted: g === first ? countBy(counted) : [],
    })),
    unknownNationality,
  };
}

/**
 * Whether the portal's forms (the landlord's and the guest's check-in) ask a field of an
 * individual guest: the municipality's required fields, and the nationality of every guest,
 * because its answer decides whether the BMG form applies and who signs (a foreign national
 * living in Germany signs as well; only the nationality tells). The service keeps the
 * municipality's own flag (a municipal system decides for itself what it refuses), so a form a
 * booking system sent without it is named on the stay page (`unknownNationality`).
 */
export function requiredInPortal(field: { column_name: string; required: boolean }): boolean {
  return field.required || field.column_name === NATIONALITY_FIELD;
}
