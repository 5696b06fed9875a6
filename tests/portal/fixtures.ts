// Shapes the service returns, for the portal's unit tests.
import type { PortalForm } from '@/lib/portal/api/client';
import type { GemeindeFormConfig } from '@/lib/portal/config/view';
import type { MeldescheinField, Tarif } from '@/lib/wire/config';
import type { Owner } from '@/lib/portal/session/session';

const stamp = '2026-07-01T10:00:00.000+02:00';

/** One id per column name: the same field twice has the same id, two fields never share one. */
const fieldIds = new Map<string, number>();
const fieldId = (columnName: string) => {
  if (!fieldIds.has(columnName)) fieldIds.set(columnName, fieldIds.size + 1);
  return fieldIds.get(columnName)!;
};

export function field(
  column_name: string,
  data_type: MeldescheinField['data_type'],
  required = false,
  size: number | null = null,
): MeldescheinField {
  return {
    id: fieldId(column_name),
    created: stamp,
    modified: null,
    alias: column_name.replace('Gast_', ''),
    gemeinde: 1,
    column_name,
    data_type,
    required,
    size: size ?? 0,
    transferable: true,
    list_visible: true,
    priority: 'normal',
    view_order: 0,
  };
}

export function tarif(id: number, alias: string, default_selected = false): Tarif {
  return {
    id,
    created: stamp,
    modified: null,
    alias,
    gemeinde: 1,
    full_alias: alias,
    is_active: true,
    tarif_code: alias.slice(0, 3).toUpperCase(),
    allow_beherberger: true,
    print_kurkarte: true,
    default_selected,
  };
}

export const CONFIG: GemeindeFormConfig = {
  id: 1,
  alias: 'Ostseebad Seeblick',
  fields: [
    field('Gast_Vorname', 'text', true, 10),
    field('Gast_Name', 'text', true, 60),
    field('Gast_Geburtsdatum', 'date'),
    field('Gast_Land', 'country', true),
    field('Gast_Email', 'email'),
    field('Gast_Hunde', 'number'),
    field('Gast_Bahn', 'boolean'),
  ],
  tarife: [tarif(1, 'Erwachsene', true), tarif(2, 'Kinder')],
};

type Guest = PortalForm['personen'][number];

export function guest(id: number, over: Partial<Guest> = {}): Guest {
  return {
    id,
    tarif_id: 1,
    meldeschein_id: 100,
    gast_type: 'person',
    created: stamp,
    modified: null,
    anzahl: 1,
    arrival_date: '2027-07-14',
    departure_date: '2027-07-17',
    CSID: null,
    kurtaxe_calc: 9,
    address_id: null,
    address_lat: null,
    address_lng: null,
    address_label: null,
    Gast_Vorname: 'Erika',
    Gast_Name: 'Muster',
    Gast_Geburtsdatum: null,
    Gast_Land: 'DE',
    Gast_Email: null,
    Gast_Hunde: null,
    Gast_Bahn: null,
    ...over,
  };
}

export function form(id: number, over: Partial<PortalForm> = {}): PortalForm {
  return {
    id,
    input_id: null,
    personen: [guest(1), guest(2, { Gast_Vorname: 'Max', tarif_id: 2, kurtaxe_calc: 4.5 })],
    travel_span: {
      arrival_date: '2027-07-14T00:00:00',
      departure_date: '2027-07-17T00:00:00',
      travel_days: 3,
      uebernachtungen_sum: 6,
    },
    objekt: {
      id: 7,
      beherberger_id: 3,
      beherberger: {
        id: 3,
        firma: null,
        vorname: 'Anna',
        nachname: 'Möller',
        comment: null,
        debitor_nr: null,
        alias: 'Möwe',
        ansprechpartner: null,
        gemeinde_id: 1,
      },
      beherberger_alias: 'Möwe',
      ortsteil: null,
      created: stamp,
      modified: null,
      anzahl_betten: 4,
      alias: 'Möwennest',
      strasse: 'Strandweg 3',
      plz: '18999',
      ort: 'Seeblick',
      tarifzone: 1,
      unterkunftsart: null,
    },
    meldescheinnummer: `2026-${String(id).padStart(6, '0')}`,
    objekt_id: 7,
    beherberger_id: 3,
    verwendete_kurtaxe: 13.5,
    creation_user: { id: 1, username: 'demo', alias: 'Anna' },
    precheck_errors: [],
    state_display: 'Entwurf',
    faktura_date: null,
    CSID: null,
    Form_Id: null,
    BatchNo: null,
    BatchRDate: null,
    BatchPgDta: null,
    BatchTrack: null,
    ms_type: 'ems',
    state: 'draft',
    created: stamp,
    modified: null,
    user_note: null,
    is_storniert: false,
    source: null,
    storno_bestaetigt: false,
    kurtaxe_ist: null,
    manueller_betrag: 0,
    kz_manueller_betrag: false,
    kurtaxe_calc: 13.5,
    stat_alter_kind_1: null,
    stat_alter_kind_2: null,
    stat_alter_kind_3: null,
    stat_alter_kind_4: null,
    invoice: null,
    ...over,
  };
}

/** Two landlords on the same municipal system (the demo accounts' user names). */
export const anna: Owner = { serviceUrl: 'http://localhost:3000/api/', username: 'demo' };
export const jens: Owner = { serviceUrl: 'http://localhost:3000/api/', username: 'demo2' };
