// The arrival day's catalogue (BMG §§ 29, 30: who confirms, the routes, the ID check, the records),
// German and English. Client-safe.
import type { Lang } from './index';

const de = {
  title: 'Meldeschein am Anreisetag',
  lawNote:
    'Ausländische Gäste bestätigen ihre Angaben am Anreisetag: mit Unterschrift auf Papier oder mit einer Kartenzahlung mit starker Kundenauthentifizierung (§ 29 Abs. 2 und 5 BMG).',
  notRequired: 'Keine ausländischen Gäste: Es ist kein Meldeschein nach § 29 Abs. 2 BMG nötig.',
  unknownNationality:
    'Bei {n} Gast/Gästen fehlt die Staatsangehörigkeit. Sie entscheidet, ob ein Meldeschein nötig ist: Bitte ergänzen.',
  noSigner:
    'Ausländische Gäste sind gemeldet, aber kein ausländischer Gast mit eigenen Angaben, der unterschreiben könnte (deutsche Gäste unterschreiben keinen Meldeschein). Bitte die Angaben eines ausländischen Gastes ergänzen.',
  cancelled: 'Storniert: keine Bestätigung nötig.',
  status: {
    open: 'Bestätigung offen',
    due: 'Heute zu bestätigen',
    overdue: 'Nicht bestätigt (Anreisetag vorbei)',
    confirmed: 'Bestätigt',
    complete: 'Vollständig',
  },
  route: {
    paper: 'Auf Papier unterschrieben',
    card: 'Per Kartenzahlung bestätigt',
    eid: 'Per eID bestätigt',
  },
  confirmedAt: '{route} am {time}',
  reference: 'Zahlungsreferenz: {ref} ({provider})',
  partyKind: 'Wer reist mit wem? (bis zur ersten Bestätigung änderbar)',
  partyKindHelp:
    'Ausländische Ehegatten oder Lebenspartner (einer je Meldeschein) und minderjährige Kinder werden auf dem Meldeschein der unterschreibenden Person mitgezählt; alle anderen ausländischen Erwachsenen (Eltern, erwachsene Kinder) unterschreiben selbst. Ein ausländisches Kind ohne ausländische Erwachsene (etwa mit deutschen Eltern) hat einen eigenen Meldeschein, den ein Elternteil für das Kind unterschreibt.',
  travelGroup:
    'Reisegruppe mit mehr als 10 Personen: Die Reiseleitung unterschreibt, die übrigen werden nach Staatsangehörigkeit gezählt.',
  applyKind: 'Übernehmen',
  relationNone: 'Allein oder nicht verwandt (unterschreibt selbst, wenn ausländisch und erwachsen)',
  relationPartner: 'Ehe- oder Lebenspartner(in) von {who}',
  relationChild: 'Kind (unter 18) von {who}',
  relationsSaid: 'Wer reist mit wem? (Angabe der Gäste)',
  relationsSaidHelp:
    'Danach richtet sich, wer einen Meldeschein unterschreibt und wer darauf mitgezählt wird. Nach dem Buchen können Sie es beim Aufenthalt bis zur ersten Bestätigung korrigieren; fügen Sie hier Reisende hinzu oder entfernen Sie welche, bleiben die Angaben der übrigen erhalten.',
  relationsNoneSaid:
    'Die Gäste haben niemanden als Ehe- oder Lebenspartner oder als Kind angegeben: Jeder ausländische Erwachsene unterschreibt selbst.',
  signers: 'Unterschreibende Personen',
  counted: 'Mitgezählt: {list}',
  nationalityUnknown: 'ohne Angabe',
  printForm: 'Meldeschein drucken (PDF)',
  printAll: 'Alle Meldescheine drucken (PDF)',
  paperLanguage: {
    title: 'Meldeschein in einer anderen Sprache',
    language: 'Sprache neben Deutsch',
    auto: 'Wie beim Gast (Staatsangehörigkeit, sonst die gewählte Sprache)',
    germanOnly: 'Nur Deutsch',
    signer: 'Für',
    all: 'Alle Unterschreibenden',
    print: 'Meldeschein in dieser Sprache drucken (PDF)',
  },
  markSigned: 'Als unterschrieben markieren',
  markSignedHelp: 'Erst, wenn der Gast den Papier-Meldeschein heute von Hand unterschrieben hat.',
  onlyOnArrivalDay: 'Bestätigung und Ausweisprüfung sind nur am Anreisetag ({date}) möglich.',
  idCheck: 'Ausweis geprüft (§ 30 Abs. 2 BMG)',
  idCheckLegend: 'Angaben mit dem Ausweis verglichen',
  idResult: {
    compared: 'Mit dem Ausweis verglichen, keine Abweichung',
    deviation: 'Abweichung',
    no_id: 'Kein gültiger Ausweis vorgelegt',
  },
  deviationText: 'Welche Abweichung?',
  noteId: 'Prüfung vermerken',
  idNoted: '{result}, vermerkt am {time}',
  record: 'Datensatz (BeherbMeldV, XML)',
  recordDownload: 'Datensatz herunterladen',
  recordMissing: 'Der Datensatz entsteht mit der Bestätigung.',
  flash: {
    signed: 'Als unterschrieben vermerkt.',
    idNoted: 'Ausweisprüfung vermerkt.',
    kind: 'Gespeichert: Die unterschreibenden Personen sind angepasst.',
  },
  errors: {
    already: 'Diese Person hat bereits auf anderem Weg bestätigt; nichts geändert.',
    'not-arrival-day': 'Das geht nur am Anreisetag.',
    'not-required': 'Für diesen Aufenthalt ist kein Meldeschein nötig.',
    'unknown-form':
      'Für diesen Aufenthalt liegt noch kein Meldeschein-Datensatz vor. Bitte die Seite neu laden.',
    'not-a-signer': 'Diese Person unterschreibt keinen eigenen Meldeschein.',
    invalid: 'Bitte die Abweichung beschreiben (höchstens 500 Zeichen).',
    confirmed: 'Nach der ersten Bestätigung lässt sich das nicht mehr ändern.',
  } as Record<string, string>,
  listFlag: 'Meldeschein offen',
  listFlagOverdue: 'Meldeschein nicht bestätigt',
  todayTitle: 'Heute: Anreisen mit offenem Meldeschein',
  todayEmpty: 'Heute ist kein Meldeschein offen.',
  todayItem: '{name}: {n} Unterschrift(en) offen',
  overdueTitle: 'Nicht bestätigte Meldescheine',
  overdueItem: '{name}, Anreise {date}',
  exportTitle: 'Meldescheine exportieren',
  exportIntro:
    'Die Datensätze (XML nach BeherbMeldV) eines Zeitraums als ZIP-Datei, in Ordnern nach Jahr und Monat, für die Herausgabe an eine Behörde (§ 30 Abs. 4 BMG). Maßgeblich ist der erste Tag des Aufenthalts.',
  exportFrom: 'Anreise von',
  exportTo: 'Anreise bis',
  exportButton: 'ZIP herunterladen',
  exportShow: 'Zeitraum anzeigen',
  exportInvalid: 'Bitte einen gültigen Zeitraum von höchstens 366 Tagen wählen.',
  exportCount: '{n} Datensätze im gewählten Zeitraum.',
  exportLink: 'Meldescheine exportieren',
  schemaNote:
    'Das amtliche XML-Schema wird im Bundesanzeiger veröffentlicht und liegt hier nicht vor; die Datensätze folgen unserem aus der Anlage der Verordnung abgeleiteten Schema (Version 1).',
};

export type ArrivalMessages = typeof de;

const en: ArrivalMessages = {
  title: 'Registration form on the arrival day',
  lawNote:
    'Foreign guests confirm their data on the day of arrival: by signing on paper or by a card payment with strong customer authentication (§ 29(2) and (5) BMG).',
  notRequired: 'No foreign guests: no registration form under § 29(2) BMG is needed.',
  unknownNationality:
    'The nationality of {n} guest(s) is missing. It decides whether a registration form is needed: please add it.',
  noSigner:
    'Foreign guests are registered, but no foreign guest with individual data who could sign (German guests sign no registration form). Please add a foreign guest’s data.',
  cancelled: 'Cancelled: no confirmation needed.',
  status: {
    open: 'Confirmation open',
    due: 'To confirm today',
    overdue: 'Not confirmed (arrival day passed)',
    confirmed: 'Confirmed',
    complete: 'Complete',
  },
  route: {
    paper: 'Confirmed on paper',
    card: 'Confirmed by card payment',
    eid: 'Confirmed by eID',
  },
  confirmedAt: '{route} on {time}',
  reference: 'Payment reference: {ref} ({provider})',
  partyKind: 'Who travels with whom? (can be changed until the first confirmation)',
  partyKindHelp:
    'Foreign spouses or partners (one per form) and minor children are counted on the form of the person who signs; every other foreign adult (parents, grown-up children) signs their own. A foreign child without a foreign adult (with German parents, say) has a form of their own, which a parent signs for the child.',
  travelGroup:
    'Travel group of more than 10 persons: the tour leader signs, the others are counted by nationality.',
  applyKind: 'Apply',
  relationNone: 'Alone or not related (signs if foreign and adult)',
  relationPartner: 'Spouse or partner of {who}',
  relationChild: 'Child (under 18) of {who}',
  relationsSaid: 'Who travels with whom? (as the guests said)',
  relationsSaidHelp:
    'This decides who signs a registration form and who is counted on it. Once booked, you can correct it on the stay until the first confirmation; adding or removing travellers here keeps the answers of the others.',
  relationsNoneSaid:
    'The guests named nobody as a spouse or partner or as a child: every foreign adult signs their own form.',
  signers: 'Persons who sign',
  counted: 'Counted: {list}',
  nationalityUnknown: 'not given',
  printForm: 'Print registration form (PDF)',
  printAll: 'Print all registration forms (PDF)',
  paperLanguage: {
    title: 'Registration form in another language',
    language: 'Language beside German',
    auto: 'As for the guest (nationality, else the language chosen)',
    germanOnly: 'German only',
    signer: 'For',
    all: 'Everyone who signs',
    print: 'Print the registration form in this language (PDF)',
  },
  markSigned: 'Mark as signed',
  markSignedHelp: 'Only once the guest has signed the paper form by hand today.',
  onlyOnArrivalDay: 'Confirmation and ID check are possible on the arrival day ({date}) only.',
  idCheck: 'ID checked (§ 30(2) BMG)',
  idCheckLegend: 'Data compared with the ID document',
  idResult: {
    compared: 'Compared with the ID, no deviation',
    deviation: 'Deviation',
    no_id: 'No valid ID shown',
  },
  deviationText: 'What deviates?',
  noteId: 'Note the check',
  idNoted: '{result}, noted on {time}',
  record: 'Record (BeherbMeldV, XML)',
  recordDownload: 'Download record',
  recordMissing: 'The record is made with the confirmation.',
  flash: {
    signed: 'Marked as signed.',
    idNoted: 'ID check noted.',
    kind: 'Saved: the persons who sign have been adjusted.',
  },
  errors: {
    already: 'This person has already confirmed another way; nothing changed.',
    'not-arrival-day': 'This is possible on the arrival day only.',
    'not-required': 'This stay needs no registration form.',
    'unknown-form': 'There is no registration record for this stay yet. Please reload the page.',
    'not-a-signer': 'This person does not sign a form of their own.',
    invalid: 'Please describe the deviation (500 characters at most).',
    confirmed: 'This cannot be changed after the first confirmation.',
  },
  listFlag: 'Form open',
  listFlagOverdue: 'Form not confirmed',
  todayTitle: 'Today: arrivals with an open registration form',
  todayEmpty: 'No registration form is open today.',
  todayItem: '{name}: {n} signature(s) open',
  overdueTitle: 'Unconfirmed registration forms',
  overdueItem: '{name}, arrival {date}',
  exportTitle: 'Export registration forms',
  exportIntro:
    'The records (XML under the BeherbMeldV) of a period as a ZIP file, in folders by year and month, to hand to an authority (§ 30(4) BMG). The first day of stay counts.',
  exportFrom: 'Arrival from',
  exportTo: 'Arrival until',
  exportButton: 'Download ZIP',
  exportShow: 'Show period',
  exportInvalid: 'Please choose a valid period of 366 days at most.',
  exportCount: '{n} records in the chosen period.',
  exportLink: 'Export registration forms',
  schemaNote:
    'The official XML schema is published in the Bundesanzeiger and is not available here; the records follow our schema derived from the regulation’s annex (version 1).',
};

export function arrivalMessages(lang: Lang): ArrivalMessages {
  return lang === 'en' ? en : de;
}
