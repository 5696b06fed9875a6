// The configuration a page shows is kept per service and account with its ETag (issue 19): a page
// asks the service only whether it changed. Never another account's; a change at the service shows
// at the next request; a refused token (password changed) is refused at once. Against this app's
// service in-process, on a database from the migrations.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { objekte } from '@/lib/db/schema';
import { isApiError } from '@/lib/portal/api/client';
import { forgetConfigs, loadConfig } from '@/lib/portal/config/load';
import { objectsOf } from '@/lib/portal/config/view';
import { setPassword } from '@/lib/service/accounts/revocation';
import { useTestDb } from '../helpers/db';
import { apiClient } from '../helpers/api';
import { inProcessSession, type Intercept } from './in-process-service';

const t = useTestDb();

/** Counts the service's answers by status. */
function counting() {
  const statuses: number[] = [];
  const intercept: Intercept = async (_request, pass) => {
    const res = await pass();
    statuses.push(res.status);
    return res;
  };
  return { statuses, intercept };
}

const aliases = (config: Awaited<ReturnType<typeof loadConfig>>) =>
  objectsOf(config).map((o) => o.alias);

beforeEach(() => forgetConfigs());

describe('kept configuration', () => {
  it('asks the service each time, which answers 304 while nothing changed', async () => {
    const token = await apiClient(t).login('demo');
    const seen = counting();
    const first = await loadConfig(inProcessSession(t, 'demo', token, seen));
    const again = await loadConfig(inProcessSession(t, 'demo', token, seen));
    expect(seen.statuses).toEqual([200, 304]);
    expect(again).toEqual(first);
    expect(aliases(again)).toContain('Möwennest');
    // Shared by the account's requests, so nobody may change it.
    expect(Object.isFrozen(again.beherberger[0]!.objekte)).toBe(true);
  });

  it('never gives one account another account’s configuration', async () => {
    const anna = await apiClient(t).login('demo');
    const jens = await apiClient(t).login('demo2');
    const a = await loadConfig(inProcessSession(t, 'demo', anna));
    const seen = counting();
    const j = await loadConfig(inProcessSession(t, 'demo2', jens, seen));
    expect(seen.statuses).toEqual([200]); // not asked with Anna's ETag
    expect(aliases(a)).toContain('Möwennest');
    expect(aliases(j)).toEqual(['Haus Seeblick, Wohnung 1']);
    // Each again: each their own.
    expect(aliases(await loadConfig(inProcessSession(t, 'demo', anna)))).toEqual(aliases(a));
    expect(aliases(await loadConfig(inProcessSession(t, 'demo2', jens)))).toEqual(aliases(j));
    // The same username at another service is another account.
    const other = counting();
    await loadConfig(
      inProcessSession(t, 'demo', anna, { serviceUrl: 'http://other.test/api/', ...other }),
    );
    expect(other.statuses).toEqual([200]);
  });

  it('shows a change at the service at the next request', async () => {
    const token = await apiClient(t).login('demo');
    const before = await loadConfig(inProcessSession(t, 'demo', token));
    expect(aliases(before)).toContain('Möwennest');
    await t.db
      .update(objekte)
      .set({ alias: 'Möwennest am Deich' })
      .where(eq(objekte.id, t.demo.objekte.moeweA));
    try {
      const seen = counting();
      const after = await loadConfig(inProcessSession(t, 'demo', token, seen));
      expect(seen.statuses).toEqual([200]);
      expect(aliases(after)).toContain('Möwennest am Deich');
    } finally {
      await t.db
        .update(objekte)
        .set({ alias: 'Möwennest' })
        .where(eq(objekte.id, t.demo.objekte.moeweA));
    }
  });

  it('refuses the token at once after a password change, however recently it was kept', async () => {
    const token = await apiClient(t).login('multi');
    await loadConfig(inProcessSession(t, 'multi', token));
    await setPassword(t.db, 'multi', 'a-new-password');
    const err = await loadConfig(inProcessSession(t, 'multi', token)).catch((e: unknown) => e);
    expect(isApiError(err, 'unauthenticated')).toBe(true);
  });
});
