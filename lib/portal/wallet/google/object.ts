// The Google Wallet generic pass of a guest card (issue 20): the same data and QR content as the
// printed card and the Apple pass. The class is the municipality-neutral "guest card" of this
// issuer; it travels inside the save link, so nothing needs to be created beforehand.
import type { KarteInfo } from '@/lib/wire/kurkarte';
import { berlinInstant, offsetDateTime } from '@/lib/wire/time';
import { holder, PASS_TEXT, shortDate } from '../pass-content';

export const CLASS_SUFFIX = 'kurkarte';

const text = (de: string, en: string) => ({
  defaultValue: { language: 'de', value: de },
  translatedValues: [{ language: 'en', value: en }],
});

export const classId = (issuerId: string) => `${issuerId}.${CLASS_SUFFIX}`;
const objectId = (issuerId: string, serial: string) => `${issuerId}.${serial}`;

export function genericClass(issuerId: string) {
  return { id: classId(issuerId) };
}

/** The start or the last second of a Berlin calendar day, as Google's DateTime (with its offset). */
const berlin = (iso: string, endOfDay: boolean) =>
  offsetDateTime(berlinInstant(iso, endOfDay ? '23:59:59' : '00:00:00')).replace('.000', '');

export function genericObject(
  issuerId: string,
  serial: string,
  karte: KarteInfo,
  cancelled: boolean,
) {
  const [de, en] = [PASS_TEXT.de, PASS_TEXT.en];
  return {
    id: objectId(issuerId, serial),
    classId: classId(issuerId),
    state: cancelled ? 'INACTIVE' : 'ACTIVE',
    cardTitle: text(karte.gemeinde, karte.gemeinde),
    subheader: text(de.title, en.title),
    header: text(holder(karte, 'de'), holder(karte, 'en')),
    hexBackgroundColor: '#1d4ed8',
    barcode: { type: 'QR_CODE', value: karte.qr, alternateText: karte.kartennummer },
    validTimeInterval: {
      start: { date: berlin(karte.gueltig_von, false) },
      end: { date: berlin(karte.gueltig_bis, true) },
    },
    textModulesData: [
      {
        id: 'valid_from',
        header: de.validFrom,
        body: shortDate(karte.gueltig_von, 'de'),
        localizedHeader: text(de.validFrom, en.validFrom),
      },
      {
        id: 'valid_until',
        header: de.validUntil,
        body: shortDate(karte.gueltig_bis, 'de'),
        localizedHeader: text(de.validUntil, en.validUntil),
      },
      {
        id: 'card_number',
        header: de.cardNumber,
        body: karte.kartennummer,
        localizedHeader: text(de.cardNumber, en.cardNumber),
      },
      {
        id: 'object',
        header: de.object,
        body: karte.objekt,
        localizedHeader: text(de.object, en.object),
      },
    ],
  };
}
