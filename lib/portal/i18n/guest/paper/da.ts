// The paper registration form's words in Danish.
import type { GuestPaper } from './de';

export const paperDa: GuestPaper = {
  title: 'Særlig registreringsblanket for overnatningssteder',
  law: 'den tyske lov om folkeregistrering',
  accommodation: 'Overnatningssted',
  formNumber: 'Blanket nr.',
  fields: {
    arrival: 'Ankomstdag',
    departure: 'Forventet afrejsedag',
    familyName: 'Efternavn',
    firstNames: 'Fornavne',
    birthDate: 'Fødselsdato',
    nationality: 'Statsborgerskab(er)',
    address: 'Adresse',
    coTravellers: 'Medrejsende: antal og statsborgerskab',
    document: 'Serienummer på pas eller andet rejsedokument',
  },
  notGiven: 'ikke oplyst',
  confirm:
    'Jeg bekræfter, at oplysningerne er korrekte. De destrueres et år efter afrejsen (§ 30, stk. 4, BMG).',
  placeDate: 'Sted, dato',
  signature: 'Underskrift',
  signatureMinor: 'Underskrift af den mindreårige eller dennes værge (forælder, værge)',
  landlord: 'Udfyldes af udlejeren',
};
