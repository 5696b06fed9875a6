// The BeherbMeldV file name (`JJJJMMTT_BeherbMeldeschein_<n>.xml`) is fixed when a record is
// confirmed, counted per landlord and first day of stay, and kept: a later confirmation or another
// record's erasure renames nothing, and an agency's export does not number several landlords in
// one sequence.
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { portalArrivalSigners, portalArrivals, portalForms } from '@/lib/db/schema';
import { confirmOnPaper } from '@/lib/portal/arrival/confirm';
import { recordsBetween, zipRecords } from '@/lib/portal/arrival/export';
import { sweepPortalRetention } from '@/lib/portal/retention';
import { saveForms } from '@/lib/portal/stays/forms-index';
import { addDays, berlinInstant, berlinToday } from '@/lib/wire/time';
import { useEmptyDb } from '../helpers/db';
import { anna } from '../portal/fixtures';
import { dutchParty } from './fixtures';

const t = useEmptyDb([portalArrivalSigners, portalArrivals, portalForms]);
const today = berlinToday();
const [y, m, d] = today.split('-');
const file = (n: number) => `${y}/${m}/${y}${m}${d}_BeherbMeldeschein_${n}.xml`;
const ref = (formId: number) => ({ ...anna, formId });

/** The exported file names with the first name of the record's guest. */
async function names(from = today, to = today): Promise<Record<string, string>> {
  const records = await recordsBetween(t.db, anna, from, to);
  return Object.fromEntries(
    records.map((r) => [r.path, /<Vornamen>([^<]*)</.exec(r.xml)?.[1] ?? '']),
  );
}

/** A Dutch party whose stay ends `nights` after `arrival`. */
function stay(id: number, arrival: string, nights: number, landlord = 3) {
  const departure = addDays(arrival, nights);
  const f = dutchParty(id, arrival, {
    travel_span: {
      arrival_date: `${arrival}T00:00:00`,
      departure_date: `${departure}T00:00:00`,
      travel_days: nights,
      uebernachtungen_sum: nights * 3,
    },
    beherberger_id: landlord,
  });
  for (const g of f.personen) g.departure_date = departure;
  f.objekt.beherberger_id = landlord;
  f.objekt.beherberger_alias = landlord === 3 ? 'Möwe' : 'Strandhaus Kröger';
  return f;
}

describe('the record file name', () => {
  it('a later confirmation of an earlier form renames no record', async () => {
    await saveForms(anna, 1, [stay(4, today, 3), stay(5, today, 3)]);
    expect(await confirmOnPaper(t.db, ref(5), 51)).toBe('confirmed');
    expect(await confirmOnPaper(t.db, ref(5), 52)).toBe('confirmed');
    expect(await names()).toEqual({ [file(1)]: 'Daan', [file(2)]: 'Sanne' });
    // Form 4 comes first in the form order, but its record is confirmed last: it is number 3.
    expect(await confirmOnPaper(t.db, ref(4), 41)).toBe('confirmed');
    const after = await names();
    expect(after[file(1)]).toBe('Daan');
    expect(after[file(2)]).toBe('Sanne');
    expect(after[file(3)]).toBe('Daan');
    const records = await recordsBetween(t.db, anna, today, today);
    expect(records.find((r) => r.path === file(3))!.xml).toContain('<Weg>Unterschrift</Weg>');
  });

  it('the erasure of one record renames none of the others of its day', async () => {
    await saveForms(anna, 1, [stay(4, today, 1), stay(5, today, 5)]);
    await confirmOnPaper(t.db, ref(4), 41);
    await confirmOnPaper(t.db, ref(5), 51);
    expect(Object.keys(await names())).toEqual([file(1), file(2)]);
    // A year after form 4's departure (and before form 5's): form 4's record is gone, form 5's
    // keeps its name.
    const later = berlinInstant(addDays(today, 1 + 366 + 2), '12:00:00');
    const swept = await sweepPortalRetention(t.db, later, 366);
    expect(swept.arrivals).toBe(1);
    expect(await names()).toEqual({ [file(2)]: 'Daan' });
  });

  it('counts per landlord: an agency’s ZIP has each landlord’s records from 1, in their own folder', async () => {
    await saveForms(anna, 1, [stay(5, today, 3, 3), stay(6, today, 3, 4)]);
    await confirmOnPaper(t.db, ref(5), 51);
    await confirmOnPaper(t.db, ref(6), 61);
    await confirmOnPaper(t.db, ref(5), 52);
    const files = Object.keys(
      unzipSync(zipRecords(await recordsBetween(t.db, anna, today, today))),
    );
    expect(files.sort()).toEqual(
      [`Möwe_3/${file(1)}`, `Möwe_3/${file(2)}`, `Strandhaus_Kröger_4/${file(1)}`].sort(),
    );
  });

  it('parallel confirmations of one landlord’s day get different numbers (PostgreSQL: two connections)', async () => {
    const ids = [4, 5, 6, 7, 8, 9];
    await saveForms(
      anna,
      1,
      ids.map((id) => stay(id, today, 2)),
    );
    const results = await Promise.all(ids.map((id) => confirmOnPaper(t.db, ref(id), id * 10 + 1)));
    expect(results.every((r) => r === 'confirmed')).toBe(true);
    expect(Object.keys(await names()).sort()).toEqual(ids.map((_, i) => file(i + 1)).sort());
  });
});
