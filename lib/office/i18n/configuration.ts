// The words of the office's settings and authority-export pages, German first and English (one of
// the office's dictionaries: index.ts).
import type { RefusalCode } from '../configuration/guard';

const de = {
  title: 'Einstellungen',
  intro:
    'Tarife, Tarifzonen, Saisonzeiten, Sätze und Gästefelder der Gemeinde. Jede Änderung gilt sofort im Portal und steht im Protokoll; was gebuchte Meldescheine brauchen, lässt sich nicht löschen.',
  gemeinde: 'Gemeinde',
  show: 'Anzeigen',
  none: 'Noch keine Einträge.',
  saved: 'Gespeichert.',
  deleted: 'Gelöscht.',
  pending: 'Wird gespeichert …',
  add: 'Hinzufügen',
  save: 'Speichern',
  remove: 'Löschen',
  yes: 'ja',
  no: 'nein',
  always: 'von Anfang an',
  noSeason: 'ohne Saison (übrige Nächte)',
  zones: { title: 'Tarifzonen', alias: 'Bezeichnung', rename: 'Umbenennen' },
  seasons: {
    title: 'Saisonzeiten',
    alias: 'Bezeichnung',
    from: 'gilt ab',
    until: 'gilt bis einschließlich',
    dateHint: 'TT.MM.JJJJ oder JJJJ-MM-TT',
  },
  tariffs: {
    title: 'Tarife',
    code: 'Kürzel',
    alias: 'Bezeichnung',
    fullAlias: 'Volle Bezeichnung',
    active: 'Aktiv',
    landlords: 'Für Vermieter wählbar',
    card: 'Kurkarte drucken',
    default: 'Vorausgewählt',
    codeHint: 'Das Kürzel bleibt nach dem Anlegen gleich.',
  },
  rates: {
    title: 'Sätze je Nacht und Person',
    intro:
      'Ein neuer Satz gilt ab einem Datum, frühestens ab morgen. Gebuchte Meldescheine behalten ihre Kurtaxe; ein Gast zahlt für alle Nächte den Satz, der an seinem Anreisetag gilt.',
    tarif: 'Tarif',
    zone: 'Tarifzone',
    season: 'Saison',
    validFrom: 'gilt ab',
    validFromHint: 'TT.MM.JJJJ oder JJJJ-MM-TT. Leer nur beim ersten Satz.',
    euro: 'Betrag in Euro',
    planned: 'geplant',
  },
  fields: {
    title: 'Gästefelder (Meldeschein)',
    column: 'Feldname',
    columnHint: 'Buchstaben, Ziffern und _; bleibt nach dem Anlegen gleich.',
    alias: 'Bezeichnung',
    type: 'Datentyp',
    required: 'Pflichtfeld',
    foreignOnly: 'Pflicht nur für ausländische Gäste',
    statistical: 'Für die Statistik behalten',
    size: 'Höchstlänge',
    transferable: 'Übertragbar',
    listVisible: 'In Listen sichtbar',
  },
  issues: {
    required: 'Bitte ausfüllen.',
    invalid: 'Dieser Wert ist nicht gültig.',
    number: 'Bitte eine Zahl eingeben.',
    codes: {
      not_a_date: 'Bitte ein gültiges Datum eingeben.',
      until_before_from: 'Das Ende liegt vor dem Anfang.',
      reserved_name: 'Dieser Name ist für ein festes Feld des Meldescheins reserviert.',
      foreign_only_required:
        'Ein Feld „Pflicht nur für ausländische Gäste“ ist nicht zugleich für alle Pflicht.',
      statistical_type: 'Nur Land-, Zahl- und Ja/Nein-Felder können für die Statistik bleiben.',
      range_too_long: 'Höchstens drei Jahre auf einmal.',
    } as Record<string, string>,
  },
  refused: {
    not_found: 'Diesen Eintrag gibt es (nicht mehr).',
    tarif_in_use:
      'Der Tarif „{tarif}“ steht auf {forms} gebuchten Meldescheinen und kann nicht gelöscht werden. Deaktivieren Sie ihn stattdessen.',
    tarif_code_taken: 'Das Kürzel „{code}“ hat schon ein anderer Tarif.',
    zone_in_use:
      'In der Tarifzone „{zone}“ liegen {objects} Objekte. Ordnen Sie sie zuerst einer anderen Zone zu.',
    season_in_use:
      'Gebuchte Aufenthalte auf {forms} Meldescheinen haben Nächte in den Tagen, die sich bei „{season}“ ändern würden. Legen Sie für künftige Daten eine neue Saison an.',
    field_in_use:
      'Das Feld „{field}“ ist auf {forms} Meldescheinen ausgefüllt und kann nicht gelöscht werden.',
    field_type_in_use:
      'Das Feld „{field}“ ist auf {forms} Meldescheinen ausgefüllt; sein Datentyp bleibt daher.',
    column_taken: 'Ein Feld „{column}“ gibt es schon.',
    rate_in_past:
      'Ein neuer Satz gilt frühestens ab morgen (heute ist {today}); gebuchte Aufenthalte behalten ihren Satz.',
    rate_without_date:
      'Für diesen Tarif, diese Zone und Saison gibt es schon einen Satz: bitte „gilt ab“ angeben.',
    rate_in_force:
      'Dieser Satz gilt schon und bleibt; ändern Sie ihn mit einem neuen Satz ab morgen.',
  } satisfies Record<RefusalCode, string>,
  inspection: {
    title: 'Behördenauskunft',
    intro:
      'Die Meldescheine eines Vermieters für einen Zeitraum, maschinenlesbar für die zuständige Behörde (§ 30 Abs. 4 BMG). Gelöschte (nach Ablauf der Aufbewahrungsfrist) und stornierte Meldescheine sind nicht enthalten. Jede Ausgabe steht im Protokoll.',
    landlord: 'Vermieter',
    from: 'Aufenthalt von',
    to: 'bis',
    format: 'Format',
    check: 'Prüfen',
    found: '{forms} Meldescheine mit {guests} Gästen in diesem Zeitraum.',
    download: 'Herunterladen',
    notFound: 'Diesen Vermieter gibt es nicht.',
  },
};

export type ConfigMessages = typeof de;

const en: ConfigMessages = {
  title: 'Settings',
  intro:
    "The municipality's tariffs, tariff zones, seasons, rates and guest fields. Each change is in force in the portal at once and is in the audit log; what booked forms need cannot be deleted.",
  gemeinde: 'Municipality',
  show: 'Show',
  none: 'No entries yet.',
  saved: 'Saved.',
  deleted: 'Deleted.',
  pending: 'Saving …',
  add: 'Add',
  save: 'Save',
  remove: 'Delete',
  yes: 'yes',
  no: 'no',
  always: 'from the beginning',
  noSeason: 'no season (other nights)',
  zones: { title: 'Tariff zones', alias: 'Name', rename: 'Rename' },
  seasons: {
    title: 'Seasons',
    alias: 'Name',
    from: 'valid from',
    until: 'valid until (inclusive)',
    dateHint: 'DD.MM.YYYY or YYYY-MM-DD',
  },
  tariffs: {
    title: 'Tariffs',
    code: 'Code',
    alias: 'Name',
    fullAlias: 'Full name',
    active: 'Active',
    landlords: 'Landlords may choose it',
    card: 'Print a guest card',
    default: 'Preselected',
    codeHint: 'The code stays as created.',
  },
  rates: {
    title: 'Rates per night and person',
    intro:
      "A new rate is valid from a date, tomorrow at the earliest. Booked forms keep their Kurtaxe; a guest pays for all nights the rate valid on the guest's arrival day.",
    tarif: 'Tariff',
    zone: 'Tariff zone',
    season: 'Season',
    validFrom: 'valid from',
    validFromHint: 'DD.MM.YYYY or YYYY-MM-DD. Empty only for the first rate.',
    euro: 'Amount in euros',
    planned: 'planned',
  },
  fields: {
    title: 'Guest fields (registration form)',
    column: 'Field name',
    columnHint: 'Letters, digits and _; stays as created.',
    alias: 'Label',
    type: 'Data type',
    required: 'Required',
    foreignOnly: 'Required of foreign guests only',
    statistical: 'Kept for statistics',
    size: 'Maximum length',
    transferable: 'Transferable',
    listVisible: 'Shown in lists',
  },
  issues: {
    required: 'Please fill in.',
    invalid: 'This value is not valid.',
    number: 'Please enter a number.',
    codes: {
      not_a_date: 'Please enter a valid date.',
      until_before_from: 'The end is before the start.',
      reserved_name: 'This name is reserved for a fixed field of the form.',
      foreign_only_required:
        'A field required of foreign guests only is not required of everyone at the same time.',
      statistical_type: 'Only country, number and yes/no fields can be kept for statistics.',
      range_too_long: 'At most three years at a time.',
    },
  },
  refused: {
    not_found: 'This entry does not exist (any more).',
    tarif_in_use:
      'The tariff "{tarif}" is on {forms} booked forms and cannot be deleted. Deactivate it instead.',
    tarif_code_taken: 'Another tariff already has the code "{code}".',
    zone_in_use:
      'The tariff zone "{zone}" holds {objects} objects. Move them to another zone first.',
    season_in_use:
      'Booked stays on {forms} forms have nights on the days that would change for "{season}". Add a new season for future dates instead.',
    field_in_use: 'The field "{field}" is filled in on {forms} forms and cannot be deleted.',
    field_type_in_use: 'The field "{field}" is filled in on {forms} forms, so its data type stays.',
    column_taken: 'There is already a field "{column}".',
    rate_in_past:
      'A new rate is valid from tomorrow at the earliest (today is {today}); booked stays keep their rate.',
    rate_without_date: 'This tariff, zone and season has a rate already: please give "valid from".',
    rate_in_force: 'This rate is in force and stays; change it with a new rate from tomorrow on.',
  },
  inspection: {
    title: 'Authority export',
    intro:
      "A landlord's registration forms for a period, machine-readable for the authority (BMG § 30(4)). Forms erased after the retention period and cancelled forms are not included. Every export is in the audit log.",
    landlord: 'Landlord',
    from: 'Stay from',
    to: 'to',
    format: 'Format',
    check: 'Check',
    found: '{forms} forms with {guests} guests in this period.',
    download: 'Download',
    notFound: 'No such landlord.',
  },
};

export const configuration = { de, en };
