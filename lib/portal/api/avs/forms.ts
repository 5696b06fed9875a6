// An AVS form (cMs) and the portal's (decision 036, docs/avs.md): the main traveller is the
// form's first guest, each `begleitperson` a further individual guest, each `begleitgruppe` a
// group guest. AVS's fixed elements are the guest fields of the spec's column names (the shared
// table lib/wire/avs/columns.ts), the municipality's other fields travel as `indiv-zusatzfelder`
// of the main traveller. The portal's form id is the `meldescheinnummer` read as a number; the
// main traveller, who has no `personid` in a cMs, carries the form's id as its guest id.
import {
  COMPANION_ADDRESS,
  COMPANION_ELEMENTS,
  ELEMENT_OF_COLUMN,
  TRAVELLER_COLUMNS,
  type Begleitperson,
  type Land,
  type Meldeschein,
  type TravellerElement,
} from '@/lib/wire/avs';
import { countryOfLand } from '@/lib/wire/avs/countries';
import type { ConfigGemeinde, ConfigObjekt, CurrentUserResponse } from '@/lib/wire/config';
import type { ErrorDetail } from '@/lib/wire/errors';
import type { MetaUser } from '@/lib/wire/meta';
import {
  MAX_ID,
  STATE_DISPLAY,
  type BookGuest,
  type FieldValue,
  type FormState,
  type GuestResponse,
} from '@/lib/wire/meldeschein';
import { daysBetween } from '@/lib/wire/time';
import { ApiError, type PortalForm } from '../client';

const STATES: Record<number, FormState> = {
  1: 'draft',
  2: 'printed',
  3: 'departed',
  4: 'cancelled',
};
export const CANCELLED = 4;

const invalid = (what: string) =>
  new ApiError('invalid_response', 200, 'invalid_response', `avs: ${what}`);

/** The portal's id of a form: its meldescheinnummer as a number (AVS's clients read it so). */
export function formIdOf(nummer: string | undefined): number {
  const id = /^\d{1,10}$/.test(nummer ?? '') ? Number(nummer) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID || String(id) !== nummer) {
    throw invalid('a meldescheinnummer that is no form id');
  }
  return id;
}

/** The object of a form and its municipality in the account's configuration. */
export function placeOf(config: CurrentUserResponse, objektid: number | undefined) {
  const objekt = config.beherberger.flatMap((b) => b.objekte).find((o) => o.id === objektid);
  const gemeinde = config.gemeinden.find((g) => g.id === objekt?.tarifzone.gemeinde);
  if (!objekt || !gemeinde) throw invalid(`a form of an object not in the lists (${objektid})`);
  return { objekt, gemeinde };
}

type Values = Partial<Record<TravellerElement, string>>;

const landCode = (land: Land | undefined, id?: number) => countryOfLand(land, id) ?? undefined;

/** The main traveller's element values (countries as ISO codes, the street with its number). */
function mainValues(m: Meldeschein): Values {
  const street = m.strasse && m.hausnummer ? `${m.strasse} ${m.hausnummer}`.trim() : m.strasse;
  return {
    name: m.name,
    vorname: m.vorname,
    geburtsdatum: m.geburtsdatum,
    strasse: street,
    plz: m.plz,
    ort: m.ort,
    land: landCode(m.land, m.landid),
    staatsangehoerigkeit: landCode(m.staatsangehoerigkeit, m.staatsangehoerigkeitid),
    ausweisnr: m.ausweisnr,
    email: m.email,
    kfzkennzeichen: m.kfzkennzeichen,
  };
}

function companionValues(p: Begleitperson, main: Values): Values {
  const out: Values = {
    name: p.name,
    vorname: p.vorname,
    geburtsdatum: p.geburtsdatum,
    staatsangehoerigkeit: landCode(p.staatsangehoerigkeit, p.staatsangehoerigkeitid),
    ausweisnr: p.ausweisnr,
    email: p.email,
  };
  for (const e of COMPANION_ADDRESS) out[e] = main[e];
  return out;
}

/** A field's text as its type reads (individual fields travel as text). */
function typed(text: string, type: string): FieldValue {
  if (type === 'number' && text.trim() !== '' && Number.isFinite(Number(text))) return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/** Every field of the municipality, null where the traveller has no value. */
function fieldsOf(g: ConfigGemeinde, values: Values, indiv: Map<string, string>) {
  const out: Record<string, FieldValue> = {};
  for (const f of g.meldeschein_fields) {
    const element = ELEMENT_OF_COLUMN.get(f.column_name);
    const v = element ? values[element] : indiv.get(f.column_name);
    out[f.column_name] = v === undefined || v === '' ? null : typed(v, f.data_type);
  }
  return out;
}

const euros = (cents: number | undefined) => (cents ?? 0) / 100;

/** A cMs as the portal's form. */
export function portalFormOf(
  m: Meldeschein,
  config: CurrentUserResponse,
  user: MetaUser,
  readAt: string,
): PortalForm {
  const id = formIdOf(m.meldescheinnummer);
  const { objekt, gemeinde } = placeOf(config, m.objektid);
  if (!m.anreise || !m.abreise) throw invalid('a form without its dates');
  const main = mainValues(m);
  const indiv = new Map((m['indiv-zusatzfelder'] ?? []).map((f) => [f.feld, f.wert]));
  const empty = new Map<string, string>();
  const guest = (
    gid: number,
    tarif: number,
    type: 'person' | 'gruppe',
    anzahl: number,
    arrival: string,
    departure: string,
    cents: number | undefined,
    fields: Record<string, FieldValue>,
  ): GuestResponse => ({
    ...fields,
    id: gid,
    tarif_id: tarif,
    meldeschein_id: id,
    gast_type: type,
    created: readAt,
    modified: null,
    anzahl,
    arrival_date: arrival,
    departure_date: departure,
    CSID: null,
    kurtaxe_calc: euros(cents),
    address_id: null,
    address_lat: null,
    address_lng: null,
    address_label: null,
  });
  const companions = [
    ...(m.begleitperson ?? []).map((p) =>
      guest(
        p.personid ?? 0,
        p.kategorieid,
        'person',
        1,
        p.anreise ?? m.anreise!,
        p.abreise ?? m.abreise!,
        p.betrag,
        fieldsOf(gemeinde, companionValues(p, main), empty),
      ),
    ),
    ...(m.begleitgruppe ?? []).map((g) =>
      guest(
        g.personid ?? 0,
        g.kategorieid,
        'gruppe',
        g.anzahl,
        m.anreise!,
        m.abreise!,
        g.betrag,
        fieldsOf(gemeinde, {}, empty),
      ),
    ),
  ];
  const total = m.betrag ?? 0;
  const rest = companions.reduce((s, c) => s + Math.round(c.kurtaxe_calc * 100), 0);
  const personen = [
    guest(
      id,
      m.kategorieid ?? 0,
      'person',
      1,
      m.anreise,
      m.abreise,
      Math.max(0, total - rest),
      fieldsOf(gemeinde, main, indiv),
    ),
    ...companions,
  ];
  const first = personen.map((p) => p.arrival_date).sort()[0]!;
  const last = personen
    .map((p) => p.departure_date)
    .sort()
    .at(-1)!;
  const state = STATES[m.abrechnungstatusid ?? 1] ?? 'draft';
  return {
    id,
    input_id: m.buchungsnummer ?? null,
    personen,
    travel_span: {
      arrival_date: `${first}T00:00:00`,
      departure_date: `${last}T00:00:00`,
      travel_days: daysBetween(first, last),
      uebernachtungen_sum: personen.reduce(
        (s, p) => s + daysBetween(p.arrival_date, p.departure_date) * p.anzahl,
        0,
      ),
    },
    objekt: formObjekt(objekt),
    meldescheinnummer: m.meldescheinnummer!,
    objekt_id: objekt.id,
    beherberger_id: m.firmaid ?? objekt.beherberger_id,
    verwendete_kurtaxe: euros(total),
    creation_user: user,
    precheck_errors: [],
    state_display: STATE_DISPLAY[state],
    faktura_date: null,
    CSID: null,
    Form_Id: null,
    BatchNo: null,
    BatchRDate: null,
    BatchPgDta: null,
    BatchTrack: null,
    ms_type: 'ems',
    state,
    created: readAt,
    modified: null,
    user_note: null,
    is_storniert: state === 'cancelled',
    source: null,
    storno_bestaetigt: false,
    kurtaxe_ist: null,
    manueller_betrag: euros(m.manueller_betrag),
    kz_manueller_betrag: m.manueller_betrag !== undefined,
    kurtaxe_calc: euros(total),
    stat_alter_kind_1: null,
    stat_alter_kind_2: null,
    stat_alter_kind_3: null,
    stat_alter_kind_4: null,
    invoice: null,
  };
}

function formObjekt(o: ConfigObjekt): PortalForm['objekt'] {
  return {
    id: o.id,
    beherberger_id: o.beherberger_id,
    beherberger: o.beherberger,
    beherberger_alias: o.beherberger.alias,
    ortsteil: null,
    created: o.created,
    modified: o.modified,
    anzahl_betten: o.anzahl_betten,
    alias: o.alias,
    strasse: o.strasse,
    plz: o.plz,
    ort: o.ort,
    tarifzone: o.tarifzone_id,
    unterkunftsart: null,
  };
}

// ---- The portal's guests as an AVS form ----

/** A guest as the portal sends it: the fixed keys and the municipality's fields by column. */
export interface GuestIn {
  id?: number;
  tarif_id: number;
  gast_type: 'person' | 'gruppe';
  arrival_date: string;
  departure_date: string;
  anzahl?: number;
  fields: Record<string, unknown>;
}

const text = (v: unknown): string | undefined =>
  v === null || v === undefined || v === '' ? undefined : String(v);

const land = (v: unknown): Land | undefined => {
  const code = text(v);
  return code ? { 'land-iso': code.toUpperCase() } : undefined;
};

/** The fields the portal may send for a guest of this municipality, by column. */
export function fieldsIn(g: ConfigGemeinde, guest: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const f of g.meldeschein_fields) {
    if (f.column_name in guest) out[f.column_name] = guest[f.column_name];
  }
  return out;
}

export function guestIn(g: ConfigGemeinde, b: BookGuest & { id?: number }): GuestIn {
  return {
    ...(b.id !== undefined ? { id: b.id } : {}),
    tarif_id: b.tarif_id,
    gast_type: b.gast_type,
    arrival_date: b.arrival_date,
    departure_date: b.departure_date,
    ...(b.anzahl !== undefined ? { anzahl: b.anzahl } : {}),
    fields: fieldsIn(g, b),
  };
}

/**
 * AVS's elements are shorter than a municipality's fields may be (a name of 60 characters is a
 * name here, AVS takes 50): such a value is refused on its guest and field before anything is sent.
 */
const MAX_LENGTH: Partial<Record<TravellerElement, number>> = {
  name: 50,
  vorname: 50,
  strasse: 50,
  plz: 10,
  ort: 50,
};

function checkLengths(guests: GuestIn[], formIndex: number) {
  const details: ErrorDetail[] = [];
  guests.forEach((g, i) => {
    for (const [element, max] of Object.entries(MAX_LENGTH) as [TravellerElement, number][]) {
      const column = TRAVELLER_COLUMNS[element];
      const v = text(g.fields[column]);
      if (v !== undefined && [...v].length > max) {
        details.push({
          path: `meldescheine[${formIndex}].personen[${i}].${column}`,
          code: 'too_long',
          message: `at most ${max} characters in AVS`,
          params: { max },
        });
      }
    }
  });
  if (details.length) {
    throw new ApiError('invalid_request', 400, 'validation_error', details[0]!.message, details);
  }
}

const refused = (path: string, message: string) =>
  new ApiError('invalid_request', 400, 'validation_error', message, [
    { path, code: 'invalid_value', message },
  ]);

/**
 * The portal's guests as one cMs. `before` is the form as stored (a correction keeps what the
 * portal does not show: salutation, the house number apart while the street is unchanged, the
 * elements of fields the municipality lacks, the category fields). Answers the cMs and, for each
 * traveller in AVS's order, the portal guest's position (to place refusals on the form's fields).
 */
export function msOf(
  g: ConfigGemeinde,
  guests: GuestIn[],
  base: Pick<Meldeschein, 'buchungsnummer' | 'meldescheinnummer' | 'objektid' | 'firmaid'>,
  formIndex: number,
  before?: Meldeschein,
): { ms: Meldeschein; order: number[] } {
  const path = (i: number) => `meldescheine[${formIndex}].personen[${i}]`;
  const [main, ...rest] = guests;
  if (!main) throw refused(`meldescheine[${formIndex}].personen`, 'a form needs a guest');
  checkLengths(guests, formIndex);
  if (main.gast_type !== 'person') {
    throw refused(path(0), 'AVS: the first guest of a form is a person, not a group');
  }
  const persons = rest.map((r, i) => ({ r, i: i + 1 })).filter((x) => x.r.gast_type === 'person');
  const groups = rest.map((r, i) => ({ r, i: i + 1 })).filter((x) => x.r.gast_type === 'gruppe');
  if (persons.length && groups.length) {
    throw refused(path(groups[0]!.i), 'AVS: a form has companions or groups, not both');
  }
  const has = (column: string) => g.meldeschein_fields.some((f) => f.column_name === column);
  const value = (element: TravellerElement): string | undefined => {
    const column = TRAVELLER_COLUMNS[element];
    if (!has(column)) return before?.[element as keyof Meldeschein] as string | undefined;
    return text(main.fields[column]);
  };
  const street = value('strasse');
  const keepHouse =
    before?.hausnummer &&
    street !== undefined &&
    street === `${before.strasse ?? ''} ${before.hausnummer}`.trim();
  const countryOf = (element: 'land' | 'staatsangehoerigkeit') =>
    has(TRAVELLER_COLUMNS[element])
      ? land(main.fields[TRAVELLER_COLUMNS[element]])
      : before?.[element];
  const indiv = g.meldeschein_fields
    .filter((f) => !ELEMENT_OF_COLUMN.has(f.column_name))
    .flatMap((f) => {
      const v = text(main.fields[f.column_name]);
      return v === undefined ? [] : [{ feld: f.column_name, wert: v }];
    });
  const ms: Meldeschein = {
    ...(before ?? {}),
    ...base,
    anreise: main.arrival_date,
    abreise: main.departure_date,
    kategorieid: main.tarif_id,
    name: value('name') ?? '',
    vorname: value('vorname'),
    strasse: keepHouse ? before!.strasse : street,
    hausnummer: keepHouse ? before!.hausnummer : undefined,
    plz: value('plz'),
    ort: value('ort'),
    land: countryOf('land'),
    landid: undefined,
    staatsangehoerigkeit: countryOf('staatsangehoerigkeit'),
    staatsangehoerigkeitid: undefined,
    ausweisnr: value('ausweisnr'),
    kfzkennzeichen: value('kfzkennzeichen'),
    geburtsdatum: value('geburtsdatum'),
    email: value('email'),
    'indiv-zusatzfelder': indiv.length ? indiv : undefined,
    betrag: undefined,
    abrechnungstatusid: undefined,
    begleitperson: undefined,
    begleitgruppe: undefined,
  };
  const kept = new Map((before?.begleitperson ?? []).map((p) => [p.personid, p]));
  if (persons.length) {
    ms.begleitperson = persons.map(({ r }) => {
      const own = (e: TravellerElement) => text(r.fields[TRAVELLER_COLUMNS[e]]);
      const was = r.id === undefined ? undefined : kept.get(r.id);
      const p: Begleitperson = {
        ...(r.id !== undefined ? { personid: r.id } : {}),
        ...(was?.anredeid !== undefined ? { anredeid: was.anredeid } : {}),
        name: own('name') ?? '',
        kategorieid: r.tarif_id,
        anreise: r.arrival_date,
        abreise: r.departure_date,
      };
      for (const e of COMPANION_ELEMENTS) {
        if (e === 'name') continue;
        const v = e === 'staatsangehoerigkeit' ? land(r.fields[TRAVELLER_COLUMNS[e]]) : own(e);
        if (v !== undefined) (p as Record<string, unknown>)[e] = v;
      }
      return p;
    });
  }
  if (groups.length) {
    ms.begleitgruppe = groups.map(({ r }) => ({
      ...(r.id !== undefined ? { personid: r.id } : {}),
      kategorieid: r.tarif_id,
      anzahl: r.anzahl ?? 1,
    }));
  }
  for (const k of Object.keys(ms) as (keyof Meldeschein)[]) if (ms[k] === undefined) delete ms[k];
  const order = [0, ...persons.map((x) => x.i), ...groups.map((x) => x.i)];
  return { ms, order };
}

/** A booking number for a form booked without a request id (AVS requires one). */
export const newBookingNumber = (random: string) => `MP-${random}`.slice(0, 50);
