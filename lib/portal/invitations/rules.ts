// When an automatic invitation or reminder is due. Pure (dates as `YYYY-MM-DD`, Berlin's today).
import { addDays } from '@/lib/wire/time';
import type { MailKind } from '../mail/outbox';
import type { PlannedState } from '../stays/planned';

export const DEFAULT_DAYS_BEFORE = 7;
export const MAX_DAYS_BEFORE = 60;
export const REMINDER_DAYS_BEFORE = 2;
/** A reminder follows an invitation only when this many days lie between them (no two mails in a row). */
export const REMINDER_MIN_GAP_DAYS = 2;

export interface StayFacts {
  arrival: string;
  state: PlannedState;
  guestEmail: string | null;
  /** Guests sent their data (or the stay is booked). */
  checkedIn: boolean;
}

export interface MailHistory {
  /** The day (Berlin) the first invitation was queued; null when none was. */
  invitedOn: string | null;
  reminded: boolean;
  /** An invitation link of the stay that still works (the reminder points to it). */
  openLink: boolean;
}

export interface AutoSettings {
  autoInvite: boolean;
  daysBefore: number;
}

/**
 * The message due today, if any: the invitation `daysBefore` days before arrival (at once when the
 * stay is nearer), a reminder 2 days before when the guests have not checked in, nothing once they
 * have, nothing for a cancelled or booked stay, and nothing after the arrival day. An invitation
 * already made (sent, failed or withdrawn) is never repeated by itself: that is the landlord's call.
 */
export function dueMail(
  stay: StayFacts,
  history: MailHistory,
  settings: AutoSettings,
  today: string,
): MailKind | null {
  if (!settings.autoInvite || !stay.guestEmail || stay.checkedIn) return null;
  if (stay.state !== 'planned' && stay.state !== 'invited') return null;
  if (today > stay.arrival) return null;
  if (!history.invitedOn) {
    return today >= addDays(stay.arrival, -settings.daysBefore) ? 'invitation' : null;
  }
  const reminderDay = addDays(stay.arrival, -REMINDER_DAYS_BEFORE);
  if (
    !history.reminded &&
    history.openLink &&
    today >= reminderDay &&
    history.invitedOn <= addDays(reminderDay, -REMINDER_MIN_GAP_DAYS)
  ) {
    return 'reminder';
  }
  return null;
}
