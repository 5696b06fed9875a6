// A step of the guest's check-in form as the server answers a post (compose/guest-checkin.ts): the values
// to show, what is wrong with them, or the summary. Client-safe.
import type { StayValues } from '../guest-form/values';

export interface CheckinFormState {
  /** `review`: valid, show the summary before sending. */
  status: 'idle' | 'invalid' | 'error' | 'review';
  message?: string;
  fieldErrors?: Record<string, string>;
  values?: StayValues;
  /** The button that led to an `idle` step (`add-guest`, `copy-address:1`): where focus goes. */
  intent?: string;
}

/** A step as the page renders it: always with the values to show. */
export type CheckinStep = CheckinFormState & { values: StayValues };
