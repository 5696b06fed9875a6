// Guest self check-in in German: the guest's pages (`guest`) and the landlord's (`admin`).
// A catalogue of its own beside de.ts, with the same rule: every language has these keys.
export const checkinDe = {
  card: {
    title: 'Ihre Gästekarte',
    intro:
      'Ihr Gastgeber hat Ihren Aufenthalt angemeldet. Zeigen Sie die Karte vor, um die Vorteile der Gemeinde zu nutzen.',
    holder: 'Gast',
    persons: '{n} Personen',
    number: 'Kartennummer',
    valid: 'Gültig',
    pdf: 'Gästekarte als PDF',
    apple: 'Zu Apple Wallet hinzufügen',
    google: 'In Google Wallet speichern',
    walletFor: '{name}: {wallet}',
    pendingTitle: 'Ihre Gästekarte kommt gleich',
    pendingText:
      'Ihr Gastgeber hat Ihren Aufenthalt angemeldet; die Karte ist noch nicht fertig. Bitte schauen Sie später noch einmal hier vorbei.',
    cancelledTitle: 'Gästekarte storniert',
    cancelledText:
      'Ihr Gastgeber hat die Anmeldung storniert. Die Gästekarte gilt nicht mehr. Bei Fragen wenden Sie sich bitte an Ihren Gastgeber.',
    noneTitle: 'Keine Gästekarte',
    noneText:
      'Hier ist keine Gästekarte für Sie zu sehen. Die Karte öffnet sich nur auf dem Handy, mit dem Sie die Angaben gesendet haben, oder über den Link aus der E-Mail Ihres Gastgebers.',
    endedTitle: 'Nicht mehr verfügbar',
    endedText: 'Die Gästekarte ist bis 7 Tage nach der Abreise hier abrufbar.',
    open: 'Gästekarte ansehen',
  },
  guest: {
    title: 'Online-Check-in',
    intro: 'Bitte melden Sie hier alle Reisenden an. Das dauert etwa zwei Minuten pro Person.',
    accommodation: 'Unterkunft',
    stay: 'Aufenthalt',
    arrival: 'Anreise',
    departure: 'Abreise',
    yourStay: 'Ihr Aufenthalt',
    privacyTitle: 'Wozu wir Ihre Angaben brauchen',
    privacyPayment:
      'Bestätigen Sie Ihre Anmeldung mit einer Kartenzahlung (nur mit Ihrer Einwilligung, die wir vor der Zahlung erfragen), verarbeitet der Zahlungsdienstleister Stripe (Stripe Payments Europe, Ltd., Dublin) die Zahlung für Ihren Gastgeber; Ihre Kartendaten geben Sie nur bei Stripe ein. Mit Ihrer Anmeldung gespeichert werden die Zahlungsreferenz, der Name des Zahlungsdienstleisters und der Zeitpunkt Ihrer Einwilligung (§ 30 Abs. 2 BMG); sie werden mit dem Meldeschein ein Jahr nach der Abreise gelöscht.',
    privacyText:
      'Die Gemeinde erhebt von allen Gästen die Kurtaxe; dafür meldet Ihr Gastgeber Ihren Aufenthalt an. Gäste mit ausländischer Staatsangehörigkeit müssen außerdem am Anreisetag einen Meldeschein bestätigen (Bundesmeldegesetz § 29 und § 30: Name, Geburtsdatum, Staatsangehörigkeit, Anschrift, Ausweisnummer), mit Unterschrift oder, wo angeboten, mit einer Kartenzahlung; deutsche Gäste nicht. Deshalb fragen wir nach der Staatsangehörigkeit. Der Meldeschein wird ein Jahr nach der Abreise vernichtet. Ihre Angaben sieht nur Ihr Gastgeber; er prüft sie und meldet sie an das Meldeschein-System der Gemeinde. Hier gespeichert bleiben sie nur, bis Ihr Gastgeber sie übernommen oder verworfen hat, höchstens bis 7 Tage nach der Abreise.',
    party: 'Reisende',
    maxGuests: 'Höchstens {n} Personen.',
    tariffHint: 'Für die Kurtaxe, z. B. Erwachsene oder Kinder.',
    relation: 'Reist diese Person mit jemandem aus der Gruppe?',
    relationHelp:
      'Ehe- oder Lebenspartner und Kinder unter 18 werden auf dem Meldeschein der Person mitgezählt, mit der sie reisen. Alle anderen Erwachsenen aus dem Ausland (Eltern, Großeltern, erwachsene Kinder, Freunde) unterschreiben ihren eigenen Meldeschein.',
    relationNone: 'Nein, allein oder nicht verwandt',
    relationPartner: 'Ehe- oder Lebenspartner(in) von {who}',
    relationChild: 'Kind (unter 18) von {who}',
    copyAddress: 'Gleiche Adresse wie Gast 1',
    addressCopied: 'Adresse von Gast 1 übernommen.',
    review: 'Weiter: Angaben prüfen',
    summaryTitle: 'Bitte prüfen Sie Ihre Angaben',
    summaryIntro: 'Stimmt alles? Dann senden Sie die Angaben an Ihren Gastgeber.',
    warningsTitle: 'Bitte prüfen Sie diese Angaben noch einmal',
    change: 'Angaben ändern',
    send: 'Angaben senden',
    yes: 'Ja',
    no: 'Nein',
    notGiven: '–',
    correcting:
      'Sie haben Ihre Angaben bereits gesendet. Bis Ihr Gastgeber sie übernimmt, können Sie sie hier korrigieren.',
    sendCorrection: 'Korrektur senden',
    thanksTitle: 'Vielen Dank!',
    thanksText:
      'Ihre Angaben sind bei Ihrem Gastgeber angekommen. Er prüft sie und meldet Ihren Aufenthalt an.',
    thanksCorrect: 'Angaben ansehen oder korrigieren',
    thanksLater:
      'Über denselben Link können Sie auf diesem Gerät korrigieren, bis Ihr Gastgeber die Angaben übernimmt.',
    takenTitle: 'Angaben bereits gesendet',
    takenText:
      'Für diese Einladung wurden die Angaben schon gesendet. Korrigieren können Sie sie auf dem Gerät, mit dem sie gesendet wurden, oder direkt bei Ihrem Gastgeber.',
    doneTitle: 'Bereits übernommen',
    doneText:
      'Ihr Gastgeber hat die Anmeldung bereits übernommen. Für Änderungen wenden Sie sich bitte an ihn.',
    refused: {
      invalidTitle: 'Dieser Link ist ungültig',
      invalidText:
        'Der Check-in-Link ist unvollständig oder wurde verändert. Bitte öffnen Sie ihn noch einmal genau so, wie Sie ihn bekommen haben, oder fragen Sie Ihren Gastgeber.',
      expiredTitle: 'Dieser Link ist abgelaufen',
      expiredText:
        'Der Check-in-Link gilt nur bis zum Abreisetag. Bitte wenden Sie sich an Ihren Gastgeber.',
      revokedTitle: 'Dieser Link gilt nicht mehr',
      revokedText:
        'Ihr Gastgeber hat diesen Check-in-Link zurückgezogen. Bitte fragen Sie ihn nach einem neuen.',
    },
    errors: {
      summary: 'Bitte prüfen Sie die markierten Felder.',
      rate_limited: 'Zu viele Versuche. Bitte warten Sie eine Stunde und versuchen Sie es erneut.',
      too_many_guests: 'Für diese Unterkunft sind höchstens {n} Personen möglich.',
      closed: 'Dieser Check-in nimmt keine Angaben mehr an.',
      taken: 'Für diese Einladung wurden die Angaben schon gesendet.',
      arrivalTooEarly: 'Die Anreise liegt zu weit zurück.',
      arrivalTooLate: 'Die Anreise liegt zu weit in der Zukunft.',
      tooLong: 'Ein Aufenthalt kann hier höchstens 90 Nächte dauern.',
      full: 'Bei dieser Unterkunft warten schon sehr viele Anmeldungen. Bitte wenden Sie sich direkt an Ihren Gastgeber.',
    },
  },
  admin: {
    nav: 'Online-Check-in',
    title: 'Online-Check-in',
    intro:
      'Ihre Gäste geben ihre Daten selbst auf dem Handy ein – per Einladungslink vor der Anreise oder per QR-Code in der Unterkunft. Sie prüfen die Angaben und buchen den Meldeschein mit einem Klick.',
    waiting: 'Eingegangene Check-ins',
    waitingCount: '{n} Online-Check-in(s) warten auf Ihre Prüfung.',
    none: 'Zurzeit liegen keine Check-ins vor.',
    receivedAt: 'eingegangen {date}',
    guests: '{n} Person(en)',
    viaInvitation: 'Einladung',
    viaCode: 'QR-Code des Objekts',
    review: 'Prüfen und buchen',
    newInvitation: 'Neue Einladung',
    newInvitationIntro:
      'Für einen geplanten Aufenthalt: Objekt, Reisedaten und die Zahl der erwarteten Gäste.',
    object: 'Objekt',
    arrival: 'Anreise',
    departure: 'Abreise',
    expectedGuests: 'Erwartete Gäste',
    create: 'Einladung erstellen',
    invitations: 'Einladungen',
    noInvitations: 'Noch keine Einladungen.',
    invitationFor: '{object}, {from} – {to}',
    forForm: 'zum Meldeschein {nr}',
    state: { open: 'aktiv', expired: 'abgelaufen', revoked: 'zurückgezogen', closed: 'gebucht' },
    show: 'Link und QR-Code',
    invitationTitle: 'Einladung zum Online-Check-in',
    invitationIntro:
      'Zeigen, drucken oder senden Sie Ihren Gästen diesen Link oder QR-Code. Er gilt bis zum Abreisetag ({date}).',
    link: 'Link für Ihre Gäste',
    share: 'Link teilen',
    copy: 'Link kopieren',
    copied: 'Der Link wurde kopiert.',
    qrAlt: 'QR-Code mit dem Check-in-Link',
    revoke: 'Einladung zurückziehen',
    revokeText: 'Der Link funktioniert danach nicht mehr. Schon gesendete Angaben bleiben.',
    revoked: 'Die Einladung wurde zurückgezogen.',
    codes: 'QR-Codes für Ihre Objekte',
    codesIntro:
      'Ein dauerhafter Code je Objekt zum Aushängen: Gäste geben Reisedaten und alle Reisenden ein, Sie bestätigen.',
    makeCode: 'QR-Code erstellen',
    rotate: 'Neuen Code erzeugen',
    rotateText: 'Der bisherige Code funktioniert danach nicht mehr.',
    rotated: 'Ein neuer Code wurde erzeugt; der alte funktioniert nicht mehr.',
    posterA4: 'Aushang A4 (PDF)',
    posterA5: 'Aushang A5 (PDF)',
    stayBadge: 'Online-Check-in eingegangen',
    inviteGuests: 'Gäste online einchecken lassen',
    reviewTitle: 'Check-in prüfen',
    reviewIntro:
      'So haben Ihre Gäste es eingegeben. Korrigieren Sie, wenn nötig, und buchen Sie dann den Meldeschein.',
    reviewUpdate:
      'Der Meldeschein {nr} wird mit diesen Gästen aktualisiert (gleiche Reihenfolge; übrige Gäste werden entfernt).',
    bookNew: 'Meldeschein buchen',
    bookUpdate: 'Meldeschein aktualisieren',
    discard: 'Check-in verwerfen',
    discardTitle: 'Check-in verwerfen?',
    discardText: 'Die Angaben der Gäste werden gelöscht. Das lässt sich nicht rückgängig machen.',
    discardConfirm: 'Ja, verwerfen',
    discarded: 'Der Check-in wurde verworfen.',
    keep: 'Nein, zurück',
    discardWithdraw: 'Verwerfen und Einladung zurückziehen',
    discardWithdrawText:
      'Die Angaben der Gäste werden gelöscht, und der Einladungslink funktioniert nicht mehr. Das lässt sich nicht rückgängig machen.',
    discardReopen: 'Verwerfen, Gäste dürfen neu senden',
    discardReopenText:
      'Die Angaben der Gäste werden gelöscht; über denselben Einladungslink können die Gäste ihre Angaben noch einmal senden.',
    discardAll: 'Alle {n} Check-ins über den QR-Code von {object} verwerfen',
    discardAllTitle: 'Alle Check-ins dieses QR-Codes verwerfen?',
    discardAllText:
      'Alle Angaben, die über diesen QR-Code eingegangen sind und noch warten, werden gelöscht. Wurde Ihr Aushang missbraucht, erzeugen Sie danach einen neuen Code.',
    discardedAll: '{n} Check-in(s) wurden verworfen.',
    objectLost:
      'Dieses Objekt gehört nicht mehr zu Ihrem Konto. Der Check-in kann nicht gebucht, nur verworfen werden; der Link und der QR-Code des Objekts funktionieren nicht mehr.',
    poster: {
      title: 'Online-Check-in',
      text: 'Bitte melden Sie sich mit Ihrem Handy an: Code scannen, alle Reisenden eintragen, fertig.',
      textEn: 'Please register on your phone: scan the code, enter everyone travelling, done.',
    },
    errors: {
      object: 'Bitte ein Objekt wählen.',
      date: 'Bitte ein gültiges Datum eingeben.',
      departureAfterArrival: 'Die Abreise muss nach der Anreise liegen.',
      departurePast: 'Die Abreise darf nicht in der Vergangenheit liegen.',
      guests: 'Bitte eine Zahl von 1 bis 50 eingeben.',
      notFound: 'Diesen Check-in gibt es nicht mehr.',
    },
  },
};

export type CheckinMessages = typeof checkinDe;
