// The stays list's refresh button ("Status aktualisieren") while the municipality's system is
// down, for both protocols: the landlord is sent back to the list with the reason in words, the
// index keeps its forms; never a 500. The session layer is stood in for (the session's client
// talks to this app's service in-process, or to nothing).
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AvsClient, forgetAvsConfigs } from '@/lib/portal/api/avs/client';
import { describeErrorCode } from '@/lib/portal/api/errors';
import { forgetConfigs, loadConfig } from '@/lib/portal/config/load';
import { objectsOf } from '@/lib/portal/config/view';
import { createAvsHandler } from '@/lib/service/avs';
import { de } from '@/lib/portal/i18n/de';
import { listForms } from '@/lib/portal/stays/forms-index';
import { parseStayQuery } from '@/lib/portal/stays/query-parse';
import type { PortalSession } from '@/lib/portal/session/session';
import { useTestDb } from '../helpers/db';
import { formsClient, person, type FormsClient } from '../service/meldeschein-fixtures';
import { inProcessSession, ownerOfSession, type Intercept } from './in-process-service';

const t = useTestDb();
const state: { session?: PortalSession } = {};

vi.mock('next/navigation', () => ({
  redirect: (to: string) => {
    throw new Error(`redirect ${to}`);
  },
}));
vi.mock('@/lib/portal/session/session', async (original) => ({
  ...(await original<typeof import('@/lib/portal/session/session')>()),
  verifySession: async () => state.session,
}));

const { refreshStays } = await import('@/app/(portal)/(app)/aufenthalte/actions');

const back = (path: string) => {
  const f = new FormData();
  f.set('back', path);
  return f;
};

/** Where the action sent the landlord (it always redirects). */
async function refreshed(path: string): Promise<string> {
  try {
    await refreshStays(back(path));
  } catch (err) {
    const m = /^redirect (.*)$/.exec(err instanceof Error ? err.message : '');
    if (m) return m[1]!;
    throw err;
  }
  throw new Error('no redirect');
}

const down: Intercept = async () => {
  throw new TypeError('fetch failed');
};

let anna: FormsClient;
beforeAll(async () => {
  anna = await formsClient(t);
});
beforeEach(() => {
  forgetConfigs();
  forgetAvsConfigs();
});

describe('refresh button while the municipal system is down', () => {
  it('JSON: back to the list with the reason in words, the index kept', async () => {
    await anna.bookOk([person()]);
    const up = inProcessSession(t, 'demo', anna.token);
    state.session = up;
    expect(await refreshed('/aufenthalte?objekt=1')).toBe('/aufenthalte?objekt=1&aktualisiert=1');
    const before = await listForms(ownerOfSession(up), parseStayQuery({}));
    expect(before.count).toBeGreaterThan(0);

    // Unreachable, and reachable but failing (a 503 from a proxy in front of it).
    state.session = inProcessSession(t, 'demo', anna.token, { intercept: down });
    expect(await refreshed('/aufenthalte')).toBe('/aufenthalte?fehler=unavailable');
    forgetConfigs();
    state.session = inProcessSession(t, 'demo', anna.token, {
      intercept: async (request, pass) =>
        request.url.includes('/list/') ? new Response('busy', { status: 503 }) : pass(),
    });
    expect(await refreshed('/aufenthalte?objekt=1')).toBe(
      '/aufenthalte?objekt=1&fehler=unavailable',
    );
    expect((await listForms(ownerOfSession(up), parseStayQuery({}))).count).toBe(before.count);
    expect(describeErrorCode('unavailable', de)).toMatch(/gerade nicht erreichbar/);
  });

  it('AVS: back to the list with the reason in words', async () => {
    const credential = Buffer.from('demo:demo').toString('base64');
    state.session = {
      ...inProcessSession(t, 'demo', anna.token),
      serviceUrl: 'http://avs.test/avs/JMeldescheinWebservices',
      api: new AvsClient('http://avs.test/avs/JMeldescheinWebservices', credential, (async () => {
        throw new TypeError('fetch failed');
      }) as typeof fetch),
    };
    expect(await refreshed('/aufenthalte')).toBe('/aufenthalte?fehler=unavailable');
  });
});

describe('refresh button against an AVS municipality', () => {
  it('reads the configuration lists again: a change at AVS shows at once, not after five minutes', async () => {
    const url = 'http://avs.test/avs/JMeldescheinWebservices';
    const face = createAvsHandler({ db: async () => t.db });
    const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) =>
      (
        await face.reply(new Request(input, init), { clientAddress: '127.0.0.1' })
      ).toResponse()) as typeof fetch;
    state.session = {
      ...inProcessSession(t, 'demo', anna.token),
      serviceUrl: url,
      api: new AvsClient(url, Buffer.from('demo:demo').toString('base64'), fetchImpl),
    };
    const aliases = async () => objectsOf(await loadConfig(state.session!)).map((o) => o.alias);
    expect(await aliases()).toContain('Möwennest');
    await t.db.execute(
      sql`update objekte set alias = 'Möwennest am Deich' where id = ${t.demo.objekte.moeweA}`,
    );
    // A page keeps what it read of the lists (AVS has no tags to ask by)…
    expect(await aliases()).not.toContain('Möwennest am Deich');
    // …the refresh button reads them again, and the pages after it show the change.
    expect(await refreshed('/aufenthalte')).toBe('/aufenthalte?aktualisiert=1');
    expect(await aliases()).toContain('Möwennest am Deich');
  });
});
