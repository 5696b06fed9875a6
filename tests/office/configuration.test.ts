// The municipality's configuration as the office changes it (docs/decisions/033): the file's own
// schemas name every wrong field of a form at once; changes that would break booked forms (a
// tariff, field, zone or season in use) are refused with their reason and leave no audit entry;
// accepted ones write their entry, raise the municipality's config_version and are booked against
// at once.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { gemeinden, meldescheinFields, saisonzeiten, staffAudit } from '@/lib/db/schema';
import type { Actor } from '@/lib/office/audit/audit';
import {
  addField,
  addSeason,
  addTarif,
  addZone,
  ConfigRefused,
  deleteField,
  deleteSeason,
  deleteTarif,
  deleteZone,
  RateInput,
  setRate,
  updateField,
  updateSeason,
  updateTarif,
} from '@/lib/office/configuration/changes';
import {
  fieldFromForm,
  issuesByField,
  rateFromForm,
  seasonFromForm,
  tarifFromForm,
  type IssueWords,
} from '@/lib/office/configuration/input';
import {
  FieldInput,
  GemeindeConfigFile,
  SeasonInput,
  TarifInput,
} from '@/lib/service/provisioning/schema';
import { addDays, berlinToday } from '@/lib/wire/time';
import { useTestDb } from '../helpers/db';
import { formsClient, person, tarif, Y, type FormsClient } from '../service/meldeschein-fixtures';

const t = useTestDb();
const staff: Actor = { staffId: null, name: 'tester' };
let c: FormsClient;
let g: number;

const words: IssueWords = {
  required: 'REQUIRED',
  invalid: 'INVALID',
  number: 'NUMBER',
  codes: {
    not_a_date: 'DATE',
    until_before_from: 'ORDER',
    reserved_name: 'RESERVED',
    foreign_only_required: 'FOREIGN',
    statistical_type: 'STATISTICAL',
  },
};

const form = (values: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
};

const auditCount = async () => (await t.db.select().from(staffAudit)).length;

async function refusal(p: Promise<unknown>): Promise<{ code: string; params: object }> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ConfigRefused);
  const r = err as ConfigRefused;
  return { code: r.code, params: r.params };
}

beforeAll(async () => {
  c = await formsClient(t);
  g = t.demo.gemeinden.seeblick.id;
});

describe('configuration input', () => {
  it('names every wrong field of a form at once', () => {
    const field = FieldInput.safeParse(
      fieldFromForm(form({ column_name: '1st', alias: '', data_type: 'colour', size: 'ten' })),
    );
    expect(field.success).toBe(false);
    expect(issuesByField(field.error!, words)).toEqual({
      column_name: 'INVALID',
      alias: 'REQUIRED',
      data_type: 'INVALID',
      size: 'NUMBER',
    });
    const rules = FieldInput.safeParse(
      fieldFromForm(
        form({
          column_name: 'Gast_Beruf',
          alias: 'Beruf',
          data_type: 'text',
          required: 'on',
          required_foreign_only: 'on',
          statistical: 'on',
        }),
      ),
    );
    expect(issuesByField(rules.error!, words)).toEqual({
      required: 'FOREIGN',
      statistical: 'STATISTICAL',
    });
    const reserved = FieldInput.safeParse(
      fieldFromForm(form({ column_name: 'tarif_id', alias: 'x', data_type: 'text' })),
    );
    expect(issuesByField(reserved.error!, words)).toEqual({ column_name: 'RESERVED' });

    const season = SeasonInput.safeParse(
      seasonFromForm(form({ alias: ' ', valid_from: `${Y}-02-30`, valid_until: 'soon' })),
    );
    expect(issuesByField(season.error!, words)).toEqual({
      alias: 'REQUIRED',
      valid_from: 'DATE',
      valid_until: 'DATE',
    });
    const order = SeasonInput.safeParse(
      seasonFromForm(
        form({ alias: 'Winter', valid_from: `${Y}-03-01`, valid_until: `${Y}-01-31` }),
      ),
    );
    expect(issuesByField(order.error!, words)).toEqual({ valid_until: 'ORDER' });

    const tariff = TarifInput.safeParse(tarifFromForm(form({ tarif_code: '', alias: '' })));
    expect(Object.keys(issuesByField(tariff.error!, words)).sort()).toEqual([
      'alias',
      'tarif_code',
    ]);
    const rate = RateInput.safeParse(
      rateFromForm(form({ tarif: '', zone: '3', valid_from: '31.13.2027', euro: '2,555' })),
    );
    expect(Object.keys(issuesByField(rate.error!, words)).sort()).toEqual([
      'euro',
      'tarif',
      'valid_from',
    ]);
    expect(rateFromForm(form({ euro: '2,50', valid_from: '1.2.2027' }))).toMatchObject({
      cents: 250,
      valid_from: '2027-02-01',
    });
  });

  it('checks the configuration file with the same schemas', () => {
    const file = GemeindeConfigFile.safeParse({
      gemeinde: { alias: 'Test' },
      tarifzonen: ['A'],
      tarife: [{ tarif_code: 'E', alias: 'E', rates: {} }],
      meldeschein_fields: [{ column_name: 'tarif_id', alias: 'x', data_type: 'text' }],
      saisonzeiten: [{ alias: 'S', valid_from: `${Y}-03-01`, valid_until: `${Y}-01-31` }],
    });
    expect(file.error!.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'meldeschein_fields.0.column_name',
      'saisonzeiten.0.valid_until',
    ]);
  });
});

describe('configuration changes', () => {
  it('refuses to delete or retype what booked forms use, and audits only what it does', async () => {
    await c.bookOk([person({ arrival_date: `${Y}-07-14`, departure_date: `${Y}-07-17` })]);
    const before = await auditCount();
    const erw = await tarif(t, g, 'ERW');
    expect(await refusal(deleteTarif(t.db, g, erw, staff))).toMatchObject({
      code: 'tarif_in_use',
      params: { forms: 1 },
    });
    // The demo's surname field, in use by the booking above.
    const [nameField] = await t.db
      .select()
      .from(meldescheinFields)
      .where(
        and(eq(meldescheinFields.gemeindeId, g), eq(meldescheinFields.columnName, 'Gast_Name')),
      );
    expect(await refusal(deleteField(t.db, g, nameField!.id, staff))).toMatchObject({
      code: 'field_in_use',
    });
    const nameInput = { alias: 'Nachname', data_type: 'number' as const, required: true };
    expect(await refusal(updateField(t.db, g, nameField!.id, nameInput, staff))).toMatchObject({
      code: 'field_type_in_use',
    });
    const zoneI = t.demo.gemeinden.seeblick.zones['Zone I']!;
    expect(await refusal(deleteZone(t.db, g, zoneI, staff))).toMatchObject({ code: 'zone_in_use' });
    const [summer] = await t.db
      .select()
      .from(saisonzeiten)
      .where(eq(saisonzeiten.validFrom, `${Y}-05-01`));
    expect(await refusal(deleteSeason(t.db, g, summer!.id, staff))).toMatchObject({
      code: 'season_in_use',
    });
    // Moving the season's start past the booked stay would move its nights out of the season.
    const moved = { alias: summer!.alias, valid_from: `${Y}-07-15`, valid_until: `${Y}-09-30` };
    expect(await refusal(updateSeason(t.db, g, summer!.id, moved, staff))).toMatchObject({
      code: 'season_in_use',
    });
    expect(await auditCount()).toBe(before);

    // What no form uses changes freely, each change with its entry.
    const far = await addSeason(
      t.db,
      g,
      { alias: 'Fern', valid_from: `${Y + 5}-01-01`, valid_until: `${Y + 5}-01-31` },
      staff,
    );
    await updateSeason(
      t.db,
      g,
      far,
      { alias: 'Fern', valid_from: `${Y + 5}-01-02`, valid_until: `${Y + 5}-02-28` },
      staff,
    );
    await deleteSeason(t.db, g, far, staff);
    const zone = await addZone(t.db, g, 'Zone III', staff);
    await deleteZone(t.db, g, zone, staff);
    const field = await addField(
      t.db,
      g,
      { column_name: 'Gast_Beruf', alias: 'Beruf', data_type: 'text' },
      staff,
    );
    await updateField(t.db, g, field, { alias: 'Beruf', data_type: 'number' }, staff);
    await deleteField(t.db, g, field, staff);
    const actions = (await t.db.select().from(staffAudit)).slice(before).map((a) => a.action);
    expect(actions).toEqual([
      'saison.create',
      'saison.update',
      'saison.delete',
      'tarifzone.create',
      'tarifzone.delete',
      'field.create',
      'field.update',
      'field.delete',
    ]);
  });

  it('shows a change to the portal at once: the version rises and bookings use it', async () => {
    await c.bookOk([person()]); // the booking cache holds the municipality now
    const version = async () =>
      (await t.db.select().from(gemeinden).where(eq(gemeinden.id, g)))[0]!.configVersion;
    const v0 = await version();
    const kur = await addTarif(t.db, g, { tarif_code: 'KUR', alias: 'Kurgast' }, staff);
    expect(await version()).toBeGreaterThan(v0);
    await setRate(
      t.db,
      g,
      {
        tarif: kur,
        zone: t.demo.gemeinden.seeblick.zones['Zone I']!,
        season: null,
        valid_from: null,
        cents: 111,
      },
      staff,
    );
    const arrival = addDays(berlinToday(), 3);
    const booked = await c.bookOk([
      person({ tarif_id: kur, arrival_date: arrival, departure_date: addDays(arrival, 2) }),
    ]);
    // Two nights; the demo's seasons have no rate of the new tariff, so the one without season.
    expect(booked.kurtaxe_calc).toBe(2.22);

    expect(await refusal(addTarif(t.db, g, { tarif_code: 'KUR', alias: 'x' }, staff))).toEqual({
      code: 'tarif_code_taken',
      params: { code: 'KUR' },
    });
    // In use now: deleting is refused, deactivating is not.
    expect(await refusal(deleteTarif(t.db, g, kur, staff))).toMatchObject({ code: 'tarif_in_use' });
    await updateTarif(t.db, g, kur, { alias: 'Kurgast', is_active: false }, staff);
    const unused = await addTarif(t.db, g, { tarif_code: 'NEU', alias: 'Neu' }, staff);
    await deleteTarif(t.db, g, unused, staff);
  });
});
