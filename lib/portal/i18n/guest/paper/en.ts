// The paper registration form's words in English.
import type { GuestPaper } from './de';

export const paperEn: GuestPaper = {
  title: 'Special registration form for accommodation establishments',
  law: 'Federal Registration Act',
  accommodation: 'Accommodation',
  formNumber: 'Form no.',
  fields: {
    arrival: 'Day of arrival',
    departure: 'Expected day of departure',
    familyName: 'Family name',
    firstNames: 'First names',
    birthDate: 'Date of birth',
    nationality: 'Nationality',
    address: 'Address',
    coTravellers: 'Persons travelling along: number and nationality',
    document: 'Serial number of the passport or ID document',
  },
  notGiven: 'not given',
  confirm:
    'I confirm that the data are correct. They are destroyed one year after departure (§ 30(4) BMG).',
  placeDate: 'Place, date',
  signature: 'Signature',
  signatureMinor: 'Signature of the minor or of their legal representative (parent, guardian)',
  landlord: 'For the landlord',
};
