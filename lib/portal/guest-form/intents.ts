// The form's buttons when JavaScript is off: the action applies them and shows the form again.
// (With JavaScript react-hook-form does the same in the browser.) Client-safe, pure.
import type { MeldescheinField } from '@/lib/wire/config';
import type { GemeindeFormConfig } from '../config/view';
import { emptyGuest, type StayValues } from './values';

/**
 * Fields that usually hold the same value for a whole party (street, postcode, town, country of
 * residence): what the "same address as guest 1" button copies. Nationality is personal.
 */
const ADDRESS =
  /(strasse|straße|street|plz|postleitzahl|zip|postcode|wohnort|^gast_ort$|city|^gast_land$|country|land$)/i;
const PERSONAL = /(staats|national|geburt|birth)/i;

export function addressFields(snapshot: {
  gemeinde: { fields: readonly MeldescheinField[] };
}): string[] {
  return snapshot.gemeinde.fields
    .filter((f) => f.data_type === 'text' || f.data_type === 'country')
    .filter((f) => ADDRESS.test(f.column_name) && !PERSONAL.test(f.column_name))
    .map((f) => f.column_name);
}

/** Copies the first guest's address (street, postcode, town, country) to guest `i`. */
export function copyFirstAddress(
  values: StayValues,
  i: number,
  config: GemeindeFormConfig,
): StayValues {
  const first = values.guests[0];
  const target = values.guests[i];
  if (!first || !target || i === 0) return values;
  const fields = { ...target.fields };
  for (const name of addressFields({ gemeinde: config })) fields[name] = first.fields[name] ?? '';
  const guests = [...values.guests];
  guests[i] = { ...target, fields };
  return { ...values, guests };
}

/**
 * The stay's dates changed from `before`: every guest who still had the old date gets the new one
 * (an early departure for all); a guest with dates of their own keeps them.
 */
export function followStayDates(
  values: StayValues,
  before: { arrival: string; departure: string },
): StayValues {
  const guests = values.guests.map((g) => ({
    ...g,
    arrival:
      values.arrival && (g.arrival === before.arrival || !g.arrival) ? values.arrival : g.arrival,
    departure:
      values.departure && (g.departure === before.departure || !g.departure)
        ? values.departure
        : g.departure,
  }));
  return { ...values, guests };
}

export function applyIntent(
  values: StayValues,
  intent: string,
  config: GemeindeFormConfig,
): StayValues {
  const guests = [...values.guests];
  const first = guests[0];
  if (intent === 'add-guest') {
    guests.push(
      emptyGuest(config, {
        arrival: first?.arrival || values.arrival,
        departure: first?.departure || values.departure,
      }),
    );
  }
  const [verb, raw] = intent.split(':');
  const i = Number(raw);
  if (verb === 'remove-guest' && guests.length > 1 && guests[i]) guests.splice(i, 1);
  if (verb === 'copy-address') return copyFirstAddress({ ...values, guests }, i, config);
  if (verb === 'copy-dates' && first && guests[i]) {
    guests[i] = { ...guests[i], arrival: first.arrival, departure: first.departure };
  }
  return { ...values, guests };
}
