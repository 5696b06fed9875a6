// What the booking and edit actions answer when they do not redirect. Client-safe.
import type { StayValues } from './values';

export interface StayFormState {
  status: 'idle' | 'invalid' | 'error';
  /** The headline: why the form was not saved. */
  message?: string;
  /** Service details that name no field, in words: the guest and field label, or the stay. */
  details?: string[];
  /** Form field name -> message (from the schema or the service). */
  fieldErrors?: Record<string, string>;
  /** The values to show again (always set after a post without JavaScript). */
  values?: StayValues;
  /** Changes with every answer, so the form notices a new one. */
  nonce?: number;
}

export type StayFormAction = (state: StayFormState, formData: FormData) => Promise<StayFormState>;
