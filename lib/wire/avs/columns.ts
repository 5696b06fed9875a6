// A traveller of an AVS form and a guest of the Meldeschein API: AVS's fixed elements of the main
// traveller and the guest fields of the spec's column names (Gast_Name, …) that carry the same
// datum. The service's AVS face stores an element in its column, and the portal's AVS client sends
// a column as its element: one table for both, so they cannot drift apart. A municipality's other
// fields travel as `indiv-zusatzfelder`, for the main traveller only (interface v7.6, 3.2.2).

export const TRAVELLER_COLUMNS = {
  vorname: 'Gast_Vorname',
  name: 'Gast_Name',
  geburtsdatum: 'Gast_Geburtsdatum',
  strasse: 'Gast_Strasse',
  plz: 'Gast_Postleitzahl',
  ort: 'Gast_Wohnort',
  land: 'Gast_Land',
  staatsangehoerigkeit: 'Gast_Staatsangehoerigkeit',
  ausweisnr: 'Gast_Ausweisnummer',
  email: 'Gast_Email',
  kfzkennzeichen: 'Gast_Kfz_Kennzeichen',
} as const;
export type TravellerElement = keyof typeof TRAVELLER_COLUMNS;

/** Columns an element of the main traveller fills. */
export const COVERED_COLUMNS: ReadonlySet<string> = new Set(Object.values(TRAVELLER_COLUMNS));

/** The element a column is carried in, if any. */
export const ELEMENT_OF_COLUMN: ReadonlyMap<string, TravellerElement> = new Map(
  (Object.entries(TRAVELLER_COLUMNS) as [TravellerElement, string][]).map(([e, c]) => [c, e]),
);

/** The elements a companion (`begleitperson`) has of its own. */
export const COMPANION_ELEMENTS: readonly TravellerElement[] = [
  'name',
  'vorname',
  'geburtsdatum',
  'staatsangehoerigkeit',
  'ausweisnr',
  'email',
];

/** The address a companion shares with the main traveller: AVS sends it once, for the form. */
export const COMPANION_ADDRESS: readonly TravellerElement[] = ['strasse', 'plz', 'ort', 'land'];
