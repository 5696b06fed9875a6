// A stay as a booking calendar lists it (parse.ts makes them; the feed row keeps the last fetch's).
export interface CalendarStay {
  uid: string;
  arrival: string;
  departure: string;
  /** What the calendar said, for the landlord (e.g. "Reserved · HMQ4ZP8X2K · …4711"). */
  summary: string;
}
