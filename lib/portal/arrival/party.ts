// What the arrival record keeps of a booked form (the § 30(2) BMG data, nothing more), so that the
// arrival day works without a landlord's session: the guest confirms from a phone, the mail goes
// out in the morning, the record's XML is built, while the service is only reached with the
// landlord's token. Written whenever the portal stores a form it read or booked (forms-index.ts),
// frozen once a signer of the party has confirmed (the confirmed data are the record's).
// Client-safe types and pure functions.
import {
  arrivalDuty,
  type ArrivalDuty,
  type DutyGuest,
  type PartyKind,
  type Relations,
} from '@/lib/wire/arrival-duty';
import { NATIONALITY_FIELD } from '@/lib/wire/foreign-guests';
import { isGroupGuest } from '@/lib/wire/guest-rules';

/** The guest fields of § 30(2) BMG, by the column names of the spec's 2.4 (docs/api.md). */
export const FIELDS = {
  familyName: 'Gast_Name',
  firstNames: 'Gast_Vorname',
  birthDate: 'Gast_Geburtsdatum',
  nationality: NATIONALITY_FIELD,
  street: 'Gast_Strasse',
  postcode: 'Gast_Postleitzahl',
  town: 'Gast_Wohnort',
  country: 'Gast_Land',
  documentNumber: 'Gast_Ausweisnummer',
} as const;

export interface PartyGuest {
  id: number;
  position: number;
  group: boolean;
  anzahl: number;
  arrival: string;
  departure: string;
  familyName: string | null;
  firstNames: string | null;
  birthDate: string | null;
  nationality: string | null;
  street: string | null;
  postcode: string | null;
  town: string | null;
  country: string | null;
  documentNumber: string | null;
  /**
   * The guest's Kurtaxe as the service computed it (`kurtaxe_calc`), for the signers' shares
   * (decision 029); absent in records written before the shares.
   */
  kurtaxeCents?: number | null;
}

export interface ArrivalParty {
  meldescheinnummer: string;
  /** The accommodation: the object's name and address, and its landlord. */
  objekt: { alias: string; address: string; landlord: string };
  guests: PartyGuest[];
}

/** A service guest as read (`get/`, `buchen/`): fixed keys and the municipality's fields. */
export interface FormGuestLike {
  id: number;
  gast_type: string;
  anzahl: number;
  arrival_date: string;
  departure_date: string;
  [field: string]: unknown;
}

const text = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null;

export function partyGuest(g: FormGuestLike, position: number): PartyGuest {
  const group = isGroupGuest(g.gast_type, g.anzahl);
  const nationality = text(g[FIELDS.nationality]);
  return {
    id: g.id,
    position,
    group,
    anzahl: Math.max(1, g.anzahl),
    arrival: g.arrival_date.slice(0, 10),
    departure: g.departure_date.slice(0, 10),
    // A group guest's individual data are not stored by the service (DECISIONS 2.6).
    familyName: group ? null : text(g[FIELDS.familyName]),
    firstNames: group ? null : text(g[FIELDS.firstNames]),
    birthDate: group ? null : (text(g[FIELDS.birthDate])?.slice(0, 10) ?? null),
    nationality: nationality ? nationality.toUpperCase() : null,
    street: group ? null : text(g[FIELDS.street]),
    postcode: group ? null : text(g[FIELDS.postcode]),
    town: group ? null : text(g[FIELDS.town]),
    country: group ? null : (text(g[FIELDS.country])?.toUpperCase() ?? null),
    documentNumber: group ? null : text(g[FIELDS.documentNumber]),
    kurtaxeCents: cents(g.kurtaxe_calc),
  };
}

/** A money value of the service (a decimal number or its text) in cents; null when absent. */
function cents(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN;
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 100) : null;
}

export function dutyGuests(party: ArrivalParty): DutyGuest[] {
  return party.guests.map((g) => ({
    id: g.id,
    anzahl: g.anzahl,
    group: g.group,
    nationality: g.nationality,
    birthDate: g.birthDate,
  }));
}

export function partyDuty(
  party: ArrivalParty,
  arrival: string,
  kind: PartyKind,
  relations: Relations = {},
): ArrivalDuty {
  return arrivalDuty(dutyGuests(party), arrival, kind, relations);
}

export function guestLabel(g: Pick<PartyGuest, 'firstNames' | 'familyName' | 'id'>): string {
  return [g.firstNames, g.familyName].filter(Boolean).join(' ') || `#${g.id}`;
}
