// Every refused booking names the failing field path (DECISIONS 2.3, 2.6, 2.10): the static shape
// (wire schema) and the rules of the municipality (meldeschein_fields, tariffs, dates).
import { beforeAll, describe, expect, it } from 'vitest';
import { tarife } from '@/lib/db/schema';
import { clearGemeindeConfigCache } from '@/lib/service/meldescheine/config';
import { useTestDb } from '../helpers/db';
import {
  count,
  formsClient,
  group,
  paths,
  person,
  tarif,
  Y,
  type FormsClient,
} from './meldeschein-fixtures';

const t = useTestDb();
let c: FormsClient;

beforeAll(async () => {
  c = await formsClient(t);
});

/** Book one form whose second guest is `bad`; expect 400 naming `path` (and return the body). */
async function refused(bad: Record<string, unknown>, path: string, code = 'validation_error') {
  const res = await c.book([person(), bad]);
  expect(res.status, res.text).toBe(400);
  expect(res.json.error?.code).toBe(code);
  expect(paths(res)).toContain(`meldescheine[0].personen[1].${path}`);
  return res;
}

describe('guest fields of the municipality', () => {
  it('requires every required field of an individual guest', async () => {
    const { Gast_Vorname: _v, ...rest } = person();
    const res = await refused(rest, 'Gast_Vorname');
    expect(res.json.error?.details.find((d) => d.path.endsWith('Gast_Vorname'))?.message).toMatch(
      /required/,
    );
  });

  it('treats null and blank text as missing', async () => {
    await refused(person({ Gast_Name: null }), 'Gast_Name');
    await refused(person({ Gast_Wohnort: '   ' }), 'Gast_Wohnort');
  });

  it('refuses unknown fields and names the allowed ones', async () => {
    const res = await refused(person({ Gast_Vornam: 'Typo' }), 'Gast_Vornam', 'unknown_field');
    expect(res.json.error?.details[0]?.message).toMatch(/allowed: .*Gast_Vorname/);
  });

  it('refuses id and delete on booking (they belong to updates)', async () => {
    await refused(person({ id: 5 }), 'id', 'unknown_field');
  });

  it('checks each data type', async () => {
    await refused(person({ Gast_Geburtsdatum: '09.03.1985' }), 'Gast_Geburtsdatum');
    await refused(person({ Gast_Geburtsdatum: '1985-02-30' }), 'Gast_Geburtsdatum');
    await refused(person({ Gast_Email: 'erika(at)example.org' }), 'Gast_Email');
    await refused(person({ Gast_Land: 'Deutschlandia' }), 'Gast_Land');
    await refused(person({ Gast_Land: 'XX' }), 'Gast_Land');
    await refused(person({ Gast_Vorname: 42 }), 'Gast_Vorname');
  });

  it('checks number and boolean fields, accepting their string forms', async () => {
    const wald = await formsClient(t, 'multi', {
      gemeinde: t.demo.gemeinden.hohenwald.id,
      objekt: t.demo.objekte.agenturB,
    });
    const erw = await tarif(t, t.demo.gemeinden.hohenwald.id, 'ERW');
    const guest = (extra: Record<string, unknown>) => ({
      tarif_id: erw,
      gast_type: 'person',
      arrival_date: `${Y}-03-01`,
      departure_date: `${Y}-03-03`,
      Gast_Vorname: 'A',
      Gast_Name: 'B',
      Gast_Land: 'DE',
      ...extra,
    });
    const bad = await wald.book([guest({ Gast_Hund_Anzahl: 'zwei', Gast_Anreise_Bahn: 'ja' })]);
    expect(bad.status).toBe(400);
    expect(paths(bad)).toEqual([
      'meldescheine[0].personen[0].Gast_Hund_Anzahl',
      'meldescheine[0].personen[0].Gast_Anreise_Bahn',
    ]);
    const ok = await wald.book([guest({ Gast_Hund_Anzahl: 1.5, Gast_Anreise_Bahn: false })]);
    expect(ok.status).toBe(200);
  });

  it('counts size in characters (code points) and refuses longer text instead of cutting it', async () => {
    // Gast_Vorname has size 60: 60 emoji are 120 UTF-16 units but 60 characters.
    expect((await c.book([person({ Gast_Vorname: '😀'.repeat(60) })])).status).toBe(200);
    const res = await refused(person({ Gast_Vorname: 'x'.repeat(61) }), 'Gast_Vorname');
    expect(res.json.error?.message).toMatch(/at most 60/);
  });

  it('refuses text a database cannot store (NUL, broken Unicode)', async () => {
    await refused(person({ Gast_Strasse: 'Weg\u0000 1' }), 'Gast_Strasse');
    await refused(person({ Gast_Strasse: 'Weg \ud800' }), 'Gast_Strasse');
  });

  it('names every failing path in one answer', async () => {
    const res = await c.book([
      person({ Gast_Land: 'XX' }),
      person({ Gast_Email: 'no', arrival_date: `${Y}-07-20` }),
    ]);
    expect(paths(res)).toEqual([
      'meldescheine[0].personen[0].Gast_Land',
      'meldescheine[0].personen[1].departure_date',
      'meldescheine[0].personen[1].Gast_Email',
    ]);
  });
});

describe('tariffs and dates', () => {
  it('refuses a tariff of another municipality', async () => {
    const other = await tarif(t, t.demo.gemeinden.hohenwald.id, 'ERW');
    const res = await refused(person({ tarif_id: other }), 'tarif_id');
    expect(res.json.error?.details[0]?.message).toMatch(/not a tariff of municipality/);
  });

  it('refuses an inactive tariff', async () => {
    const [row] = await t.db
      .insert(tarife)
      .values({
        gemeindeId: t.demo.gemeinden.seeblick.id,
        alias: 'Alt',
        fullAlias: 'Alter Tarif',
        tarifCode: 'ALT',
        isActive: false,
      })
      .returning({ id: tarife.id });
    clearGemeindeConfigCache();
    const res = await refused(person({ tarif_id: row!.id }), 'tarif_id');
    expect(res.json.error?.details[0]?.message).toMatch(/not active/);
  });

  it('requires departure after arrival', async () => {
    await refused(person({ departure_date: `${Y}-07-14` }), 'departure_date');
    await refused(person({ departure_date: `${Y}-07-01` }), 'departure_date');
  });

  it('requires real calendar dates', async () => {
    await refused(person({ arrival_date: `${Y}-02-30` }), 'arrival_date');
    await refused(person({ arrival_date: '14.07.2027' }), 'arrival_date');
  });

  it('refuses stays longer than 366 nights', async () => {
    await refused(
      person({ arrival_date: `${Y}-01-01`, departure_date: `${Y + 2}-01-01` }),
      'departure_date',
    );
  });

  it('requires tariff, type and both dates on booking', async () => {
    const res = await c.book([{ Gast_Vorname: 'A' }]);
    expect(res.status).toBe(400);
    expect(paths(res)).toEqual(
      expect.arrayContaining(
        ['tarif_id', 'gast_type', 'arrival_date', 'departure_date'].map(
          (k) => `meldescheine[0].personen[0].${k}`,
        ),
      ),
    );
  });

  it('refuses other guest types and an anzahl below 1', async () => {
    await refused(person({ gast_type: 'familie' }), 'gast_type');
    await refused(group(0), 'anzahl');
  });
});

describe('shape of the request', () => {
  it('refuses another ms_type', async () => {
    const res = await c.post('buchen/', {
      meta: c.meta,
      meldescheine: [{ ms_type: 'paper', personen: [person()] }],
    });
    expect(res.status).toBe(400);
    expect(paths(res)).toEqual(['meldescheine[0].ms_type']);
  });

  it('refuses unknown fields of the form and of the body', async () => {
    const res = await c.post('buchen/', {
      meta: c.meta,
      extra: 1,
      meldescheine: [{ personen: [person()], kurtaxe: 0 }],
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: 'unknown_field' });
    expect(paths(res).sort()).toEqual(['extra', 'meldescheine[0].kurtaxe']);
  });

  it('needs at least one form and one guest per form', async () => {
    const none = await c.post('buchen/', { meta: c.meta, meldescheine: [] });
    expect(paths(none)).toEqual(['meldescheine']);
    const empty = await c.post('buchen/', { meta: c.meta, meldescheine: [{ personen: [] }] });
    expect(paths(empty)).toEqual(['meldescheine[0].personen']);
  });

  it('allows at most 100 forms and 200 guests per form (too_many_items)', async () => {
    const forms = await c.post('buchen/', {
      meta: c.meta,
      meldescheine: Array.from({ length: 101 }, () => ({ personen: [person()] })),
    });
    expect(forms.status).toBe(400);
    expect(forms.json.error).toMatchObject({ code: 'too_many_items' });
    const guests = await c.book(Array.from({ length: 201 }, () => group(1)));
    expect(guests.json.error).toMatchObject({ code: 'too_many_items' });
    expect(paths(guests)).toEqual(['meldescheine[0].personen']);
  });

  it('answers malformed JSON with 400 malformed_body and books nothing', async () => {
    const before = await count(t, 'meldescheine');
    const res = await c.post('buchen/', undefined, { raw: '{"meta": {' });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: 'malformed_body' });
    expect(await count(t, 'meldescheine')).toBe(before);
  });

  it('needs a requestId when idempotent is true', async () => {
    const res = await c.book([person()], {}, { idempotent: true });
    expect(res.status).toBe(400);
    expect(paths(res)).toEqual(['meta.requestId']);
  });

  it('refuses a requestId with control characters', async () => {
    const res = await c.book([person()], {}, { requestId: 'a\u0000b', idempotent: true });
    expect(res.status).toBe(400);
    expect(paths(res)).toEqual(['meta.requestId']);
  });
});

describe('the municipality rules follow meta.gemeinde', () => {
  it('checks against the fields of that municipality only', async () => {
    // Gast_Kfz_Kennzeichen exists in Hohenwald, not in Seeblick.
    await refused(
      person({ Gast_Kfz_Kennzeichen: 'HW-A 1' }),
      'Gast_Kfz_Kennzeichen',
      'unknown_field',
    );
  });
});
