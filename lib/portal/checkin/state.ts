// What the guest's check-in action answers when it does not redirect. Client-safe.
import type { StayValues } from '../guest-form/values';

export interface CheckinFormState {
  /** `review`: valid, show the summary before sending. */
  status: 'idle' | 'invalid' | 'error' | 'review';
  message?: string;
  fieldErrors?: Record<string, string>;
  values?: StayValues;
  nonce?: number;
}

export type CheckinFormAction = (
  state: CheckinFormState,
  formData: FormData,
) => Promise<CheckinFormState>;
