// A stay as a booking calendar lists it (parse.ts makes them; the feed row keeps the last fetch's).
export interface CalendarStay {
  /**
   * The booking's key in its calendar, stable across rounds: the event's UID, or where that is
   * missing or shared by several events, one made from it and the dates (parse.ts).
   */
  key: string;
  arrival: string;
  departure: string;
  /** What the calendar said, for the landlord (e.g. "Reserved · HMQ4ZP8X2K · …4711"). */
  summary: string;
}
