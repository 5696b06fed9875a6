// The paper registration form's words in French.
import type { GuestPaper } from './de';

export const paperFr: GuestPaper = {
  title: 'Fiche d’enregistrement spéciale pour les établissements d’hébergement',
  law: 'loi fédérale allemande sur la déclaration de résidence',
  accommodation: 'Établissement d’hébergement',
  formNumber: 'Fiche n°',
  fields: {
    arrival: 'Jour d’arrivée',
    departure: 'Jour de départ prévu',
    familyName: 'Nom de famille',
    firstNames: 'Prénoms',
    birthDate: 'Date de naissance',
    nationality: 'Nationalité(s)',
    address: 'Adresse',
    coTravellers: 'Personnes accompagnantes : nombre et nationalité',
    document: 'Numéro de série du passeport ou du document en tenant lieu',
  },
  notGiven: 'non renseigné',
  confirm:
    'Je certifie l’exactitude des données. Elles seront détruites un an après le départ (§ 30, al. 4, BMG).',
  placeDate: 'Lieu, date',
  signature: 'Signature',
  signatureMinor: 'Signature du mineur ou de son représentant légal (parent, tuteur)',
  landlord: 'À remplir par le loueur',
};
