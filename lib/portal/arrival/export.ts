// The records of a date range as a ZIP, for the landlord to hand to an authority on request
// (§ 30(4) BMG: machine-readable). Folders by year and month, files named
// `JJJJMMTT_BeherbMeldeschein_Zaehler.xml` after the first day of stay, the counter numbering the
// day's records from 1 (BeherbMeldV § 2) in a fixed order (form, then the signer's place on it),
// so the same record keeps its name from one export to the next.
import { zipSync } from 'fflate';
import { and, asc, eq, gte, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { portalArrivalSigners, portalArrivals } from '@/lib/db/schema';
import { recordPath } from './xml';

export interface ExportedRecord {
  path: string;
  xml: string;
}

/** The stored records whose stay begins between `from` and `to` (inclusive), named and ordered. */
export async function recordsBetween(
  db: Db,
  owner: { serviceUrl: string; username: string },
  from: string,
  to: string,
): Promise<ExportedRecord[]> {
  const rows = await db
    .select({
      arrival: portalArrivals.arrivalDate,
      formId: portalArrivals.formId,
      party: portalArrivals.party,
      guestId: portalArrivalSigners.guestId,
      xml: portalArrivalSigners.xml,
    })
    .from(portalArrivalSigners)
    .innerJoin(
      portalArrivals,
      and(
        eq(portalArrivals.serviceUrl, portalArrivalSigners.serviceUrl),
        eq(portalArrivals.username, portalArrivalSigners.username),
        eq(portalArrivals.formId, portalArrivalSigners.formId),
      ),
    )
    .where(
      and(
        eq(portalArrivals.serviceUrl, owner.serviceUrl),
        eq(portalArrivals.username, owner.username),
        gte(portalArrivals.arrivalDate, from),
        lte(portalArrivals.arrivalDate, to),
        isNotNull(portalArrivalSigners.xml),
      ),
    )
    .orderBy(asc(portalArrivals.arrivalDate), asc(portalArrivals.formId));
  const position = (r: (typeof rows)[number]) =>
    r.party.guests.find((g) => g.id === r.guestId)?.position ?? 0;
  rows.sort(
    (a, b) =>
      a.arrival.localeCompare(b.arrival) || a.formId - b.formId || position(a) - position(b),
  );
  const perDay = new Map<string, number>();
  return rows.map((r) => {
    const n = (perDay.get(r.arrival) ?? 0) + 1;
    perDay.set(r.arrival, n);
    return { path: recordPath(r.arrival, n), xml: r.xml ?? '' };
  });
}

export function zipRecords(records: ExportedRecord[]): Uint8Array {
  const encoder = new TextEncoder();
  return zipSync(Object.fromEntries(records.map((r) => [r.path, encoder.encode(r.xml)])));
}
