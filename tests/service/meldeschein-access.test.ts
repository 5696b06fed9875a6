// Permissions and visibility (DECISIONS 2.3, 2.4): another landlord's form is a 404 exactly like
// a form that does not exist and stays untouched; `meta` that is not the caller's is a 403.
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@/lib/service/provisioning';
import { useTestDb } from '../helpers/db';
import type { CallResult } from '../helpers/api';
import { formsClient, person, type FormsClient } from './meldeschein-fixtures';
import type { FormResponse } from '@/lib/wire/meldeschein';

const t = useTestDb();
let anna: FormsClient; // demo: Ferienwohnungen Möwe
let jens: FormsClient; // demo2: Haus Seeblick, same municipality
let annasForm: FormResponse;

beforeAll(async () => {
  anna = await formsClient(t);
  jens = await formsClient(t, 'demo2', {
    gemeinde: t.demo.gemeinden.seeblick.id,
    objekt: t.demo.objekte.seeblickObjekt,
  });
  annasForm = await anna.bookOk([person()]);
});

/** A 404 answer with the asked id masked: all that may differ between the two cases. */
const comparable = (res: CallResult<{ error?: unknown }>, id: number) => ({
  status: res.status,
  error: JSON.stringify(res.json.error).replaceAll(String(id), '#'),
});

describe('forms of other landlords', () => {
  it('get answers 404 exactly as for a form that does not exist', async () => {
    const foreign = await jens.get([annasForm.id]);
    const missing = await jens.get([99_999_999]);
    expect(foreign.status).toBe(404);
    expect(comparable(foreign, annasForm.id)).toEqual(comparable(missing, 99_999_999));
    expect(foreign.text).not.toContain('Erika');
  });

  it('update answers 404 and leaves the form untouched', async () => {
    const res = await jens.update({
      id: annasForm.id,
      personen: [{ id: annasForm.personen[0]!.id, Gast_Vorname: 'Hacked' }],
    });
    expect(res.status).toBe(404);
    expect((await anna.get([annasForm.id])).json.response[0]).toEqual(annasForm);
  });

  it('cancel answers 404 and leaves the form untouched', async () => {
    const res = await jens.cancel([annasForm.id]);
    expect(res.status).toBe(404);
    expect((await anna.get([annasForm.id])).json.response[0]!.state).toBe('draft');
  });

  it('a form is visible only with meta naming its municipality', async () => {
    const multi = await formsClient(t, 'multi', {
      gemeinde: t.demo.gemeinden.seeblick.id,
      objekt: t.demo.objekte.agenturA,
    });
    const seeblickForm = await multi.bookOk([person()]);
    const inHohenwald = await formsClient(t, 'multi', {
      gemeinde: t.demo.gemeinden.hohenwald.id,
      objekt: t.demo.objekte.agenturB,
    });
    expect((await inHohenwald.get([seeblickForm.id])).status).toBe(404);
    expect((await multi.get([seeblickForm.id])).status).toBe(200);
  });
});

describe('meta', () => {
  it('refuses an object of another landlord with 403 meta_forbidden', async () => {
    const res = await anna.book([person()], {}, { objekt: t.demo.objekte.seeblickObjekt });
    expect(res.status).toBe(403);
    expect(res.json.error?.code).toBe('meta_forbidden');
  });

  it('refuses a municipality the caller has no object in, or that does not exist', async () => {
    for (const gemeinde of [t.demo.gemeinden.hohenwald.id, 424_242, 2 ** 40]) {
      const res = await anna.get([annasForm.id], { gemeinde });
      expect(res.status).toBe(403);
      expect(res.json.error?.code).toBe('meta_forbidden');
    }
  });

  it('refuses an object that is not in the named municipality', async () => {
    const multi = await formsClient(t, 'multi', {
      gemeinde: t.demo.gemeinden.seeblick.id,
      objekt: t.demo.objekte.agenturB,
    });
    expect((await multi.book([person()])).status).toBe(403);
  });

  it('refuses a meta.vermieter that is not the landlord of the object', async () => {
    const res = await anna.get([annasForm.id], { vermieter: t.demo.beherberger.agentur });
    expect(res.status).toBe(403);
  });

  it('checks meta (403) before ids (404), and the body (400) before meta', async () => {
    const foreignMeta = { objekt: t.demo.objekte.seeblickObjekt };
    expect((await anna.get([99_999_999], foreignMeta)).status).toBe(403);
    const bad = await anna.post('get/', {
      meta: { ...anna.meta, ...foreignMeta },
      meldescheine: ['x'],
    });
    expect(bad.status).toBe(400);
  });
});

describe('permissions', () => {
  it('refuses calls the account has no permission for with 403 permission_denied', async () => {
    await createUser(
      t.db,
      {
        username: 'reader',
        beherberger: [t.demo.beherberger.moewe],
        permissions: ['meldeschein.view_meldeschein'],
      },
      'reader',
    );
    const reader = await formsClient(t, 'reader');
    expect((await reader.get([annasForm.id])).status).toBe(200);
    const results: CallResult<{ error?: { code: string } }>[] = [
      await reader.book([person()]),
      await reader.update({ id: annasForm.id, personen: [] }),
      await reader.cancel([annasForm.id]),
    ];
    for (const res of results) {
      expect(res.status).toBe(403);
      expect(res.json.error?.code).toBe('permission_denied');
    }
  });

  it('needs a token', async () => {
    const res = await anna.api.post('import/meldeschein/get/', {
      meta: anna.meta,
      meldescheine: [1],
    });
    expect(res.status).toBe(401);
  });
});
