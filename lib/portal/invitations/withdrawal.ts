// What a withdrawal of a stay's invitation keeps so that it can be undone (reinstate.ts): types
// only, for the planned stays' JSON column (lib/db/schema/portal.ts).

/**
 * What a calendar's cancellation of a planned stay withdrew, so that the booking's return puts it
 * back as it was: the stay's state, and the invitation links revoked and the waiting mails taken
 * off the queue at `at` (an ISO instant).
 */
export interface CalendarWithdrawal {
  at: string;
  state: 'planned' | 'invited';
  links: string[];
  mails: string[];
}
