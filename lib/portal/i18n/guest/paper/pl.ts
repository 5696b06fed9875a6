// The paper registration form's words in Polish.
import type { GuestPaper } from './de';

export const paperPl: GuestPaper = {
  title: 'Szczególna karta meldunkowa dla obiektów noclegowych',
  law: 'niemiecka federalna ustawa o meldunku',
  accommodation: 'Obiekt noclegowy',
  formNumber: 'Nr karty meldunkowej',
  fields: {
    arrival: 'Dzień przyjazdu',
    departure: 'Przewidywany dzień wyjazdu',
    familyName: 'Nazwisko',
    firstNames: 'Imiona',
    birthDate: 'Data urodzenia',
    nationality: 'Obywatelstwo (obywatelstwa)',
    address: 'Adres',
    coTravellers: 'Osoby towarzyszące: liczba i obywatelstwo',
    document: 'Numer seryjny paszportu lub dokumentu zastępującego paszport',
  },
  notGiven: 'nie podano',
  confirm:
    'Potwierdzam prawdziwość podanych danych. Zostaną one zniszczone rok po wyjeździe (§ 30 ust. 4 BMG).',
  placeDate: 'Miejscowość, data',
  signature: 'Podpis',
  signatureMinor:
    'Podpis osoby niepełnoletniej lub jej przedstawiciela ustawowego (rodzic, opiekun)',
  landlord: 'Wypełnia wynajmujący',
};
