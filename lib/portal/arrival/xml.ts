// The BeherbMeldV record (§ 2 Beherbergungsmeldedatenverordnung): one XML document (UTF-8) per
// foreign signer, with the § 30(2) BMG data, the confirmation and, for the card route, the payment
// reference and the provider's name. The official XSD is published in the Bundesanzeiger and is
// not available here: ours (beherbmeld-v1.xsd beside this file) is written from the regulation's
// annex and versioned by its namespace. Built with fast-xml-parser's builder, never by joining
// strings; tests validate the output with `xmllint --schema`.
import { XMLBuilder } from 'fast-xml-parser';
import { offsetDateTime } from '@/lib/wire/time';
import type { Counted } from '@/lib/wire/arrival-duty';
import type { ArrivalParty, PartyGuest } from './party';

export const RECORD_NAMESPACE = 'urn:meldeportal:beherbmeldeschein:1';
export const RECORD_VERSION = '1';

export type Route = 'paper' | 'card' | 'eid';
export type IdCheck = 'compared' | 'deviation' | 'no_id';

export interface RecordSigner {
  guestId: number;
  route: Route;
  confirmedAt: Date;
  paymentProvider: string | null;
  paymentReference: string | null;
  idCheck: IdCheck | null;
  idCheckNote: string | null;
  idCheckAt: Date | null;
}

const ROUTE_VALUE: Record<Route, string> = {
  paper: 'Unterschrift',
  card: 'Zahlungsvorgang',
  eid: 'eID',
};
const ID_CHECK_VALUE: Record<IdCheck, string> = {
  compared: 'verglichen',
  deviation: 'Abweichung',
  no_id: 'kein_gueltiges_Dokument',
};

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  suppressEmptyNode: false,
  format: true,
  indentBy: '  ',
  processEntities: true,
});

// Characters XML 1.0 cannot carry at all (C0 controls but tab and newlines, lone surrogates,
// U+FFFE/U+FFFF): dropped, so a stray one in a name cannot make the record unreadable.
const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const clean = (s: string) => s.replace(NOT_XML, '');

/** Leave out what is not known: the XSD makes these elements optional, never empty. */
function opt<T>(name: string, value: T | null | undefined): Record<string, T> {
  return value === null || value === undefined || value === '' ? {} : { [name]: value };
}

function counted(list: Counted[]) {
  const total = list.reduce((n, c) => n + c.count, 0);
  if (!total) return {};
  return {
    Mitreisende: {
      Anzahl: total,
      Staatsangehoerigkeit: list.map((c) => ({
        ...opt('Staat', c.nationality),
        Anzahl: c.count,
      })),
    },
  };
}

/** The record of one signer as XML text (UTF-8 when written out). */
export function recordXml(
  party: ArrivalParty,
  signer: RecordSigner,
  guest: PartyGuest,
  coTravellers: Counted[],
): string {
  const s = (v: string | null) => (v === null ? null : clean(v));
  const doc = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    BeherbMeldeschein: {
      '@_xmlns': RECORD_NAMESPACE,
      '@_version': RECORD_VERSION,
      Anreisedatum: guest.arrival,
      Abreisedatum: guest.departure,
      ...opt('Familienname', s(guest.familyName)),
      ...opt('Vornamen', s(guest.firstNames)),
      ...opt('Geburtsdatum', guest.birthDate),
      ...(guest.nationality
        ? { Staatsangehoerigkeiten: { Staatsangehoerigkeit: [guest.nationality] } }
        : {}),
      ...(guest.street || guest.postcode || guest.town || guest.country
        ? {
            Anschrift: {
              ...opt('Strasse', s(guest.street)),
              ...opt('Postleitzahl', s(guest.postcode)),
              ...opt('Wohnort', s(guest.town)),
              ...opt('Staat', guest.country),
            },
          }
        : {}),
      ...counted(coTravellers),
      ...opt('Ausweisnummer', s(guest.documentNumber)),
      ...(signer.idCheck && signer.idCheckAt
        ? {
            Ausweispruefung: {
              Ergebnis: ID_CHECK_VALUE[signer.idCheck],
              ...opt('Vermerk', s(signer.idCheckNote)),
              Zeitpunkt: offsetDateTime(signer.idCheckAt),
            },
          }
        : {}),
      Bestaetigung: {
        Weg: ROUTE_VALUE[signer.route],
        Zeitpunkt: offsetDateTime(signer.confirmedAt),
      },
      ...(signer.route === 'card'
        ? {
            Zahlungszuordnungsnummer: s(signer.paymentReference),
            Zahlungsdienstleister: s(signer.paymentProvider),
          }
        : {}),
    },
  };
  return builder.build(doc) as string;
}

/** `JJJJMMTT_BeherbMeldeschein_Zaehler.xml` in `JJJJ/MM/` (BeherbMeldV § 2). */
export function recordPath(firstDay: string, counter: number): string {
  const [y, m, d] = firstDay.split('-') as [string, string, string];
  return `${y}/${m}/${y}${m}${d}_BeherbMeldeschein_${counter}.xml`;
}
