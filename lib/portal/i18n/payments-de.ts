// Card payments of the Kurtaxe (docs/decisions/029): the guest's words on the check-in and card
// pages, the landlord's on the Zahlungen page, the stay page and the statement. Client-safe.
export const paymentsDe = {
  guest: {
    title: 'Anmeldung bestätigen und Kurtaxe zahlen',
    due: 'Heute ist Ihr Anreisetag. Mit einer Kartenzahlung der Kurtaxe von {amount} bestätigen Sie Ihre Anmeldedaten, wie es das Bundesmeldegesetz erlaubt (§ 29 Abs. 5 BMG); Ihre Bank bestätigt die Zahlung dabei (3-D Secure). Das Geld geht direkt an Ihre Gastgeber.',
    pay: 'Anmeldung bestätigen und Kurtaxe zahlen ({amount})',
    // A party of German guests only: no registration to confirm (BMG since 2025), only the Kurtaxe.
    titlePayOnly: 'Kurtaxe zahlen',
    duePayOnly:
      'Heute ist Ihr Anreisetag. Sie können die Kurtaxe von {amount} hier mit Karte zahlen; Ihre Bank bestätigt die Zahlung dabei (3-D Secure). Das Geld geht direkt an Ihre Gastgeber. Einen Meldeschein müssen Sie als deutsche Gäste nicht bestätigen.',
    payOnly: 'Kurtaxe zahlen ({amount})',
    notYet:
      'Ab Ihrem Anreisetag ({date}) können Sie hier Ihre Anmeldung mit einer Kartenzahlung der Kurtaxe bestätigen.',
    past: 'Die Bestätigung per Kartenzahlung ist nur am Anreisetag möglich. Bitte unterschreiben Sie den Meldeschein bei Ihren Gastgebern.',
    zero: 'Für Ihren Aufenthalt ist keine Kurtaxe zu zahlen. Eine Bestätigung per Kartenzahlung ist deshalb nicht möglich: Bitte unterschreiben Sie den Meldeschein bei der Ankunft.',
    off: 'Eine Bestätigung per Kartenzahlung wird hier nicht angeboten. Bitte unterschreiben Sie den Meldeschein bei der Ankunft.',
    confirmed: 'Bezahlt am {date}: {amount}. Ihre Anmeldung ist bestätigt.',
    paid: 'Bezahlt am {date}: {amount}. Vielen Dank.',
    notConfirmed:
      'Bezahlt am {date}: {amount}. Ihre Anmeldung ist damit nicht bestätigt (ohne Bestätigung durch Ihre Bank, oder nicht am Anreisetag): Bitte unterschreiben Sie den Meldeschein bei der Ankunft.',
    intro:
      'Jede Person mit eigenem Meldeschein bestätigt ihre Anmeldung selbst: mit einer Zahlung ihres Anteils an der Kurtaxe mit ihrer eigenen Karte, oder mit ihrer Unterschrift auf dem Meldeschein bei Ihren Gastgebern. Eine Zahlung bestätigt nur den Meldeschein der Person, für die sie gemacht wird.',
    signerTitle: 'Meldeschein von {name} ({persons} Pers.)',
    dueShare:
      'Heute ist der Anreisetag. {name} bestätigt die eigene Anmeldung (und die der Personen auf diesem Meldeschein) mit einer Kartenzahlung von {amount} mit der eigenen Karte (§ 29 Abs. 5 BMG, 3-D Secure), oder mit der Unterschrift bei der Ankunft.',
    payShare: 'Als {name} bestätigen und {amount} zahlen',
    // A minor's own form (a foreign child without a foreign adult: decision 028).
    dueMinor:
      'Heute ist der Anreisetag. {name} ist minderjährig: Ein Elternteil oder die gesetzliche Vertretung bestätigt die Anmeldung für das Kind (und die der Personen auf diesem Meldeschein) mit einer Kartenzahlung von {amount} (§ 29 Abs. 5 BMG, 3-D Secure), oder mit der Unterschrift für das Kind bei der Ankunft.',
    payMinor: 'Für {name} bestätigen und {amount} zahlen',
    confirmedOf: 'Bezahlt am {date}: {amount}. Die Anmeldung von {name} ist bestätigt.',
    signed: 'Die Anmeldung von {name} ist mit dem unterschriebenen Meldeschein bestätigt.',
    small:
      'Der Anteil an der Kurtaxe ({amount}) liegt unter dem kleinsten Betrag einer Kartenzahlung (0,50 €): Bitte unterschreiben Sie den Meldeschein bei der Ankunft.',
    consent:
      'Ihre Einwilligung (§ 29 Abs. 5 BMG): Mit dem Tippen auf die Schaltfläche zum Bestätigen willigen Sie ein, dass Ihre Anmeldedaten elektronisch erhoben und am Anreisetag durch Ihre Kartenzahlung bestätigt werden statt durch Ihre Unterschrift auf Papier. Die Zahlung verarbeitet der Zahlungsdienstleister Stripe; die Zahlungsreferenz wird mit Ihrer Anmeldung gespeichert. Ohne Einwilligung unterschreiben Sie den Meldeschein bei der Ankunft.',
    refunded: 'Die Kurtaxe von {amount} wurde Ihnen erstattet.',
    refundPending:
      'Die Erstattung der Kurtaxe von {amount} ist veranlasst. Bis der Betrag auf Ihrer Karte ankommt, kann es einige Tage dauern.',
    reference: 'Zahlungsreferenz: {reference}',
    failed:
      'Die Zahlung wurde nicht abgeschlossen: Ihre Bank hat sie nicht bestätigt, oder Sie haben abgebrochen. Ihre Anmeldung ist noch nicht bestätigt. Sie können es noch einmal versuchen.',
    pending:
      'Ihre Zahlung wird noch bestätigt. Laden Sie die Seite in einer Minute neu, um den Stand zu sehen.',
    error:
      'Die Zahlung konnte gerade nicht gestartet werden. Bitte versuchen Sie es in einer Minute noch einmal.',
  },
  landlord: {
    nav: 'Zahlungen',
    title: 'Zahlungen',
    intro:
      'Ihre Gäste können am Anreisetag auf dem Handy die Kurtaxe mit Karte zahlen und damit ihre Anmeldung bestätigen (§ 29 Abs. 5 BMG: Kartenzahlung mit starker Kundenauthentifizierung). Das Geld geht direkt auf Ihr eigenes Stripe-Konto; das Portal nimmt kein Geld an und behält keine Gebühr ein.',
    off: 'Kartenzahlung ist in diesem Portal nicht eingeschaltet. Ihre Gäste können die Kurtaxe deshalb nicht mit Karte zahlen: Sie bestätigen ihre Anmeldung am Anreisetag wie bisher mit ihrer Unterschrift auf dem Meldeschein. Einschalten kann das nur der Betreiber dieses Portals (die Stelle, von der Sie Ihren Zugang haben). Fragen Sie dort nach, wenn Sie Kartenzahlung anbieten möchten.',
    none: 'Noch kein Stripe-Konto verbunden.',
    onboarding:
      'Ihr Stripe-Konto ist angelegt, aber noch nicht fertig eingerichtet: Stripe nimmt noch keine Kartenzahlungen dafür an.',
    ready: 'Ihr Stripe-Konto ist bereit: Gäste können am Anreisetag mit Karte zahlen.',
    account: 'Stripe-Konto: {id}',
    connect: 'Stripe-Konto verbinden',
    continue: 'Einrichtung bei Stripe fortsetzen',
    refresh: 'Stand bei Stripe abfragen',
    expired: 'Der Einrichtungslink war abgelaufen. Setzen Sie die Einrichtung bitte fort.',
    failed: 'Stripe war gerade nicht erreichbar. Bitte versuchen Sie es noch einmal.',
    stay: {
      title: 'Kartenzahlung',
      paid: 'Bezahlt am {date}: {amount}',
      confirmed: 'Anmeldung bestätigt durch Kartenzahlung am {date}',
      notConfirmed: 'Nicht als Bestätigung gewertet ({reason})',
      reasons: {
        'no-sca': 'ohne 3-D-Secure-Bestätigung',
        'not-arrival-day': 'nicht am Anreisetag',
        'amount-mismatch': 'anderer Betrag',
        already: 'schon bestätigt',
        'not-required': 'keine Bestätigung nötig',
        'unknown-form': 'Meldeschein unbekannt',
      } as Record<string, string>,
      reference: 'Referenz des Zahlungsmittels',
      card: 'Karte',
      refunded: 'Erstattet am {date}',
      refund: 'Kurtaxe erstatten ({amount})',
      refundHint: 'Der Aufenthalt ist storniert: Sie können die Kartenzahlung erstatten.',
      refundDone: 'Die Kurtaxe wurde erstattet.',
      refundFailed: 'Die Erstattung ist fehlgeschlagen. Bitte versuchen Sie es noch einmal.',
      refundPending: 'Erstattung am {date} veranlasst: bei Stripe noch in Bearbeitung',
      refundDeclined:
        'Die Erstattung vom {date} ist laut Stripe fehlgeschlagen: die Kurtaxe wurde nicht zurückgezahlt.',
      refundAsked: 'Die Erstattung ist veranlasst. Stripe meldet sie noch als in Bearbeitung.',
      refundRefused:
        'Stripe hat die Erstattung abgelehnt: die Kurtaxe wurde nicht zurückgezahlt. Bitte versuchen Sie es später noch einmal.',
    },
    statement: {
      paidOnline: 'Davon online bezahlt',
      open: 'Offen',
    },
  },
};

export type PaymentsMessages = typeof paymentsDe;
