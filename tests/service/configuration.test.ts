// GET users/get_current_user/ (spec 2.6, 4.6): everything of one's own, nothing of anyone else's.
import { describe, expect, it } from 'vitest';
import { CurrentUserResponse, PERMISSIONS } from '@/lib/wire/config';
import { apiClient } from '../helpers/api';
import { useTestDb } from '../helpers/db';

const t = useTestDb();
const api = () => apiClient(t);

async function configOf(username: string) {
  const token = await api().login(username);
  const res = await api().get('users/get_current_user/', { token });
  expect(res.status).toBe(200);
  return CurrentUserResponse.parse(res.json);
}

describe('users/get_current_user/', () => {
  it("returns the user's landlord, objects, municipality configuration and permissions", async () => {
    const c = await configOf('demo');
    expect(c.user).toMatchObject({ username: 'demo', first_name: 'Anna', is_active: true });
    expect(c.beherberger.map((b) => b.alias)).toEqual(['Ferienwohnungen Möwe']);
    const objekte = c.beherberger[0]!.objekte;
    expect(objekte.map((o) => [o.alias, o.anzahl_betten, o.tarifzone.alias])).toEqual([
      ['Möwennest', 4, 'Zone I'],
      ['Dünenhaus', 6, 'Zone II'],
    ]);
    expect(c.gemeinden).toHaveLength(1);
    const g = c.gemeinden[0]!;
    expect(g.alias).toBe('Ostseebad Seeblick');
    expect(g.tarife.map((x) => x.tarif_code)).toEqual(['ERW', 'KIND', 'KLEIN', 'SB']);
    expect(g.tarife.find((x) => x.default_selected)?.tarif_code).toBe('ERW');
    expect(g.tarifzonen.map((z) => z.alias)).toEqual(['Zone I', 'Zone II']);
    expect(new Set(g.saisonzeiten.map((s) => s.alias))).toEqual(
      new Set(['Hauptsaison', 'Nebensaison']),
    );
    const fields = g.meldeschein_fields;
    expect(fields.map((f) => f.column_name)).toEqual([
      'Gast_Vorname',
      'Gast_Name',
      'Gast_Geburtsdatum',
      'Gast_Strasse',
      'Gast_Postleitzahl',
      'Gast_Wohnort',
      'Gast_Land',
      'Gast_Staatsangehoerigkeit',
      'Gast_Ausweisnummer',
      'Gast_Email',
    ]);
    expect(fields.find((f) => f.column_name === 'Gast_Geburtsdatum')).toMatchObject({
      data_type: 'date',
      required: true,
    });
    expect(fields.find((f) => f.column_name === 'Gast_Email')).toMatchObject({
      data_type: 'email',
      required: false,
    });
    expect([...fields].sort((a, b) => a.view_order - b.view_order)).toEqual(fields);
    expect(c.permissions).toEqual([...PERMISSIONS].sort());
  });

  it("shows demo2 none of demo's landlords or objects", async () => {
    const demo = await configOf('demo');
    const demo2 = await configOf('demo2');
    const ids = (c: typeof demo) => ({
      beherberger: c.beherberger.map((b) => b.id),
      objekte: c.beherberger.flatMap((b) => b.objekte.map((o) => o.id)),
    });
    const a = ids(demo);
    const b = ids(demo2);
    expect(b.beherberger).toHaveLength(1);
    expect(b.objekte).toHaveLength(1);
    expect(b.beherberger.filter((id) => a.beherberger.includes(id))).toEqual([]);
    expect(b.objekte.filter((id) => a.objekte.includes(id))).toEqual([]);
    expect(JSON.stringify(demo2)).not.toContain('Möwennest');
    expect(JSON.stringify(demo2)).not.toContain('anna@fewo-moewe.example');
  });

  it('lists both municipalities, each with its own field set, for a landlord with objects in both', async () => {
    const c = await configOf('multi');
    expect(c.gemeinden.map((g) => g.alias).sort()).toEqual([
      'Luftkurort Hohenwald',
      'Ostseebad Seeblick',
    ]);
    const hohenwald = c.gemeinden.find((g) => g.alias === 'Luftkurort Hohenwald')!;
    expect(hohenwald.meldeschein_fields.map((f) => f.data_type)).toEqual(
      expect.arrayContaining(['boolean', 'number', 'country']),
    );
    const waldhuette = c.beherberger[0]!.objekte.find((o) => o.alias === 'Waldhütte')!;
    expect(waldhuette.gemeinde).toBe(hohenwald.id);
    expect(hohenwald.tarifzonen.map((z) => z.id)).toContain(waldhuette.tarifzone_id);
  });

  it('answers in XML with list-items, empty elements for null and typed values', async () => {
    const token = await api().login('demo');
    const res = await api().get('users/get_current_user/', { token, format: 'xml' });
    expect(res.status).toBe(200);
    expect(res.text).toContain('<beherberger><list-item><id>1</id><objekte><list-item>');
    expect(res.text).toContain('<comment></comment>');
    // `modified` equals `created` until changed, never empty (DECISIONS 2.10).
    expect(res.text).not.toContain('<modified></modified>');
    expect(res.text).toContain('<is_active>true</is_active>');
    expect(res.text).toContain('<permissions><list-item>meldeschein.add_meldeschein</list-item>');
  });

  it('records the last login', async () => {
    const c = await configOf('demo2');
    expect(c.user.last_login).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/,
    );
  });
});
