// The paper registration form's words in German, the form's own language: every form prints them,
// with the guest's language's beside them (arrival/paper.ts). `GuestPaper` is every other
// language's shape. The § 30(2) BMG terms as the law names them.
export const paperDe = {
  title: 'Besonderer Meldeschein für Beherbergungsstätten',
  /** The law's name (after "§§ 29, 30 Bundesmeldegesetz"). */
  law: 'Bundesmeldegesetz',
  accommodation: 'Beherbergungsstätte',
  formNumber: 'Meldeschein-Nr.',
  fields: {
    arrival: 'Tag der Ankunft',
    departure: 'Voraussichtlicher Tag der Abreise',
    familyName: 'Familienname',
    firstNames: 'Vornamen',
    birthDate: 'Geburtsdatum',
    nationality: 'Staatsangehörigkeit(en)',
    address: 'Anschrift',
    coTravellers: 'Mitreisende: Zahl und Staatsangehörigkeit',
    document: 'Seriennummer des Passes oder Passersatzpapiers',
  },
  notGiven: 'ohne Angabe',
  confirm:
    'Ich bestätige die Richtigkeit der Angaben. Die Angaben werden nach § 30 Abs. 4 BMG ein Jahr nach der Abreise vernichtet.',
  placeDate: 'Ort, Datum',
  signature: 'Unterschrift',
  /** The signature line of a minor's own form (a parent or guardian signs for the child). */
  signatureMinor:
    'Unterschrift der minderjährigen Person oder ihrer gesetzlichen Vertretung (Eltern, Vormund)',
  landlord: 'Vom Beherberger auszufüllen',
};

export type GuestPaper = typeof paperDe;
