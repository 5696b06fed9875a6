// Editing and deactivating landlords, objects and accounts from the office (docs/decisions/032):
// every wrong field is named, a refused change writes nothing (no audit entry either), each change
// is in the audit log with what changed, the landlord's portal sees it at its next configuration
// call (the account's config_version), a deactivated object leaves the configuration and takes no
// new forms, and a deactivated account's token is refused at once.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { beherberger, objekte, staffAudit, tarifzonen } from '@/lib/db/schema';
import type { Actor } from '@/lib/office/audit/audit';
import {
  FieldError,
  changeObjektActive,
  changeUserActiveById,
  updateBeherberger,
  updateObjekt,
  updateUser,
} from '@/lib/office/landlords/edits';
import type { CurrentUserResponse } from '@/lib/wire/config';
import { apiClient } from '../helpers/api';
import { useTestDb } from '../helpers/db';
import { formsClient, person } from '../service/meldeschein-fixtures';

const t = useTestDb();
const clerk: Actor = { staffId: null, name: 'clerk' };

const auditOf = async (subject: string) =>
  (await t.db.select().from(staffAudit).where(eq(staffAudit.subject, subject))).map((a) => ({
    action: a.action,
    details: a.details,
  }));

async function refusal(p: Promise<unknown>): Promise<Record<string, string>> {
  try {
    await p;
  } catch (err) {
    if (err instanceof FieldError) return err.fields;
    throw err;
  }
  throw new Error('the change was not refused');
}

const config = async (token: string) =>
  apiClient(t).get<CurrentUserResponse>('users/get_current_user/', { token });

describe('editing a landlord', () => {
  it('names every wrong field and changes nothing when one is wrong', async () => {
    const id = t.demo.beherberger.seeblickHaus;
    const [before] = await t.db.select().from(beherberger).where(eq(beherberger.id, id));
    const fields = await refusal(
      updateBeherberger(t.db, id, { alias: '', email: 'not an address', ort: 'Neuort' }, clerk),
    );
    expect(fields).toEqual({ alias: 'required', email: 'email' });
    const [after] = await t.db.select().from(beherberger).where(eq(beherberger.id, id));
    expect(after!.ort).toBe(before!.ort);
    expect(await auditOf(`beherberger:${id}`)).toEqual([]);
  });

  it('saves the change with its audit entry, and the portal sees it at its next call', async () => {
    const id = t.demo.beherberger.seeblickHaus;
    const token = await apiClient(t).login('demo2');
    const first = await config(token);
    expect(first.status).toBe(200);
    const name = first.json.beherberger.find((b) => b.id === id)!.firma;
    expect(name).not.toBe('Haus Seeblick GmbH & Co. KG');

    const [row] = await t.db.select().from(beherberger).where(eq(beherberger.id, id));
    expect(
      await updateBeherberger(
        t.db,
        id,
        {
          alias: row!.alias,
          firma: 'Haus Seeblick GmbH & Co. KG',
          vorname: row!.vorname,
          nachname: row!.nachname,
          strasse: row!.strasse,
          plz: row!.plz,
          ort: row!.ort,
          telefon: row!.telefon,
          email: row!.email,
          vermieter_nr: row!.vermieterNr,
          debitor_nr: row!.debitorNr,
        },
        clerk,
      ),
    ).toBe(true);
    const second = await config(token);
    expect(second.json.beherberger.find((b) => b.id === id)!.firma).toBe(
      'Haus Seeblick GmbH & Co. KG',
    );
    expect(second.headers.get('etag')).not.toBe(first.headers.get('etag'));
    expect(await auditOf(`beherberger:${id}`)).toEqual([
      {
        action: 'beherberger.update',
        details: { changed: { firma: 'Haus Seeblick GmbH & Co. KG' } },
      },
    ]);
  });
});

describe('editing and deactivating an object', () => {
  it('refuses a zone of another municipality and a negative number of beds, naming both', async () => {
    const id = t.demo.objekte.seeblickObjekt;
    const [foreign] = await t.db
      .select({ id: tarifzonen.id })
      .from(tarifzonen)
      .where(eq(tarifzonen.gemeindeId, t.demo.gemeinden.hohenwald.id));
    expect(
      await refusal(
        updateObjekt(t.db, id, { alias: 'X', tarifzone: foreign!.id, anzahl_betten: -1 }, clerk),
      ),
    ).toEqual({ anzahl_betten: 'too_small' });
    expect(
      await refusal(
        updateObjekt(t.db, id, { alias: 'X', tarifzone: foreign!.id, anzahl_betten: 2 }, clerk),
      ),
    ).toEqual({ tarifzone: 'zone' });
    expect(await auditOf(`objekt:${id}`)).toEqual([]);
  });

  it('renames an object; deactivated it leaves the configuration and takes no new form', async () => {
    const id = t.demo.objekte.seeblickObjekt;
    const [o] = await t.db.select().from(objekte).where(eq(objekte.id, id));
    const c = await formsClient(t, 'demo2', { gemeinde: t.demo.gemeinden.seeblick.id, objekt: id });
    const before = await config(c.token);
    expect(
      await updateObjekt(
        t.db,
        id,
        { alias: 'Seeblick Suite', tarifzone: o!.tarifzoneId, anzahl_betten: 6 },
        clerk,
      ),
    ).toBe(true);
    const renamed = await config(c.token);
    const objectsOf = (r: typeof before) => r.json.beherberger.flatMap((b) => b.objekte);
    expect(objectsOf(renamed).find((x) => x.id === id)).toMatchObject({
      alias: 'Seeblick Suite',
      anzahl_betten: 6,
    });
    expect(renamed.headers.get('etag')).not.toBe(before.headers.get('etag'));

    expect((await c.book([person()])).status).toBe(200);
    expect(await changeObjektActive(t.db, id, false, clerk)).toBe(true);
    expect(objectsOf(await config(c.token)).map((x) => x.id)).not.toContain(id);
    const refused = await c.book([person()]);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('deactivated');

    expect(await changeObjektActive(t.db, id, true, clerk)).toBe(true);
    expect(objectsOf(await config(c.token)).map((x) => x.id)).toContain(id);
    expect((await c.book([person()])).status).toBe(200);
    expect((await auditOf(`objekt:${id}`)).map((a) => a.action)).toEqual([
      'objekt.update',
      'objekt.deactivate',
      'objekt.activate',
    ]);
  });
});

describe("a landlord's account", () => {
  it('names a taken e-mail address and an unknown right', async () => {
    const demo2 = (await config(await apiClient(t).login('demo2'))).json.user.id;
    expect(
      await refusal(
        updateUser(
          t.db,
          demo2,
          { email: 'anna@fewo-moewe.example', permissions: ['meldeschein.fly'] },
          clerk,
        ),
      ),
    ).toEqual({ permissions: 'invalid' });
    expect(
      await refusal(
        updateUser(t.db, demo2, { email: 'ANNA@fewo-moewe.example', permissions: [] }, clerk),
      ),
    ).toEqual({ email: 'taken' });
  });

  it('takes a right away at once, and a deactivated account’s token is refused at once', async () => {
    const api = apiClient(t);
    const token = await api.login('demo2');
    const me = await config(token);
    expect(me.json.permissions).toContain('meldeschein.add_meldeschein');
    const userId = me.json.user.id;
    expect(
      await updateUser(
        t.db,
        userId,
        {
          email: me.json.user.email,
          first_name: 'Jens',
          last_name: 'Berg',
          alias: 'Jens Berg',
          permissions: ['meldeschein.view_meldeschein'],
        },
        clerk,
      ),
    ).toBe(true);
    const narrowed = await config(token);
    expect(narrowed.json.permissions).toEqual(['meldeschein.view_meldeschein']);

    expect(await changeUserActiveById(t.db, userId, false, clerk)).toBe(true);
    const refused = await config(token);
    expect(refused.status).toBe(401);
    expect((await api.post('token/', { username: 'demo2', password: 'demo2' })).status).toBe(401);

    // Active again: a new sign-in works, the old token stays revoked.
    expect(await changeUserActiveById(t.db, userId, true, clerk)).toBe(true);
    expect((await config(token)).status).toBe(401);
    expect((await config(await api.login('demo2'))).status).toBe(200);
    expect((await auditOf(`user:${userId}`)).map((a) => a.action)).toEqual([
      'user.update',
      'user.deactivate',
      'user.activate',
    ]);
  });
});
