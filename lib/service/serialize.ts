// Database rows to wire objects (spec 2.5, 2.6). One place, so every endpoint shows a resource alike.
import type {
  beherberger,
  gemeinden,
  meldescheinFields,
  objekte,
  ortsteile,
  saisonzeiten,
  tarife,
  tarifzonen,
  unterkunftsarten,
  users,
} from '../db/schema';
import type {
  BeherbergerSummary,
  ConfigBeherberger,
  ConfigGemeinde,
  ConfigObjekt,
  MeldescheinField,
  Saisonzeit,
  Tarif,
} from '../wire/config';
import { fieldSize } from '../wire/guest-rules';
import { stamp } from './meldescheine/stamps';

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];

// `modified` equals `created` until the resource is changed (DECISIONS 2.10; the vendor's
// examples never show null there).
const stamps = (r: { created: Date; modified: Date | null }) => ({
  created: stamp(r.created),
  modified: stamp(r.modified ?? r.created),
});

export function named(
  r: Row<typeof ortsteile> | Row<typeof tarifzonen> | Row<typeof unterkunftsarten>,
) {
  return { id: r.id, ...stamps(r), alias: r.alias, gemeinde: r.gemeindeId };
}

export function saisonzeit(r: Row<typeof saisonzeiten>): Saisonzeit {
  return { ...named(r), valid_from: r.validFrom, valid_until: r.validUntil };
}

export function tarif(r: Row<typeof tarife>): Tarif {
  return {
    ...named(r),
    full_alias: r.fullAlias,
    is_active: r.isActive,
    tarif_code: r.tarifCode,
    allow_beherberger: r.allowBeherberger,
    print_kurkarte: r.printKurkarte,
    default_selected: r.defaultSelected,
  };
}

export function meldescheinField(r: Row<typeof meldescheinFields>): MeldescheinField {
  return {
    ...named(r),
    column_name: r.columnName,
    data_type: r.dataType as MeldescheinField['data_type'],
    required: r.required,
    size: fieldSize(r.dataType as MeldescheinField['data_type'], r.size),
    transferable: r.transferable,
    list_visible: r.listVisible,
    priority: r.priority,
    view_order: r.viewOrder,
    required_foreign_only: r.requiredForeignOnly,
    statistical: r.statistical,
  };
}

export function beherbergerSummary(r: Row<typeof beherberger>): BeherbergerSummary {
  return {
    id: r.id,
    firma: r.firma,
    vorname: r.vorname,
    nachname: r.nachname,
    comment: r.comment,
    debitor_nr: r.debitorNr,
    alias: r.alias,
    ansprechpartner: r.ansprechpartner,
    gemeinde_id: r.gemeindeId,
  };
}

export function configObjekt(
  o: Row<typeof objekte>,
  zone: Row<typeof tarifzonen>,
  ortsteil: Row<typeof ortsteile> | null,
  owner: Row<typeof beherberger>,
): ConfigObjekt {
  return {
    id: o.id,
    tarifzone_id: o.tarifzoneId,
    ortsteil_id: o.ortsteilId,
    beherberger_id: o.beherbergerId,
    tarifzone: named(zone),
    ortsteil: ortsteil ? named(ortsteil) : null,
    beherberger: beherbergerSummary(owner),
    ...stamps(o),
    anzahl_betten: o.anzahlBetten,
    alias: o.alias,
    strasse: o.strasse,
    plz: o.plz,
    ort: o.ort,
    gemeinde: zone.gemeindeId,
  };
}

export function configBeherberger(
  b: Row<typeof beherberger>,
  objekte: ConfigObjekt[],
): ConfigBeherberger {
  return {
    id: b.id,
    objekte,
    alias: b.alias,
    ...stamps(b),
    is_active: b.isActive,
    firma: b.firma,
    anrede: b.anrede,
    vorname: b.vorname,
    nachname: b.nachname,
    strasse: b.strasse,
    plz: b.plz,
    ort: b.ort,
    telefon: b.telefon,
    email: b.email,
    allow_logins: b.allowLogins,
    create_invoices: b.createInvoices,
    custom_1: b.custom1,
    custom_2: b.custom2,
    custom_3: b.custom3,
    custom_4: b.custom4,
    debitor_nr: b.debitorNr,
    vermieter_nr: b.vermieterNr,
    comment: b.comment,
    gemeinde: b.gemeindeId,
  };
}

export function configGemeinde(
  g: Row<typeof gemeinden>,
  parts: Pick<
    ConfigGemeinde,
    | 'ortsteile'
    | 'unterkunftsarten'
    | 'tarifzonen'
    | 'saisonzeiten'
    | 'tarife'
    | 'meldeschein_fields'
  >,
): ConfigGemeinde {
  return {
    id: g.id,
    ...parts,
    ...stamps(g),
    alias: g.alias,
    using_paper: g.usingPaper,
    using_ems: g.usingEms,
    datatable_name: g.datatableName,
  };
}

export function configUser(u: Omit<Row<typeof users>, 'passwordHash'>) {
  return {
    id: u.id,
    username: u.username,
    first_name: u.firstName,
    last_name: u.lastName,
    email: u.email,
    is_active: u.isActive,
    user_type: u.userType,
    alias: u.alias,
    last_login: stamp(u.lastLogin),
  };
}
