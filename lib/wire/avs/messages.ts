// The messages of the AVS Meldeschein web service (interface v7.6, namespace
// http://www.avs.meldeschein.de/ns/): each complex type of the schema once, in its element order,
// and the five operations with their request and answer elements. Reading is lenient where AVS's
// clients are (see schema.ts); what the schema requires of a booking is checked by the service,
// because a cancellation or a correction needs less than a new form.
import {
  base64,
  bool,
  date,
  int,
  many,
  money,
  one,
  opt,
  seq,
  some,
  str,
  type ValueOf,
} from './schema';

export const Identifikation = seq({
  erzeugung: opt(date()),
  schnittstelle: one(str()),
  kurverwaltung: one(str()),
  benutzerid: opt(int()),
  sessionid: opt(str()),
  verarbeitung: one(str()),
  version: opt(str(10)),
});
export type Identifikation = ValueOf<typeof Identifikation>;

export const Fehlermeldungen = seq({
  fehler: many(seq({ code: one(str(10)), beschreibung: one(str()), bezug: opt(str()) })),
});

export const Land = seq({ 'land-id': opt(int()), 'land-iso': opt(str()) });
export type Land = ValueOf<typeof Land>;

export const Zusatzfelder = seq({
  'sb-versorgungsamtnr': opt(str()),
  'sb-gueltig-bis': opt(date()),
  'freie-tage': opt(int()),
  firmenname: opt(str()),
  taetigkeitsort: opt(str()),
});
export type Zusatzfelder = ValueOf<typeof Zusatzfelder>;

export const IndivZusatzfeld = seq({ feld: one(str()), wert: one(str()) });
export type IndivZusatzfeld = ValueOf<typeof IndivZusatzfeld>;

export const Begleitperson = seq({
  personid: opt(int()),
  anredeid: opt(int()),
  name: one(str(50)),
  vorname: opt(str(50)),
  geburtsdatum: opt(date()),
  kategorieid: one(int()),
  anreise: opt(date()),
  abreise: opt(date()),
  staatsangehoerigkeitid: opt(int()),
  staatsangehoerigkeit: opt(Land),
  ausweisnr: opt(str()),
  barcode: opt(str()),
  betrag: opt(money()),
  email: opt(str()),
  digit_gastkart: opt(bool()),
});
export type Begleitperson = ValueOf<typeof Begleitperson>;

export const Begleitgruppe = seq({
  personid: opt(int()),
  kategorieid: one(int()),
  anzahl: one(int()),
  betrag: opt(money()),
  ausweisnr: opt(str()),
});
export type Begleitgruppe = ValueOf<typeof Begleitgruppe>;

/** cMs: a registration form as booked, corrected, cancelled and read. */
export const Meldeschein = seq(
  {
    buchungsnummer: opt(str(50)),
    kz_manuelle_ms: opt(bool()),
    meldescheinnummer: opt(str()),
    jkk: opt(bool()),
    firmaid: opt(int()),
    objektid: opt(int()),
    anreise: opt(date()),
    abreise: opt(date()),
    kategorieid: opt(int()),
    anredeid: opt(int()),
    name: opt(str(50)),
    vorname: opt(str(50)),
    strasse: opt(str(50)),
    hausnummer: opt(str(50)),
    plz: opt(str(10)),
    ort: opt(str(50)),
    landid: opt(int()),
    land: opt(Land),
    staatsangehoerigkeitid: opt(int()),
    staatsangehoerigkeit: opt(Land),
    ausweisnr: opt(str()),
    weitere_angaben: opt(str(50)),
    kfzkennzeichen: opt(str()),
    geburtsdatum: opt(date()),
    manueller_betrag: opt(money()),
    betrag: opt(money()),
    abrechnungstatusid: opt(int()),
    zusatzfelder: opt(Zusatzfelder),
    'indiv-zusatzfelder': many(IndivZusatzfeld),
    email: opt(str()),
    digit_gastkart: opt(bool()),
    'ue-e-gelt': opt(money()),
    authentifizierung: opt(str()),
    weitere_kosten: opt(money()),
    begleitperson: many(Begleitperson),
    begleitgruppe: many(Begleitgruppe),
  },
  [['begleitperson', 'begleitgruppe']],
);
export type Meldeschein = ValueOf<typeof Meldeschein>;

/** cAdresse, cPerson and cMeldeschein: a form as holeMeldescheine lists it. */
const Adresse = seq({
  firmenadressname: opt(str()),
  adressartid: one(int()),
  anredeid: opt(int()),
  anrede: opt(str()),
  titel: opt(str()),
  vorname: opt(str(50)),
  name: opt(str(50)),
  strasse: opt(str(50)),
  hausnummer: opt(str(50)),
  plz: opt(str(10)),
  ort: opt(str(50)),
  land: opt(Land),
});
const Person = seq({
  personid: opt(int()),
  adresse: one(Adresse),
  geburtsdatum: opt(date()),
  staatsangehoerigkeitid: opt(Land),
  kategorieid: one(int()),
  anreise: opt(date()),
  abreise: opt(date()),
  barcode: opt(str()),
});
export type Person = ValueOf<typeof Person>;
export const ListedMeldeschein = seq(
  {
    'ort-id': one(int()),
    buchungsnummer: one(str(50)),
    meldescheinnummer: opt(str()),
    firmaid: one(int()),
    objektid: one(int()),
    hauptperson: one(Person),
    weitere_angaben: opt(str(50)),
    kfzkennzeichen: opt(str()),
    betrag: opt(money()),
    abrechnungstatusid: opt(int()),
    zusatzfelder: opt(Zusatzfelder),
    begleitperson: many(Person),
    begleitgruppe: many(Begleitgruppe),
    'export-id': opt(int()),
  },
  [['begleitperson', 'begleitgruppe']],
);
export type ListedMeldeschein = ValueOf<typeof ListedMeldeschein>;

const Konfigliste = seq({
  konfigdatensatz: some(
    seq({ id: one(int()), text1: one(str()), text2: opt(str()), text3: opt(str()) }),
  ),
});
export type Konfigdatensatz = ValueOf<typeof Konfigliste>['konfigdatensatz'][number];

// ---- The payload elements (global elements of the schema) ----

export const MeldescheineElement = seq({
  identifikation: one(Identifikation),
  fehlermeldungen: opt(Fehlermeldungen),
  meldeschein: opt(Meldeschein, true),
});
export type MeldescheineElement = ValueOf<typeof MeldescheineElement>;

export const HoleMeldescheinElement = seq({
  identifikation: one(Identifikation),
  anfragedaten: one(
    seq({ meldescheinnummer: opt(str()), buchungsnummer: opt(str(50)), objektid: opt(int()) }),
  ),
  fehlermeldungen: opt(Fehlermeldungen),
  meldeschein: opt(Meldeschein, true),
});
export type HoleMeldescheinElement = ValueOf<typeof HoleMeldescheinElement>;

export const HoleMeldescheineRequest = seq({
  identifikation: one(Identifikation),
  anfragedaten: opt(
    seq({ buchungsnummer: opt(str(50)), meldescheinnummer: opt(str()), 'ort-id': opt(int()) }),
  ),
});
export type HoleMeldescheineRequest = ValueOf<typeof HoleMeldescheineRequest>;

export const HoleMeldescheineResponse = seq({
  fehlermeldungen: one(Fehlermeldungen),
  meldescheine: many(ListedMeldeschein),
});
export type HoleMeldescheineResponse = ValueOf<typeof HoleMeldescheineResponse>;

export const DruckeMeldescheineRequest = seq({
  identifikation: one(Identifikation),
  meldeschein: some(seq({ meldescheinnummer: one(str()) })),
});
export type DruckeMeldescheineRequest = ValueOf<typeof DruckeMeldescheineRequest>;

export const DruckeMeldescheineResponse = seq({
  version: opt(str(10)),
  fehlermeldungen: one(Fehlermeldungen),
  'ms-pdf': opt(base64()),
});
export type DruckeMeldescheineResponse = ValueOf<typeof DruckeMeldescheineResponse>;

export const ConfigurationLists = seq({
  identifikation: one(Identifikation),
  params: opt(seq({ param: some(str()) })),
  fehlermeldungen: opt(Fehlermeldungen),
  konfigliste: opt(Konfigliste),
});
export type ConfigurationLists = ValueOf<typeof ConfigurationLists>;

export const GenericResponse = seq({
  version: opt(str(10)),
  fehlermeldungen: one(Fehlermeldungen),
});

/** The operations: WSDL name, SOAPAction, request and answer elements. */
export const OPERATIONS = {
  bucheMeldeschein: {
    action: 'urn:oracle:bucheMeldeschein',
    request: { element: 'meldescheine', spec: MeldescheineElement },
    response: { element: 'meldescheine', spec: MeldescheineElement },
  },
  holeMeldeschein: {
    action: 'urn:oracle:holeMeldeschein',
    request: { element: 'holeMeldeschein', spec: HoleMeldescheinElement },
    response: { element: 'holeMeldeschein', spec: HoleMeldescheinElement },
  },
  holeMeldescheine: {
    action: 'urn:oracle:holeMeldescheine',
    request: { element: 'holeMeldescheineRequest', spec: HoleMeldescheineRequest },
    response: { element: 'holeMeldescheineResponse', spec: HoleMeldescheineResponse },
  },
  druckeMeldescheine: {
    action: 'urn:oracle:druckeMeldescheine',
    request: { element: 'druckeMeldescheineRequest', spec: DruckeMeldescheineRequest },
    response: { element: 'druckeMeldescheineResponse', spec: DruckeMeldescheineResponse },
  },
  getKonfigurationsListe: {
    action: 'urn:oracle:getKonfigurationsListe',
    request: { element: 'configuration-lists', spec: ConfigurationLists },
    response: { element: 'configuration-lists', spec: ConfigurationLists },
  },
} as const;
export type OperationName = keyof typeof OPERATIONS;

/** The operation whose request element this is (document/literal dispatch by element name). */
export function operationOfElement(element: string): OperationName | undefined {
  return (Object.keys(OPERATIONS) as OperationName[]).find(
    (op) => OPERATIONS[op].request.element === element,
  );
}

/** The operation a SOAPAction names (quoted or not); undefined for an unknown action. */
export function operationOfAction(action: string): OperationName | undefined {
  const bare = action.trim().replace(/^"(.*)"$/, '$1');
  return (Object.keys(OPERATIONS) as OperationName[]).find((op) => OPERATIONS[op].action === bare);
}

/** The `verarbeitung` each operation takes (spec 2.1, 6.1). */
export const CONFIG_LIST_PREFIX = 'CONFIG-L-';
export const VERARBEITUNG: Record<OperationName, (v: string) => boolean> = {
  bucheMeldeschein: (v) => v === 'BUCHEN',
  holeMeldeschein: (v) => v === 'MS-HOLEN',
  holeMeldescheine: (v) => v === 'MS-HOLEN',
  druckeMeldescheine: (v) => v === 'MS-DRUCKEN',
  getKonfigurationsListe: (v) => v.startsWith(CONFIG_LIST_PREFIX),
};
