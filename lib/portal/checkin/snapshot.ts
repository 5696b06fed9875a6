// What a check-in link and a guest's submission keep (the JSON columns of portal_checkin_links
// and portal_checkins). Client-safe: types only.
import type { MeldescheinField, Tarif } from '@/lib/wire/config';

/** What a guest's page shows and checks, copied from the landlord's configuration when a link is made. */
export interface CheckinSnapshot {
  objekt: { id: number; alias: string; address: string; beds: number };
  gemeinde: { id: number; alias: string; fields: MeldescheinField[]; tarife: Tarif[] };
}

/** One guest as entered on the phone (the landlord form's values: `fields` by column name). */
export interface CheckinGuest {
  tarifId: string;
  fields: Record<string, string | boolean>;
  /** Who this guest travels with, as the guests said: partner or child of another (by index). */
  relation?: { as: 'partner' | 'child'; of: number };
}
