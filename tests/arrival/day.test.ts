// The overview's list of today's open arrivals and the stays list's flags.
import { describe, expect, it } from 'vitest';
import { portalArrivalSigners, portalArrivals, portalForms } from '@/lib/db/schema';
import { confirmOnPaper } from '@/lib/portal/arrival/confirm';
import { arrivalDay, arrivalFlags } from '@/lib/portal/arrival/day';
import { saveForms } from '@/lib/portal/stays/forms-index';
import { addDays, berlinToday } from '@/lib/wire/time';
import { useEmptyDb } from '../helpers/db';
import { anna } from '../portal/fixtures';
import { dutchParty, germanParty } from './fixtures';

const t = useEmptyDb([portalArrivalSigners, portalArrivals, portalForms]);
const today = berlinToday();

describe('the arrival day in lists', () => {
  it('counts each form’s own open signers; German-only and confirmed parties are not listed', async () => {
    await saveForms(anna, 1, [
      dutchParty(5, today),
      dutchParty(6, today),
      germanParty(7, today),
      dutchParty(8, addDays(today, -2)),
      dutchParty(9, addDays(today, 1)),
    ]);
    await confirmOnPaper(t.db, { ...anna, formId: 6 }, 61);
    await confirmOnPaper(t.db, { ...anna, formId: 6 }, 62);
    const day = await arrivalDay(t.db, anna, today);
    expect(day.today.map((a) => [a.formId, a.open, a.name])).toEqual([[5, 2, 'Daan de Vries']]);
    expect(day.overdue.map((a) => a.formId)).toEqual([8]);
    const flags = await arrivalFlags(t.db, anna, [5, 6, 7, 8, 9], today);
    expect(Object.fromEntries(flags)).toEqual({ 5: 'due', 8: 'overdue', 9: 'open' });
  });
});
