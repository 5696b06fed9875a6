// The records of a date range as a ZIP, for the landlord to hand to an authority on request
// (§ 30(4) BMG: machine-readable). Folders by year and month, files named
// `JJJJMMTT_BeherbMeldeschein_Zaehler.xml` after the first day of stay (BeherbMeldV § 2). The name
// is the one fixed when the record was confirmed (the counter of the landlord's records of that
// day, lib/portal/arrival/record.ts `numberRecords`), so a record keeps its name from one export
// to the next whatever was confirmed or erased since. A login that works for several landlords
// (an agency) gets each landlord's records in a folder of their own: each landlord keeps and
// counts their own records.
import { zipSync } from 'fflate';
import { and, asc, eq, gte, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { portalArrivalSigners, portalArrivals } from '@/lib/db/schema';
import { seenBy } from './record';
import { recordPath } from './xml';

export interface ExportedRecord {
  path: string;
  xml: string;
}

/** A folder name from the landlord's alias and id: letters, digits, `.`, `_` and `-` only. */
function landlordFolder(alias: string, id: number | null): string {
  const name = alias
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._-]+/gu, '_')
    .slice(0, 60);
  return id === null ? name || 'Vermieter' : `${name ? `${name}_` : ''}${id}`;
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
      landlord: portalArrivals.beherbergerId,
      party: portalArrivals.party,
      day: portalArrivalSigners.recordDay,
      no: portalArrivalSigners.recordNo,
      xml: portalArrivalSigners.xml,
    })
    .from(portalArrivalSigners)
    .innerJoin(
      portalArrivals,
      and(
        eq(portalArrivals.serviceUrl, portalArrivalSigners.serviceUrl),
        eq(portalArrivals.formId, portalArrivalSigners.formId),
      ),
    )
    .where(
      and(
        eq(portalArrivals.serviceUrl, owner.serviceUrl),
        seenBy(owner, 'portal_arrivals'),
        gte(portalArrivalSigners.recordDay, from),
        lte(portalArrivalSigners.recordDay, to),
        isNotNull(portalArrivalSigners.recordNo),
        isNotNull(portalArrivalSigners.xml),
      ),
    )
    .orderBy(asc(portalArrivalSigners.recordDay), asc(portalArrivalSigners.recordNo));
  const landlordOf = (r: (typeof rows)[number]) => r.landlord ?? `alias:${r.party.objekt.landlord}`;
  const several = new Set(rows.map(landlordOf)).size > 1;
  return rows.map((r) => {
    const path = recordPath(r.day!, r.no!);
    return {
      path: several ? `${landlordFolder(r.party.objekt.landlord, r.landlord)}/${path}` : path,
      xml: r.xml ?? '',
    };
  });
}

export function zipRecords(records: ExportedRecord[]): Uint8Array {
  const encoder = new TextEncoder();
  return zipSync(Object.fromEntries(records.map((r) => [r.path, encoder.encode(r.xml)])));
}
