// The index sync of a landlord whose municipality runs AVS (issue 36): AVS cannot be asked what
// changed, so the portal's AVS client answers `changed_since` from the list entries it last read
// the forms for. A round with nothing changed reads no form in full and writes no index row (the
// kept pages stay kept); a stay changed by other booking software shows after the next round.
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AvsClient, forgetAvsConfigs, signInWithBasic } from '@/lib/portal/api/avs/client';
import { findForm } from '@/lib/portal/stays/forms-index';
import { syncIndex } from '@/lib/portal/stays/index-sync';
import type { PortalSession } from '@/lib/portal/session/session';
import { createAvsHandler } from '@/lib/service/avs';
import { useTestDb } from '../helpers/db';
import type { BookGuest, FormResponse } from '@/lib/wire/meldeschein';
import { formsClient, person, query } from '../service/meldeschein-fixtures';

const t = useTestDb();
const AVS = 'http://service.test/avs/JMeldescheinWebservices';

/** The SOAP operations sent, by name. */
let sent: string[] = [];

async function avsSession(): Promise<PortalSession> {
  const handler = createAvsHandler({ db: async () => t.db });
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    sent.push(request.headers.get('soapaction') ?? '');
    return (await handler.reply(request, { clientAddress: '127.0.0.1' })).toResponse();
  }) as typeof fetch;
  const { credential } = await signInWithBasic(AVS, 'demo', 'demo', undefined, fetchImpl);
  return {
    sessionId: 'test-avs',
    username: 'demo',
    displayName: 'demo',
    serviceUrl: AVS,
    expired: false,
    signedInAt: null,
    api: new AvsClient(AVS, credential, fetchImpl),
  };
}

const forms = () => sent.filter((a) => a.includes('holeMeldeschein"')).length;
const owner = { serviceUrl: AVS, username: 'demo' };

beforeEach(() => {
  forgetAvsConfigs();
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
});
afterEach(() => vi.useRealTimers());

describe('the index sync against an AVS municipality', () => {
  it('reads only what changed: nothing when nothing did, a stay changed elsewhere at the next round', async () => {
    const session = await avsSession();
    const config = await session.api.currentUser();
    const meta = { gemeinde: t.demo.gemeinden.seeblick.id, objekt: t.demo.objekte.moeweA };
    const booked = await session.api.book(meta, [
      { personen: [person({ Gast_Vorname: 'Pieter', Gast_Name: 'de Vries' }) as BookGuest] },
      { personen: [person({ Gast_Vorname: 'Anna', Gast_Name: 'de Jong' }) as BookGuest] },
    ]);
    await syncIndex(session, config, true);
    const before = await findForm(owner, booked[1]!.id);
    expect(before?.firstGuestName).toMatch(/de Jong/);

    // A minute later a page is shown and its sync runs: the list, and no form read in full.
    vi.advanceTimersByTime(61_000);
    sent = [];
    expect((await syncIndex(session, config)).changed).toBe(0);
    expect(forms()).toBe(0);
    expect((await findForm(owner, booked[1]!.id))?.refreshedAt).toEqual(before?.refreshedAt);

    // Other booking software renames the guest (over the service's JSON face).
    const [row] = await query<{ id: number }>(
      t,
      sql`select id from meldescheine where replace(meldescheinnummer, '-', '') = ${booked[1]!.meldescheinnummer}`,
    );
    const elsewhere = await formsClient(t);
    const [json] = (await elsewhere.get([row!.id])).json.response as FormResponse[];
    const updated = await elsewhere.update({
      id: row!.id,
      input_id: null,
      personen: [{ id: json!.personen[0]!.id, Gast_Name: 'Visser' }],
    });
    expect(updated.status).toBe(200);
    vi.advanceTimersByTime(61_000);
    sent = [];
    expect((await syncIndex(session, config)).changed).toBe(1);
    expect(forms()).toBe(1);
    expect((await findForm(owner, booked[1]!.id))?.firstGuestName).toMatch(/Visser/);
  });
});
