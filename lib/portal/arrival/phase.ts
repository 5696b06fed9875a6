// Where a party stands on its arrival day, for badges, the overview and the stays list.
// Client-safe and pure.
import type { ArrivalState } from './record';

export type ArrivalPhase =
  /** Nothing to confirm (German-only, cancelled, or nobody who could sign yet). */
  | 'none'
  /** Before the arrival day. */
  | 'open'
  /** The arrival day, not yet confirmed. */
  | 'due'
  /** The arrival day has passed without a confirmation: flagged. */
  | 'overdue'
  /** Every signer confirmed; an ID check still missing. */
  | 'confirmed'
  /** Confirmed and ID-checked. */
  | 'complete';

export function arrivalPhase(
  state: Pick<ArrivalState, 'required' | 'reason' | 'confirmed' | 'complete' | 'arrivalDate'>,
  today: string,
): ArrivalPhase {
  if (!state.required) return 'none';
  if (state.complete) return 'complete';
  if (state.confirmed) return 'confirmed';
  if (state.arrivalDate > today) return 'open';
  return state.arrivalDate === today ? 'due' : 'overdue';
}
