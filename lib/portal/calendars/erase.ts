// A feed's last content on the planned stays' clock (issue 30): the stays a feed keeps carry what
// the calendar said (Airbnb's reservation code, the guest's phone digits, a channel manager's
// guest name). A feed that answers keeps only stays that have not ended (parse.ts), but a feed
// that keeps failing keeps its last content; the hourly purge (lib/portal/purge.ts)
// erases from it, and from an answer held back as suspect, every stay departed as long ago as
// the planned stays it deletes. No `server-only`: the purge runs outside requests.
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { portalCalendarFeeds } from '@/lib/db/schema';

/** Drops stays departed before `before` (YYYY-MM-DD) from every feed; how many feeds changed. */
export async function eraseEndedFeedStays(tx: Db, before: string): Promise<number> {
  const f = portalCalendarFeeds;
  const kept = (column: typeof f.stays | typeof f.suspectStays) =>
    sql`(select coalesce(json_agg(s), '[]'::json) from json_array_elements(${column}) as s
      where (s->>'departure') >= ${before})`;
  const ended = (column: typeof f.stays | typeof f.suspectStays) =>
    sql`exists (select 1 from json_array_elements(${column}) as s
      where (s->>'departure') < ${before})`;
  const rows = await tx
    .update(f)
    .set({
      stays: kept(f.stays),
      suspectStays: sql`case when ${f.suspectStays} is null then null else ${kept(f.suspectStays)} end`,
    })
    .where(sql`${ended(f.stays)} or (${f.suspectStays} is not null and ${ended(f.suspectStays)})`)
    .returning({ id: f.id });
  return rows.length;
}
