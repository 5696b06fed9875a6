// The form's buttons when JavaScript is off: the action applies them and shows the form again.
// (With JavaScript react-hook-form does the same in the browser.) Client-safe, pure.
import type { GemeindeFormConfig } from '../config-view';
import { emptyGuest, type StayValues } from './values';

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
  if (verb === 'copy-dates' && first && guests[i]) {
    guests[i] = { ...guests[i], arrival: first.arrival, departure: first.departure };
  }
  return { ...values, guests };
}
