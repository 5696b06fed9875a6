import 'server-only';
// The stay page's arrival data: the record's state, and whether the record is behind the form as
// the service now shows it (never written, or the guests' data changed elsewhere while nobody has
// confirmed): then the page asks its index action (IndexSync), which writes it, to run.
import { isDeepStrictEqual } from 'node:util';
import { getDb } from '@/lib/db';
import { berlinToday } from '@/lib/wire/time';
import type { Owner } from '../session/session';
import { arrivalState, partyOf, type ArrivalState, type FormLike } from './record';

export async function loadArrival(
  owner: Owner,
  form: FormLike,
): Promise<{ state: ArrivalState | null; stale: boolean; today: string }> {
  const state = await arrivalState(await getDb(), { ...owner, formId: form.id });
  const stale =
    !form.anonymised &&
    (!state ||
      state.cancelled !== (form.state === 'cancelled') ||
      (!state.route &&
        (state.arrivalDate !== form.travel_span.arrival_date.slice(0, 10) ||
          !isDeepStrictEqual(partyOf(form), state.party))));
  return { state, stale, today: berlinToday() };
}
