// The stay page's guest card download while the municipality's system is down: the landlord is
// sent back to the stay with "nicht erreichbar" in words (not "hat die Anfrage abgelehnt"), never
// a 500. The session layer is stood in for (the session's client talks to this app's service
// in-process, or to nothing).
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetConfigs } from '@/lib/portal/config/load';
import type { PortalSession } from '@/lib/portal/session/session';
import { useTestDb } from '../helpers/db';
import { formsClient, person, type FormsClient } from '../service/meldeschein-fixtures';
import { inProcessSession } from './in-process-service';

const t = useTestDb();
const state: { session?: PortalSession } = {};

vi.mock('@/lib/portal/session/session', async (original) => ({
  ...(await original<typeof import('@/lib/portal/session/session')>()),
  routeSession: async () => state.session,
}));

const { POST } = await import('@/app/(portal)/(app)/aufenthalte/[id]/kurkarte/route');

let anna: FormsClient;
beforeAll(async () => {
  anna = await formsClient(t);
});
beforeEach(() => forgetConfigs());

describe('guest card download while the municipal system is down', () => {
  it('leads back to the stay with the reason "unavailable"', async () => {
    const { id } = await anna.bookOk([person()]);
    state.session = inProcessSession(t, 'demo', anna.token, {
      intercept: async () => {
        throw new TypeError('fetch failed');
      },
    });
    const request = new Request(`http://portal.test/aufenthalte/${id}/kurkarte/`, {
      method: 'POST',
      headers: { origin: 'http://portal.test', 'sec-fetch-site': 'same-origin' },
    });
    const res = await POST(request, { params: Promise.resolve({ id: String(id) }) });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/aufenthalte/${id}?fehler=unavailable`);
  });
});
