// A guest party as the check-in form holds it: the landlord form's values (StayValues), checked
// with the landlord form's schema built from the municipality's fields (guest-form/schema.ts),
// plus the check-in's own rules (party size, a plausible stay at an object's code). Client-safe.
import { checkFieldValue, inputTooLong } from '@/lib/wire/guest-rules';
import type { GemeindeFormConfig } from '../config/view';
import { applyIntent } from '../guest-form/intents';
import { describeRule } from '../guest-form/rule-messages';
import { buildStaySchema, validateStay } from '../guest-form/schema';
import { completeGuest, emptyGuest, type GuestValues, type StayValues } from '../guest-form/values';
import { formWarnings } from '../guest-form/warnings';
import { fieldToInput, fieldToWire } from '../guest-form/wire';
import { fmt } from '../i18n';
import type { FormWords, GuestPages } from '../i18n/guest/pages';
import { maxGuests, objectStayProblem, type LinkKind } from './rules';
import type { CheckinGuest, CheckinSnapshot } from './snapshot';

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
  relation: g.relation ?? '',
});

/**
 * A guest's relation as the form posts it (`partner:<i>`, `child:<i>`), read against the party:
 * another guest's index, else none. Who is counted on whose registration form follows from it
 * (lib/wire/arrival-duty.ts); the landlord can correct it until the first confirmation.
 */
export function parseRelation(
  value: string | undefined,
  self: number,
  guests: number,
): CheckinGuest['relation'] | undefined {
  const m = /^(partner|child):(\d{1,3})$/.exec(value ?? '');
  if (!m) return undefined;
  const of = Number(m[2]);
  return of !== self && of < guests ? { as: m[1] as 'partner' | 'child', of } : undefined;
}

const relationText = (r: CheckinGuest['relation']) => (r ? `${r.as}:${r.of}` : '');

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
    guests: values.guests.map((g, i) =>
      completeGuest(
        personOf(
          {
            tarifId: g.tarifId,
            fields: Object.fromEntries(Object.entries(g.fields).filter(([k]) => known.has(k))),
            relation: relationText(parseRelation(g.relation, i, values.guests.length)),
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
    guests: row.guests.map((g) =>
      completeGuest(
        personOf(
          { tarifId: g.tarifId, fields: g.fields, relation: relationText(g.relation) },
          stay,
        ),
        snapshot.gemeinde,
      ),
    ),
  };
}

/**
 * What is stored: the tariff and each of the municipality's fields as the service's rule converts
 * it (a yes/no as a boolean, a number as its digits, a country as its code); nothing the browser
 * sent as typed. Called on a validated party; a value the rule refuses is left out.
 */
export function toCheckinGuests(values: StayValues, config: GemeindeFormConfig): CheckinGuest[] {
  return values.guests.map((g, i) => ({
    ...(parseRelation(g.relation, i, values.guests.length)
      ? { relation: parseRelation(g.relation, i, values.guests.length) }
      : {}),
    tarifId: g.tarifId,
    fields: Object.fromEntries(
      config.fields.flatMap((f) => {
        const verdict = checkFieldValue(
          f.data_type,
          f.size,
          fieldToWire(f, g.fields[f.column_name]),
        );
        return verdict.ok && verdict.value !== null
          ? [[f.column_name, fieldToInput(f, verdict.value)]]
          : [];
      }),
    ),
  }));
}

/** Inputs longer than their field allows (a yes/no or number field has no size: a ceiling). */
function tooLongInputs(values: StayValues, config: GemeindeFormConfig, m: FormWords) {
  const errors: Record<string, string> = {};
  values.guests.forEach((g, i) => {
    for (const f of config.fields) {
      const failure = inputTooLong(f.data_type, f.size, g.fields[f.column_name]);
      if (failure)
        errors[`guests.${i}.fields.${f.column_name}`] =
          describeRule(failure.code, failure.params, m) ?? failure.message;
    }
  });
  return errors;
}

/** What the guest is told before sending (the landlord's form warns the same: a future birth date). */
export function partyWarnings(
  values: StayValues,
  config: GemeindeFormConfig,
  m: FormWords,
  today: string,
): string[] {
  return formWarnings(values, { config, today }, m);
}

/** The buttons of the form without JavaScript: add, remove, copy the address. */
export function applyPartyIntent(values: StayValues, intent: string, link: GuestLink): StayValues {
  if (intent === 'add-guest' && values.guests.length >= maxGuests(link)) return values;
  const next = applyIntent(values, intent, link.snapshot.gemeinde);
  const removed = /^remove-guest:(\d+)$/.exec(intent);
  if (!removed) return next;
  // The others' relations follow the guests' new places; one to the removed guest is gone.
  const gone = Number(removed[1]);
  return {
    ...next,
    guests: next.guests.map((g) => {
      const r = /^(partner|child):(\d+)$/.exec(g.relation ?? '');
      if (!r) return g;
      const of = Number(r[2]);
      return { ...g, relation: of === gone ? '' : `${r[1]}:${of > gone ? of - 1 : of}` };
    }),
  };
}

/** Field errors of a party (`guests.1.fields.Gast_Name` -> message), empty when it may be sent. */
export function validateParty(
  values: StayValues,
  link: GuestLink,
  m: FormWords,
  c: GuestPages['checkin'],
  now: Date,
): Record<string, string> {
  const schema = buildStaySchema(link.snapshot.gemeinde, m, {
    mode: 'new',
    objektIds: [String(link.snapshot.objekt.id)],
  });
  // Oversized input is refused before the schema converts it (a yes/no reads any text as "no").
  const tooLong = tooLongInputs(values, link.snapshot.gemeinde, m);
  const errors = { ...validateStay(schema, values), ...tooLong };
  const max = maxGuests(link);
  if (values.guests.length > max) errors.root ??= fmt(c.errors.too_many_guests, { n: max });
  if (link.kind === 'object' && !errors.arrival && !errors.departure) {
    const problem = objectStayProblem(values.arrival, values.departure, now);
    if (problem) errors[problem === 'tooLong' ? 'departure' : 'arrival'] = c.errors[problem];
  }
  return errors;
}
