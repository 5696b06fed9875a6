// The arrival record is keyed by the form and its landlord, not by the portal login: two logins of
// one landlord (the landlord's own and an office's, or an agency's) read and confirm one record;
// a login the service never showed the form reaches nothing of it.
import { describe, expect, it } from 'vitest';
import {
  portalArrivalSigners,
  portalArrivals,
  portalForms,
  portalOwnerVersions,
} from '@/lib/db/schema';
import { confirmOnPaper } from '@/lib/portal/arrival/confirm';
import { recordsBetween } from '@/lib/portal/arrival/export';
import { arrivalState } from '@/lib/portal/arrival/record';
import { saveForms } from '@/lib/portal/stays/forms-index';
import { berlinToday } from '@/lib/wire/time';
import { useEmptyDb } from '../helpers/db';
import { anna, jens } from '../portal/fixtures';
import { dutchParty } from './fixtures';

const t = useEmptyDb([portalArrivalSigners, portalArrivals, portalForms, portalOwnerVersions]);
const today = berlinToday();
/** A second login of Anna's landlord (her office). */
const office = { serviceUrl: anna.serviceUrl, username: 'moewe-buero' };

describe('one record per form and landlord', () => {
  it('two logins of one landlord share one record: what one confirms, the other sees', async () => {
    await saveForms(anna, 1, [dutchParty(5, today)]);
    await saveForms(office, 1, [dutchParty(5, today)]);
    expect(await t.db.select().from(portalArrivals)).toHaveLength(1);
    expect(await t.db.select().from(portalArrivalSigners)).toHaveLength(2);
    expect(await confirmOnPaper(t.db, { ...office, formId: 5 }, 51)).toBe('confirmed');
    const seen = await arrivalState(t.db, { ...anna, formId: 5 });
    expect(seen!.signers.find((s) => s.guestId === 51)).toMatchObject({ route: 'paper' });
    // The other signer cannot be confirmed a second time through the other login's copy.
    expect(await confirmOnPaper(t.db, { ...anna, formId: 5 }, 51)).toBe('already');
    // Both logins export the one record under its one name.
    const a = await recordsBetween(t.db, anna, today, today);
    const o = await recordsBetween(t.db, office, today, today);
    expect(a.map((r) => r.path)).toEqual(o.map((r) => r.path));
    expect(a).toHaveLength(1);
  });

  it('a login the service never showed the form reaches nothing of it', async () => {
    await saveForms(anna, 1, [dutchParty(5, today)]);
    expect(await arrivalState(t.db, { ...jens, formId: 5 })).toBeNull();
    expect(await confirmOnPaper(t.db, { ...jens, formId: 5 }, 51)).toBe('unknown-form');
    expect(await recordsBetween(t.db, jens, today, today)).toEqual([]);
  });

  it('a change of the shared record raises the version of every login that sees it', async () => {
    await saveForms(anna, 1, [dutchParty(5, today)]);
    await saveForms(office, 1, [dutchParty(5, today)]);
    const versions = async () =>
      new Map((await t.db.select().from(portalOwnerVersions)).map((v) => [v.username, v.version]));
    const before = await versions();
    await confirmOnPaper(t.db, { ...anna, formId: 5 }, 52);
    const after = await versions();
    expect(after.get(anna.username)!).toBeGreaterThan(before.get(anna.username)!);
    expect(after.get(office.username)!).toBeGreaterThan(before.get(office.username)!);
  });
});
