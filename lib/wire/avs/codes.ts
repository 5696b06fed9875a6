// The answer codes of the AVS Meldeschein web service and their German texts, as AVS's list of
// error codes (Fehlercodes 6.3) and its interface specification (v7.6) give them. 10001 is
// success; every other code is a refusal. Codes of AVS's master-data interface (firms, objects,
// addresses, bank details) belong to calls this face does not have and are not listed.

export const AVS_CODES = {
  '10000': 'Unerwarteter technischer Fehler!',
  '10001': 'Prozessabschluss ohne Fehler / Aktion ohne Fehler beendet',
  '10002': 'Fehler bei der Validierung der XML Daten',
  '10003': 'Fehlerhafte Struktur der XML Daten',
  '10007': 'Firma nicht gefunden',
  '10009': 'Objekt nicht gefunden',
  '10018': 'Firma ist gelöscht, keine Buchung möglich',
  '10019': 'Objekt ist gelöscht / gesperrt, keine Buchung möglich',
  '10100': 'Ungültiger Anreisezeitraum',
  '10101': 'Firma und Objekt passen nicht zusammen',
  '10102':
    'Der Anreisezeitraum der Begleitperson liegt nicht innerhalb des Zeitraums der Hauptperson',
  '10103': 'Tarif nicht gefunden!',
  '10104': 'Meldeschein mit der Buchungsnummer existiert schon!',
  '10105': 'Geburtsdatum ungültig für diese Kategorie!',
  '10106': 'Meldeschein nicht gefunden',
  '10107': 'Meldeschein ist nicht mehr änderbar',
  '10110': 'Meldeschein darf nicht mehr gedruckt werden!',
  '10111': 'Mindestanzahl für Gruppen-Meldeschein nicht erreicht!',
  '10112': 'Ungültiger Stornostatus',
  '10113': 'manuelle MS-Nummer nicht gefunden / keine mehr vorhanden',
  '10115': 'Kategorie ungültig',
  '10119': 'Das An/Abreise Datum wurde nicht gefunden oder besteht aus einem falschen Format',
  '10120': '[Feld] Wert ist zu lang!',
  '10121': 'Meldescheintyp ist nicht freigeschaltet',
  '10128': 'Zusatzfelder falsch übergeben.',
  '10129': 'E-Mail Adresse nicht gueltig',
  '10201': 'Ungültiges Schwerbehindertenausweis-Gültigkeits-Datum',
  '11500': 'Ungueltige Schnittstelle',
  '11501': 'Ungueltiges Verarbeitungskennzeichen',
  '11900': 'Ungueltige Gemeinde!',
} as const;

export type AvsCode = keyof typeof AVS_CODES;

/** The success texts AVS answers with 10001, per operation (its examples). */
export const SUCCESS_TEXT = {
  bucheMeldeschein: 'Meldescheine-Buchen erfolgreich',
  holeMeldeschein: 'Meldescheine-Holen erfolgreich',
  holeMeldescheine: 'Meldescheine-Holen erfolgreich',
  druckeMeldescheine: 'Meldescheine-Drucken erfolgreich',
  getKonfigurationsListe: 'ConfigurationLists-Abfrage erfolgreich',
} as const;

/** One entry of `fehlermeldungen`: the code, its text, and what it refers to (`bezug`). */
export interface Fehler {
  code: string;
  beschreibung: string;
  bezug?: string;
}

/** A refusal with the code's own text; 10120 names the field in place of `[Feld]`. */
export function fehler(code: AvsCode, bezug?: string, field?: string): Fehler {
  const text: string = AVS_CODES[code];
  const beschreibung = field && code === '10120' ? text.replace('[Feld]', field) : text;
  return bezug === undefined ? { code, beschreibung } : { code, beschreibung, bezug };
}

/** Whether an answer's `fehlermeldungen` say success (the first entry is 10001, as AVS's clients read it). */
export function isSuccess(list: readonly Fehler[]): boolean {
  return list[0]?.code === '10001';
}
