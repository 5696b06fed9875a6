// The portal's index brought up to date from the service (issue 11): forms booked elsewhere (here
// straight at the service, as booking software does) enter it through the `list/` extension; a
// service without it (the real municipal systems answer 404) leaves the index to the portal's own
// forms, refreshed by id. Against this app's service in-process, on a database from the migrations.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { findForm, saveForms } from '@/lib/portal/stays/forms-index';
import { getDb } from '@/lib/db';
import { portalIndexSync } from '@/lib/db/schema';
import { indexSyncDue, syncAfterShow, syncIndex } from '@/lib/portal/stays/index-sync';
import { useTestDb } from '../helpers/db';
import { Y, formsClient, person, type FormsClient } from '../service/meldeschein-fixtures';
import { inProcessSession, ownerOfSession } from './in-process-service';

const t = useTestDb();
let anna: FormsClient;
let jens: FormsClient;

/** Without `list/`: the real municipal systems answer 404 (here an HTML page, as a web server would). */
const withoutList = (username: string, token: string) =>
  inProcessSession(t, username, token, {
    serviceUrl: 'http://municipal.test/api/',
    intercept: async (request, pass) =>
      request.url.endsWith('/list/') ? new Response('<h1>Not Found</h1>', { status: 404 }) : pass(),
  });
const owner = ownerOfSession;

beforeAll(async () => {
  anna = await formsClient(t);
  jens = await formsClient(t, 'demo2', {
    gemeinde: t.demo.gemeinden.seeblick.id,
    objekt: t.demo.objekte.seeblickObjekt,
  });
});

describe('index sync', () => {
  it('adds forms booked elsewhere, never another landlord’s, then only what changed', async () => {
    const elsewhere = await anna.bookOk([person({ Gast_Vorname: 'Extern' })]);
    const theirs = await jens.bookOk([person()]);
    const session = inProcessSession(t, 'demo', anna.token);
    const config = await session.api.currentUser();

    expect(await syncIndex(session, config)).toEqual({ changed: 1, listAvailable: true });
    expect(await findForm(owner(session), elsewhere.id)).toMatchObject({
      firstGuestName: 'Extern Mustermann',
      state: 'draft',
    });
    expect(await findForm(owner(session), theirs.id)).toBeUndefined();

    // A page visit within the minute asks nothing; the refresh button does.
    await anna.cancel([elsewhere.id]);
    const later = await anna.bookOk([
      person({ arrival_date: `${Y}-08-01`, departure_date: `${Y}-08-04` }),
    ]);
    expect(await syncIndex(session, config)).toMatchObject({ changed: 0, listAvailable: true });
    expect(await syncIndex(session, config, true)).toEqual({ changed: 2, listAvailable: true });
    expect((await findForm(owner(session), elsewhere.id))?.state).toBe('cancelled');
    expect(await findForm(owner(session), later.id)).toBeDefined();
  });

  it('brings a new sign-in what was booked before it, within the minute too', async () => {
    const earlier = inProcessSession(t, 'demo', anna.token, { signedInAt: new Date() });
    const config = await earlier.api.currentUser();
    await syncIndex(earlier, config, true);
    // The booking software sends a form; the landlord signs in a moment later.
    const sent = await anna.bookOk([person({ Gast_Vorname: 'Gleich' })]);
    const signedIn = new Date(Date.now() + 1);
    await new Promise((r) => setTimeout(r, 2));
    const now = inProcessSession(t, 'demo', anna.token, { signedInAt: signedIn });
    // The earlier session's page visits keep to the minute; the new sign-in's first one does not.
    expect(await syncIndex(earlier, config)).toMatchObject({ changed: 0 });
    expect(await findForm(owner(now), sent.id)).toBeUndefined();
    expect(await syncIndex(now, config)).toMatchObject({ changed: 1, listAvailable: true });
    expect(await findForm(owner(now), sent.id)).toMatchObject({
      firstGuestName: 'Gleich Mustermann',
    });
    expect(await syncIndex(now, config)).toMatchObject({ changed: 0 });
  });

  it('falls back to its own index against a service without list/', async () => {
    const session = withoutList('demo', anna.token);
    const config = await session.api.currentUser();
    const own = await anna.bookOk([person({ Gast_Vorname: 'Portal' })]);
    const elsewhere = await anna.bookOk([person({ Gast_Vorname: 'Extern' })]);
    // The portal indexes what it books itself.
    await saveForms(
      owner(session),
      config.gemeinden[0]!.id,
      (await anna.get([own.id])).json.response,
    );
    await anna.cancel([own.id]);

    expect(await syncIndex(session, config, true)).toEqual({ changed: 1, listAvailable: false });
    expect((await findForm(owner(session), own.id))?.state).toBe('cancelled');
    expect(await findForm(owner(session), elsewhere.id)).toBeUndefined();
    // Remembered: the next visit does not ask for the list again.
    expect(await syncIndex(session, config)).toMatchObject({ changed: 0, listAvailable: false });
  });

  it('tells a page shown during another page’s sync to render again', async () => {
    // Signing in shows the overview, whose sync is still running when the stays page (opened
    // right away) reads the index; the stays page's own sync then falls within the minute.
    const session = inProcessSession(t, 'demo', anna.token, {
      serviceUrl: 'http://pages.test/api/',
    });
    const config = await session.api.currentUser();
    const elsewhere = await anna.bookOk([person({ Gast_Vorname: 'Zwischendurch' })]);
    const shownAt = new Date(); // the stays page read the index, without the form
    await syncIndex(session, config); // then the overview's sync finished
    expect(await findForm(owner(session), elsewhere.id)).toBeDefined();
    expect(await syncAfterShow(session, config, shownAt)).toBe(true);
    // A page shown after the sync shows the index as it is: nothing to render again.
    expect(await syncAfterShow(session, config, new Date())).toBe(false);
  });

  it('lets a page ask for a sync only when one is due (issue 19)', async () => {
    // The action that answered "not yet" cost as much server time as the page: the page asks
    // only when a visit's sync would run (never synced, over a minute ago, or before a sign-in).
    const serviceUrl = 'http://due.test/api/';
    const first = inProcessSession(t, 'demo2', jens.token, { serviceUrl, signedInAt: new Date() });
    const config = await first.api.currentUser();
    const before = Date.now();
    const due = await indexSyncDue(first);
    expect(due).toBeGreaterThanOrEqual(before);
    expect(due).toBeLessThanOrEqual(Date.now());
    await syncIndex(first, config);
    expect(await indexSyncDue(first)).toBeNull();

    await new Promise((r) => setTimeout(r, 2));
    const later = inProcessSession(t, 'demo2', jens.token, { serviceUrl, signedInAt: new Date() });
    expect(await indexSyncDue(later)).toEqual(expect.any(Number));
    await syncIndex(later, config);
    expect(await indexSyncDue(later)).toBeNull();
    expect(await indexSyncDue(first)).toBeNull();

    // The refresh button's sync in another tab: a page reading the index meanwhile asks as well.
    const refresh = syncIndex(later, config, true);
    expect(await indexSyncDue(later)).toEqual(expect.any(Number));
    await refresh;
    expect(await indexSyncDue(later)).toBeNull();

    const db = await getDb();
    await db
      .update(portalIndexSync)
      .set({ syncedAt: new Date(Date.now() - 61_000) })
      .where(eq(portalIndexSync.serviceUrl, serviceUrl));
    expect(await indexSyncDue(later)).toEqual(expect.any(Number));
  });
});
