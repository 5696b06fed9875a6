// A guest party as the check-in form holds it: the landlord form's values (StayValues), checked
// with the landlord form's schema built from the municipality's fields (guest-form/schema.ts),
// plus the check-in's own rules (party size, a plausible stay at an object's code). Client-safe.
import type { CheckinGuest, CheckinSnapshot } from './snapshot';
import { applyIntent } from '../guest-form/intents';
import { buildStaySchema, validateStay } from '../guest-form/schema';
import { completeGuest, emptyGuest, type GuestValues, type StayValues } from '../guest-form/values';
import { fmt, type Messages } from '../i18n';
import type { CheckinMessages } from '../i18n/checkin';
import { maxGuests, objectStayProblem, type LinkKind } from './rules';

/** What the guest side knows of a link (never the landlord's account or other stays). */
export interface GuestLink {
  kind: LinkKind;
  arrivalDate: string | null;
  departureDate: string | null;
  expectedGuests: number;
  snapshot: CheckinSnapshot;
}

const personOf = (g: Partial<GuestValues>, stay: { arrival: string; departure: string }) => ({
  id: '',
  type: 'person' as const,
  anzahl: '1',
  tarifId: g.tarifId ?? '',
  arrival: stay.arrival,
  departure: stay.departure,
  fields: g.fields ?? {},
});

/**
 * The party as the server accepts it: the link's object, an invitation's own dates (never the
 * guest's), every guest a person with the stay's dates and exactly the municipality's fields.
 */
export function normaliseParty(values: StayValues, link: GuestLink): StayValues {
  const config = link.snapshot.gemeinde;
  const stay =
    link.kind === 'stay'
      ? { arrival: link.arrivalDate ?? '', departure: link.departureDate ?? '' }
      : { arrival: values.arrival.trim(), departure: values.departure.trim() };
  const known = new Set(config.fields.map((f) => f.column_name));
  return {
    objektId: String(link.snapshot.objekt.id),
    ...stay,
    guests: values.guests.map((g) =>
      completeGuest(
        personOf(
          {
            tarifId: g.tarifId,
            fields: Object.fromEntries(Object.entries(g.fields).filter(([k]) => known.has(k))),
          },
          stay,
        ),
        config,
      ),
    ),
  };
}

export function emptyParty(link: GuestLink): StayValues {
  const stay = { arrival: link.arrivalDate ?? '', departure: link.departureDate ?? '' };
  return {
    objektId: String(link.snapshot.objekt.id),
    ...stay,
    guests: [emptyGuest(link.snapshot.gemeinde, stay)],
  };
}

/** A stored submission back into form values (for the guest's correction and the landlord's review). */
export function partyFromSubmission(
  row: { arrivalDate: string; departureDate: string; guests: CheckinGuest[] },
  snapshot: CheckinSnapshot,
): StayValues {
  const stay = { arrival: row.arrivalDate, departure: row.departureDate };
  return {
    objektId: String(snapshot.objekt.id),
    ...stay,
    guests: row.guests.map((g) => completeGuest(personOf(g, stay), snapshot.gemeinde)),
  };
}

/** What is stored: tariff and the municipality's fields, trimmed; nothing else the browser sent. */
export function toCheckinGuests(values: StayValues): CheckinGuest[] {
  return values.guests.map((g) => ({
    tarifId: g.tarifId,
    fields: Object.fromEntries(
      Object.entries(g.fields).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]),
    ),
  }));
}

/** The buttons of the form without JavaScript: add, remove, copy the address. */
export function applyPartyIntent(values: StayValues, intent: string, link: GuestLink): StayValues {
  if (intent === 'add-guest' && values.guests.length >= maxGuests(link)) return values;
  return applyIntent(values, intent, link.snapshot.gemeinde);
}

/** Field errors of a party (`guests.1.fields.Gast_Name` -> message), empty when it may be sent. */
export function validateParty(
  values: StayValues,
  link: GuestLink,
  m: Messages,
  c: CheckinMessages['guest'],
  now: Date,
): Record<string, string> {
  const schema = buildStaySchema(link.snapshot.gemeinde, m, {
    mode: 'new',
    objektIds: [String(link.snapshot.objekt.id)],
  });
  const errors = validateStay(schema, values);
  const max = maxGuests(link);
  if (values.guests.length > max) errors.root ??= fmt(c.errors.too_many_guests, { n: max });
  if (link.kind === 'object' && !errors.arrival && !errors.departure) {
    const problem = objectStayProblem(values.arrival, values.departure, now);
    if (problem) errors[problem === 'tooLong' ? 'departure' : 'arrival'] = c.errors[problem];
  }
  return errors;
}
