// Demo data for the embedded default and `npm run seed`. Demo passwords exist only here.
import { count, eq } from 'drizzle-orm';
import { lockStartup, type Db } from '../../db';
import { beherberger, objekte, users } from '../../db/schema';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { createBeherberger, createObjekt, createUser, loadGemeindeConfig } from './index';
import type { GemeindeConfigFile } from './schema';

function seasons(years: number[]) {
  return years.flatMap((y) => [
    { alias: 'Nebensaison', valid_from: `${y}-01-01`, valid_until: `${y}-04-30` },
    { alias: 'Hauptsaison', valid_from: `${y}-05-01`, valid_until: `${y}-09-30` },
    { alias: 'Nebensaison', valid_from: `${y}-10-01`, valid_until: `${y}-12-31` },
  ]);
}

const rate = (haupt: [number, number], neben: [number, number]) => ({
  'Zone I': { Hauptsaison: haupt[0], Nebensaison: neben[0] },
  'Zone II': { Hauptsaison: haupt[1], Nebensaison: neben[1] },
});

/**
 * Nationality (kept for statistics after the retention period) and the identity-document number,
 * which only foreign guests must give (BMG § 29(2), § 30(2) no. 6; docs/api.md).
 */
const foreignGuestFields: NonNullable<GemeindeConfigFile['meldeschein_fields']> = [
  {
    column_name: 'Gast_Staatsangehoerigkeit',
    alias: 'Staatsangehörigkeit',
    data_type: 'country',
    required: false,
    statistical: true,
  },
  {
    column_name: 'Gast_Ausweisnummer',
    alias: 'Ausweisnummer',
    data_type: 'text',
    required: false,
    required_foreign_only: true,
    size: 20,
  },
];

export function demoSeeblick(years: number[]): GemeindeConfigFile {
  return {
    gemeinde: { alias: 'Ostseebad Seeblick', datatable_name: 'ms_seeblick' },
    ortsteile: ['Seeblick', 'Dünenhagen'],
    unterkunftsarten: ['Ferienwohnung', 'Ferienhaus', 'Pension', 'Hotel'],
    tarifzonen: ['Zone I', 'Zone II'],
    saisonzeiten: seasons(years),
    tarife: [
      {
        tarif_code: 'ERW',
        alias: 'Erwachsene',
        full_alias: 'Erwachsene ab 16 Jahren',
        default_selected: true,
        rates: rate([300, 250], [200, 150]),
      },
      {
        tarif_code: 'KIND',
        alias: 'Kinder 6–15',
        full_alias: 'Kinder von 6 bis 15 Jahren',
        rates: rate([150, 120], [100, 80]),
      },
      {
        tarif_code: 'KLEIN',
        alias: 'Kinder unter 6',
        full_alias: 'Kinder unter 6 Jahren (frei)',
        rates: rate([0, 0], [0, 0]),
      },
      {
        tarif_code: 'SB',
        alias: 'Schwerbehinderte',
        full_alias: 'Schwerbehinderte ab 50 % GdB',
        rates: rate([150, 120], [100, 80]),
      },
    ],
    meldeschein_fields: [
      {
        column_name: 'Gast_Vorname',
        alias: 'Vorname',
        data_type: 'text',
        required: true,
        size: 60,
      },
      { column_name: 'Gast_Name', alias: 'Nachname', data_type: 'text', required: true, size: 60 },
      {
        column_name: 'Gast_Geburtsdatum',
        alias: 'Geburtsdatum',
        data_type: 'date',
        required: true,
      },
      {
        column_name: 'Gast_Strasse',
        alias: 'Straße und Hausnummer',
        data_type: 'text',
        required: true,
        size: 100,
      },
      {
        column_name: 'Gast_Postleitzahl',
        alias: 'Postleitzahl',
        data_type: 'text',
        required: true,
        size: 10,
      },
      {
        column_name: 'Gast_Wohnort',
        alias: 'Wohnort',
        data_type: 'text',
        required: true,
        size: 60,
      },
      { column_name: 'Gast_Land', alias: 'Land', data_type: 'country', required: true },
      ...foreignGuestFields,
      {
        column_name: 'Gast_Email',
        alias: 'E-Mail',
        data_type: 'email',
        required: false,
        size: 120,
      },
    ],
  };
}

export function demoHohenwald(years: number[]): GemeindeConfigFile {
  return {
    gemeinde: { alias: 'Luftkurort Hohenwald', datatable_name: 'ms_hohenwald' },
    ortsteile: ['Hohenwald'],
    unterkunftsarten: ['Ferienwohnung', 'Ferienhaus', 'Campingplatz'],
    tarifzonen: ['Ort'],
    saisonzeiten: years.map((y) => ({
      alias: 'Ganzjahr',
      valid_from: `${y}-01-01`,
      valid_until: `${y}-12-31`,
    })),
    tarife: [
      {
        tarif_code: 'ERW',
        alias: 'Erwachsene',
        default_selected: true,
        rates: { Ort: { Ganzjahr: 220 } },
      },
      { tarif_code: 'KIND', alias: 'Kinder bis 17', rates: { Ort: { Ganzjahr: 0 } } },
    ],
    meldeschein_fields: [
      {
        column_name: 'Gast_Vorname',
        alias: 'Vorname',
        data_type: 'text',
        required: true,
        size: 50,
      },
      { column_name: 'Gast_Name', alias: 'Nachname', data_type: 'text', required: true, size: 50 },
      {
        column_name: 'Gast_Geburtsdatum',
        alias: 'Geburtsdatum',
        data_type: 'date',
        required: false,
      },
      { column_name: 'Gast_Land', alias: 'Herkunftsland', data_type: 'country', required: true },
      ...foreignGuestFields,
      {
        column_name: 'Gast_Kfz_Kennzeichen',
        alias: 'Kfz-Kennzeichen',
        data_type: 'text',
        required: false,
        size: 12,
      },
      {
        column_name: 'Gast_Anreise_Bahn',
        alias: 'Anreise mit der Bahn',
        data_type: 'boolean',
        required: false,
      },
      {
        column_name: 'Gast_Hund_Anzahl',
        alias: 'Anzahl Hunde',
        data_type: 'number',
        required: false,
      },
    ],
  };
}

/**
 * A resort whose municipality runs AVS's Meldeschein system: its landlords book over the AVS face
 * (docs/avs.md), and the portal's demo offers it as an AVS system (lib/portal/api/systems.ts).
 * Its fields are the ones AVS's elements carry, with AVS's lengths.
 */
export function demoTanne(years: number[]): GemeindeConfigFile {
  return {
    gemeinde: { alias: 'Kurort Tanne', datatable_name: 'ms_tanne' },
    ortsteile: ['Tanne'],
    unterkunftsarten: ['Pension', 'Ferienwohnung'],
    tarifzonen: ['Kurzone'],
    saisonzeiten: years.map((y) => ({
      alias: 'Ganzjahr',
      valid_from: `${y}-01-01`,
      valid_until: `${y}-12-31`,
    })),
    tarife: [
      {
        tarif_code: 'ERW',
        alias: 'Erwachsene',
        full_alias: 'Erwachsene ab 18 Jahren',
        default_selected: true,
        rates: { Kurzone: { Ganzjahr: 280 } },
      },
      {
        tarif_code: 'KIND',
        alias: 'Kinder bis 17',
        full_alias: 'Kinder und Jugendliche bis 17 Jahre (frei)',
        rates: { Kurzone: { Ganzjahr: 0 } },
      },
    ],
    meldeschein_fields: [
      {
        column_name: 'Gast_Vorname',
        alias: 'Vorname',
        data_type: 'text',
        required: true,
        size: 50,
      },
      { column_name: 'Gast_Name', alias: 'Nachname', data_type: 'text', required: true, size: 50 },
      {
        column_name: 'Gast_Geburtsdatum',
        alias: 'Geburtsdatum',
        data_type: 'date',
        required: true,
      },
      {
        column_name: 'Gast_Strasse',
        alias: 'Straße und Hausnummer',
        data_type: 'text',
        required: true,
        size: 50,
      },
      {
        column_name: 'Gast_Postleitzahl',
        alias: 'Postleitzahl',
        data_type: 'text',
        required: true,
        size: 10,
      },
      {
        column_name: 'Gast_Wohnort',
        alias: 'Wohnort',
        data_type: 'text',
        required: true,
        size: 50,
      },
      { column_name: 'Gast_Land', alias: 'Land', data_type: 'country', required: true },
      ...foreignGuestFields,
    ],
  };
}

/** Load the demo municipalities, landlords, objects and accounts. */
export async function seedDemo(db: Db, now = new Date()) {
  const y = now.getFullYear();
  const seeblick = await loadGemeindeConfig(db, demoSeeblick([y, y + 1]));
  const hohenwald = await loadGemeindeConfig(db, demoHohenwald([y, y + 1]));
  const tanne = await loadGemeindeConfig(db, demoTanne([y, y + 1]));

  const moewe = await createBeherberger(db, {
    gemeinde: seeblick.id,
    alias: 'Ferienwohnungen Möwe',
    firma: 'Ferienwohnungen Möwe GbR',
    anrede: 'Frau',
    vorname: 'Anna',
    nachname: 'Möller',
    strasse: 'Strandweg 3',
    plz: '18999',
    ort: 'Seeblick',
    telefon: '+49 38299 1234',
    email: 'anna@fewo-moewe.example',
    vermieter_nr: 'V-1001',
  });
  const moeweA = await createObjekt(db, {
    beherberger: moewe,
    tarifzone: seeblick.zones['Zone I']!,
    ortsteil: seeblick.ortsteile['Seeblick']!,
    alias: 'Möwennest',
    anzahl_betten: 4,
    strasse: 'Strandweg 3',
    plz: '18999',
    ort: 'Seeblick',
    unterkunftsart: 'Ferienwohnung',
  });
  const moeweB = await createObjekt(db, {
    beherberger: moewe,
    tarifzone: seeblick.zones['Zone II']!,
    ortsteil: seeblick.ortsteile['Dünenhagen']!,
    alias: 'Dünenhaus',
    anzahl_betten: 6,
    strasse: 'Am Deich 12',
    plz: '18999',
    ort: 'Dünenhagen',
    unterkunftsart: 'Ferienhaus',
  });

  const seeblickHaus = await createBeherberger(db, {
    gemeinde: seeblick.id,
    alias: 'Haus Seeblick',
    firma: null,
    anrede: 'Herr',
    vorname: 'Jens',
    nachname: 'Berg',
    strasse: 'Kliffstraße 8',
    plz: '18999',
    ort: 'Seeblick',
    email: 'jens.berg@example.org',
    vermieter_nr: 'V-1002',
  });
  const seeblickObjekt = await createObjekt(db, {
    beherberger: seeblickHaus,
    tarifzone: seeblick.zones['Zone I']!,
    alias: 'Haus Seeblick, Wohnung 1',
    anzahl_betten: 2,
    strasse: 'Kliffstraße 8',
    plz: '18999',
    ort: 'Seeblick',
    unterkunftsart: 'Ferienwohnung',
  });

  const agentur = await createBeherberger(db, {
    gemeinde: seeblick.id,
    alias: 'Urlaubsagentur Nord',
    firma: 'Urlaubsagentur Nord GmbH',
    strasse: 'Hafenstraße 1',
    plz: '18999',
    ort: 'Seeblick',
    vermieter_nr: 'V-1003',
  });
  const agenturA = await createObjekt(db, {
    beherberger: agentur,
    tarifzone: seeblick.zones['Zone I']!,
    alias: 'Hafenblick 2',
    anzahl_betten: 3,
    strasse: 'Hafenstraße 1',
    plz: '18999',
    ort: 'Seeblick',
    unterkunftsart: 'Ferienwohnung',
  });
  const agenturB = await createObjekt(db, {
    beherberger: agentur,
    tarifzone: hohenwald.zones['Ort']!,
    alias: 'Waldhütte',
    anzahl_betten: 5,
    strasse: 'Tannenweg 4',
    plz: '98999',
    ort: 'Hohenwald',
    unterkunftsart: 'Ferienhaus',
  });

  const tannenhof = await createBeherberger(db, {
    gemeinde: tanne.id,
    alias: 'Pension Tannenhof',
    firma: 'Pension Tannenhof',
    anrede: 'Frau',
    vorname: 'Greta',
    nachname: 'Tanner',
    strasse: 'Waldweg 7',
    plz: '98888',
    ort: 'Tanne',
    email: 'greta@tannenhof.example',
    vermieter_nr: 'T-2001',
  });
  const tannenhofZimmer = await createObjekt(db, {
    beherberger: tannenhof,
    tarifzone: tanne.zones['Kurzone']!,
    ortsteil: tanne.ortsteile['Tanne']!,
    alias: 'Zimmer Waldblick',
    anzahl_betten: 2,
    strasse: 'Waldweg 7',
    plz: '98888',
    ort: 'Tanne',
    unterkunftsart: 'Pension',
  });
  const tannenhofWohnung = await createObjekt(db, {
    beherberger: tannenhof,
    tarifzone: tanne.zones['Kurzone']!,
    ortsteil: tanne.ortsteile['Tanne']!,
    alias: 'Ferienwohnung Tannenhof',
    anzahl_betten: 4,
    strasse: 'Waldweg 7',
    plz: '98888',
    ort: 'Tanne',
    unterkunftsart: 'Ferienwohnung',
  });

  await createUser(
    db,
    {
      username: 'demo',
      email: 'anna@fewo-moewe.example',
      first_name: 'Anna',
      last_name: 'Möller',
      alias: 'Anna Möller',
      beherberger: [moewe],
    },
    DEMO_ACCOUNTS.demo,
  );
  await createUser(
    db,
    {
      username: 'demo2',
      email: 'jens.berg@example.org',
      first_name: 'Jens',
      last_name: 'Berg',
      alias: 'Jens Berg',
      beherberger: [seeblickHaus],
    },
    DEMO_ACCOUNTS.demo2,
  );
  await createUser(
    db,
    {
      username: 'multi',
      first_name: 'Nora',
      last_name: 'Nord',
      alias: 'Urlaubsagentur Nord',
      beherberger: [agentur],
    },
    DEMO_ACCOUNTS.multi,
  );
  await createUser(
    db,
    {
      username: 'tanne',
      email: 'greta@tannenhof.example',
      first_name: 'Greta',
      last_name: 'Tanner',
      alias: 'Greta Tanner',
      beherberger: [tannenhof],
    },
    DEMO_ACCOUNTS.tanne,
  );

  return {
    gemeinden: { seeblick, hohenwald, tanne },
    beherberger: { moewe, seeblickHaus, agentur, tannenhof },
    objekte: {
      moeweA,
      moeweB,
      seeblickObjekt,
      agenturA,
      agenturB,
      tannenhofZimmer,
      tannenhofWohnung,
    },
  };
}
export type DemoIds = Awaited<ReturnType<typeof seedDemo>>;

/**
 * Load the demo data unless the database has accounts; true when it was loaded now. One
 * transaction under the start-up lock: of several instances starting together on an empty
 * database, one loads it and the others find the accounts (before, each saw an empty database,
 * the configuration was loaded twice and the second instance failed on the user names).
 */
export async function seedDemoIfEmpty(db: Db, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockStartup(tx);
    if (!(await isEmpty(tx))) return false;
    await seedDemo(tx, now);
    return true;
  });
}

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/** The demo landlord's first object, which the demo's booking calendar belongs to (issue 18). */
export async function demoCalendarObject(
  db: Db,
): Promise<{ username: string; gemeindeId: number; objektId: number } | null> {
  const [row] = await db
    .select({ objektId: objekte.id, gemeindeId: beherberger.gemeindeId })
    .from(objekte)
    .innerJoin(beherberger, eq(objekte.beherbergerId, beherberger.id))
    .where(eq(objekte.alias, 'Möwennest'))
    .limit(1);
  return row ? { username: 'demo', ...row } : null;
}
