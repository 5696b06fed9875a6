// The paper registration form's words in Dutch.
import type { GuestPaper } from './de';

export const paperNl: GuestPaper = {
  title: 'Bijzonder registratieformulier voor accommodaties',
  law: 'Duitse federale meldingswet',
  accommodation: 'Accommodatie',
  formNumber: 'Formuliernr.',
  fields: {
    arrival: 'Dag van aankomst',
    departure: 'Verwachte dag van vertrek',
    familyName: 'Achternaam',
    firstNames: 'Voornamen',
    birthDate: 'Geboortedatum',
    nationality: 'Nationaliteit(en)',
    address: 'Adres',
    coTravellers: 'Medereizigers: aantal en nationaliteit',
    document: 'Serienummer van het paspoort of vervangend reisdocument',
  },
  notGiven: 'niet opgegeven',
  confirm:
    'Ik bevestig dat de gegevens juist zijn. Ze worden een jaar na vertrek vernietigd (§ 30 lid 4 BMG).',
  placeDate: 'Plaats, datum',
  signature: 'Handtekening',
  signatureMinor:
    'Handtekening van de minderjarige of van de wettelijk vertegenwoordiger (ouder, voogd)',
  landlord: 'In te vullen door de verhuurder',
};
