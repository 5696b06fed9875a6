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
 * The landlord's shortcut for a party whose relations nobody gave: `separate` (every foreign adult
 * signs their own form: never too few signatures) or `family` (the first foreign adult signs, the
 * next adult is taken for the partner and the minors for the children). Relations the guests gave
 * at check-in, or the landlord on the stay page, take precedence over it. Parties of more than ten
 * persons are a travel group whatever this says.
 */
export type PartyKind = 'separate' | 'family';

/** What a guest is to another guest of the form, as far as § 29(2) sentence 2 cares. */
export type RelationKind = 'partner' | 'child';
export interface Relation {
  as: RelationKind;
  /** The other guest's id (the service's). */
  of: number;
}
/** Guest id (as text: a JSON key) -> the guest's relation to another guest of the form. */
export type Relations = Record<string, Relation>;

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
  /**
   * The guests whose Kurtaxe this signer's share holds: the signer, the persons counted on the
   * form, and German guests (on no form) travelling with them as partner or child; German guests
   * with nobody to travel with go to the first signer's share (decision 029).
   */
  pays: number[];
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
 * Counted on a signer's form: foreign co-travellers, and those whose nationality is not given (the
 * answer may remove them). § 29(2) sentences 2 and 3 name "ausländische" spouses, partners, minor
 * children and travel-group members only, and § 30(2) holds "ausschließlich" its data: a German
 * co-traveller is on no form.
 */
const countable = (g: DutyGuest) => !g.nationality || isForeignNationality(g.nationality);

/** The relations `kind: 'family'` stands for where nobody gave any: head, partner, children. */
function familyRelations(adults: DutyGuest[], minors: DutyGuest[], head: DutyGuest): Relations {
  const out: Relations = {};
  const partner = adults.find((g) => g !== head);
  if (partner) out[partner.id] = { as: 'partner', of: head.id };
  for (const m of minors) out[m.id] = { as: 'child', of: head.id };
  return out;
}

/**
 * Who signs a form's registration, for its guests in the form's order and its arrival day, and
 * who is counted on whose form: a foreign adult's partner (one at most) and the minor children of
 * the two, as `relations` say; every other foreign adult signs (a parent, a grown-up son, a
 * grandmother). Minors whose parent nobody named are counted on the first signer's form.
 */
export function arrivalDuty(
  guests: DutyGuest[],
  arrival: string,
  kind: PartyKind = 'separate',
  relations: Relations = {},
): ArrivalDuty {
  const foreign = (g: DutyGuest) => isForeignNationality(g.nationality);
  const unknownNationality = guests.filter((g) => !g.group && !g.nationality).map((g) => g.id);
  if (!guests.some(foreign))
    return { required: false, reason: 'german_only', signers: [], unknownNationality };
  const individuals = guests.filter((g) => !g.group);
  const adults = individuals.filter((g) => !isMinorOn(g, arrival));
  const minors = individuals.filter((g) => isMinorOn(g, arrival));
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
      signers: [
        {
          guestId: leader.id,
          counted: countBy(others.filter(countable)),
          pays: guests.map((g) => g.id),
        },
      ],
      unknownNationality,
    };
  }

  const foreignAdults = adults.filter(foreign);
  const given = Object.keys(relations).length > 0;
  const rel: Relations =
    !given && kind === 'family' && foreignAdults[0]
      ? familyRelations(adults, minors, foreignAdults[0])
      : relations;
  const partnersOf = (id: number) =>
    guests
      .map((g) => g.id)
      .filter(
        (other) =>
          other !== id &&
          ((rel[id]?.as === 'partner' && rel[id].of === other) ||
            (rel[other]?.as === 'partner' && rel[other].of === id)),
      );

  // The form each guest is on (their own, or the one they are counted on).
  const formOf = new Map<number, number>();
  const signing: DutyGuest[] = [];
  const partnered = new Set<number>();
  if (foreignAdults.length > 0) {
    for (const g of foreignAdults) {
      const host = partnersOf(g.id).find((p) => formOf.get(p) === p && !partnered.has(p));
      if (host !== undefined) {
        partnered.add(host);
        formOf.set(g.id, host);
      } else {
        signing.push(g);
        formOf.set(g.id, g.id);
      }
    }
  } else {
    // Without a foreign adult (a foreign child of German parents, say) no foreign form exists to
    // count a foreign minor on, and German guests are on no form: each foreign minor is a foreign
    // guest of their own and has their own form, signed by a parent or guardian for the child
    // (decision 028). Siblings are not each other's children: one form each.
    for (const g of individuals.filter(foreign)) {
      signing.push(g);
      formOf.set(g.id, g.id);
    }
  }
  const first = signing[0];
  if (!first) return none;
  // The signer a guest goes with: their form's, else their partner's, else their parent's (a
  // German guest's, on no form), else the first signer's.
  const withSigner = (id: number, seen = new Set<number>()): number => {
    const own = formOf.get(id);
    if (own !== undefined) return own;
    if (seen.has(id)) return first.id;
    seen.add(id);
    const partner = partnersOf(id)
      .map((p) => formOf.get(p))
      .find((f) => f !== undefined);
    if (partner !== undefined) return partner;
    const r = rel[id];
    return r?.as === 'child' ? withSigner(r.of, seen) : first.id;
  };
  const counted = new Map<number, DutyGuest[]>(signing.map((s) => [s.id, []]));
  const pays = new Map<number, number[]>(signing.map((s) => [s.id, [s.id]]));
  for (const g of guests) {
    if (signing.includes(g)) continue;
    const onForm = formOf.get(g.id);
    if (onForm !== undefined) {
      // A partner counted on a signer's form.
      counted.get(onForm)!.push(g);
      pays.get(onForm)!.push(g.id);
      continue;
    }
    const host = g.group || isMinorOn(g, arrival) ? withSigner(g.id) : undefined;
    if (host !== undefined) {
      // Minors and group guests (foreign ones, or of no stated nationality) are counted.
      if (countable(g)) counted.get(host)!.push(g);
      pays.get(host)!.push(g.id);
      continue;
    }
    // An adult on no form (a German one): their Kurtaxe goes with the signer they travel with.
    pays.get(withSigner(g.id))!.push(g.id);
  }
  return {
    required: true,
    reason: 'foreign',
    signers: signing.map((g) => ({
      guestId: g.id,
      counted: countBy(counted.get(g.id)!),
      pays: pays.get(g.id)!,
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
