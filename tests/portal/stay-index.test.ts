// A stay's page reads (issue 11): it shows a form the portal has not indexed, with the state the
// service gives, and leaves the index as it was; the action its page calls once shown (syncForm)
// takes the form into the index, or out of it when the service no longer shows it. Against this
// app's service in-process, on a database from the migrations.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadForm } from '@/lib/portal/stays/load-form';
import { findForm, saveForms } from '@/lib/portal/stays/forms-index';
import { syncForm } from '@/lib/portal/stays/index-sync';
import { useTestDb } from '../helpers/db';
import { formsClient, person, type FormsClient } from '../service/meldeschein-fixtures';
import { inProcessSession, ownerOfSession as owner } from './in-process-service';

const t = useTestDb();
let anna: FormsClient;

beforeAll(async () => {
  anna = await formsClient(t);
});

describe('a stay read for its page', () => {
  it('shows a form booked elsewhere without taking it into the index', async () => {
    const session = inProcessSession(t, 'demo', anna.token, {
      serviceUrl: 'http://read.test/api/',
    });
    const config = await session.api.currentUser();
    const elsewhere = await anna.bookOk([person({ Gast_Vorname: 'Extern' })]);

    const loaded = await loadForm(session, config, elsewhere.id, { protokoll: true });
    expect(loaded?.form).toMatchObject({ id: elsewhere.id, state: 'draft' });
    expect(loaded?.gemeindeId).toBe(anna.meta.gemeinde);
    expect(loaded?.indexed).toBe(false);
    expect(await findForm(owner(session), elsewhere.id)).toBeUndefined();

    expect((await syncForm(session, config, elsewhere.id))?.form.id).toBe(elsewhere.id);
    expect(await findForm(owner(session), elsewhere.id)).toMatchObject({
      firstGuestName: 'Extern Mustermann',
      state: 'draft',
    });
  });

  it('shows the service’s state and leaves an outdated index row to the sync', async () => {
    const session = inProcessSession(t, 'demo', anna.token, {
      serviceUrl: 'http://stale.test/api/',
    });
    const config = await session.api.currentUser();
    const form = await anna.bookOk([person()]);
    await saveForms(owner(session), anna.meta.gemeinde, [form]);
    await anna.cancel([form.id]);

    const read = await loadForm(session, config, form.id);
    expect(read).toMatchObject({ form: { state: 'cancelled' }, indexed: false });
    expect((await findForm(owner(session), form.id))?.state).toBe('draft');

    await syncForm(session, config, form.id);
    expect((await findForm(owner(session), form.id))?.state).toBe('cancelled');
    // Now the index holds the form as the page reads it: the page asks for no second get/.
    expect((await loadForm(session, config, form.id))?.indexed).toBe(true);
  });

  it('keeps a row the service no longer shows until the sync removes it', async () => {
    // Another user's form (the service answers 404) stands for one this user can no longer see.
    const jens = await formsClient(t, 'demo2', {
      gemeinde: t.demo.gemeinden.seeblick.id,
      objekt: t.demo.objekte.seeblickObjekt,
    });
    const theirs = await jens.bookOk([person()]);
    const session = inProcessSession(t, 'demo', anna.token, {
      serviceUrl: 'http://gone.test/api/',
    });
    const config = await session.api.currentUser();
    await saveForms(owner(session), anna.meta.gemeinde, [theirs]);

    expect(await loadForm(session, config, theirs.id)).toBeNull();
    expect(await findForm(owner(session), theirs.id)).toBeDefined();

    expect(await syncForm(session, config, theirs.id)).toBeNull();
    expect(await findForm(owner(session), theirs.id)).toBeUndefined();
  });
});
