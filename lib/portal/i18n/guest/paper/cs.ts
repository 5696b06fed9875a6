// The paper registration form's words in Czech.
import type { GuestPaper } from './de';

export const paperCs: GuestPaper = {
  title: 'Zvláštní přihlašovací formulář pro ubytovací zařízení',
  law: 'německý spolkový zákon o hlášení pobytu',
  accommodation: 'Ubytovací zařízení',
  formNumber: 'Č. formuláře',
  fields: {
    arrival: 'Den příjezdu',
    departure: 'Předpokládaný den odjezdu',
    familyName: 'Příjmení',
    firstNames: 'Jména',
    birthDate: 'Datum narození',
    nationality: 'Státní občanství',
    address: 'Adresa',
    coTravellers: 'Spolucestující: počet a státní občanství',
    document: 'Sériové číslo cestovního pasu nebo náhradního cestovního dokladu',
  },
  notGiven: 'neuvedeno',
  confirm: 'Potvrzuji správnost údajů. Údaje budou zničeny rok po odjezdu (§ 30 odst. 4 BMG).',
  placeDate: 'Místo, datum',
  signature: 'Podpis',
  signatureMinor: 'Podpis nezletilé osoby nebo jejího zákonného zástupce (rodič, poručník)',
  landlord: 'Vyplní ubytovatel',
};
