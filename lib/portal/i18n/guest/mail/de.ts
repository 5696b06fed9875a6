// The guest's mails in German, the source every other language follows (`GuestMail`): the
// invitation to check in and its reminder, the guest card on booking, the arrival morning.
// `{url}` is the mail's link on a line of its own.
export const mailDe = {
  invitation: {
    subject: {
      invitation: 'Online-Check-in für Ihren Aufenthalt in {object}',
      reminder: 'Erinnerung: Online-Check-in für {object}',
    },
    greeting: 'Guten Tag,',
    intro: {
      invitation:
        '{landlord} lädt Sie ein, sich vor Ihrer Anreise online anzumelden. Das spart Ihnen den Meldeschein auf Papier bei der Ankunft.',
      reminder:
        'Ihre Anreise steht bevor. {landlord} bittet Sie, den Online-Check-in noch vor der Ankunft auszufüllen.',
    },
    stay: 'Ihr Aufenthalt: {object}, vom {from} bis {to}.',
    action: 'Zum Online-Check-in',
    linkHint: 'Der Link gilt bis zum Abreisetag. Geben Sie ihn bitte nicht weiter.',
    privacyTitle: 'Datenschutz',
    privacy:
      'Ihre Angaben werden nur für den gesetzlich vorgeschriebenen Meldeschein (§ 29 ff. Bundesmeldegesetz) verwendet, nur Ihrem Gastgeber gezeigt und spätestens sieben Tage nach der Abreise aus dem Check-in gelöscht.',
    closing: 'Gute Anreise!',
  },
  card: {
    subject: 'Ihre Gästekarte',
    body: 'Guten Tag,\n\nIhre Anmeldung ist gebucht. Ihre Gästekarte (PDF und für Ihr Handy) finden Sie hier:\n{url}\n\nDer Link gilt bis 7 Tage nach Ihrer Abreise.',
  },
  arrival: {
    subject: 'Heute ist Ihr Anreisetag: Meldeschein bestätigen',
    body: 'Guten Tag,\n\nheute reisen Sie an. Nach dem Bundesmeldegesetz bestätigen Gäste mit ausländischer Staatsangehörigkeit ihre Anmeldung am Anreisetag: mit Unterschrift auf dem Meldeschein in der Unterkunft oder, wo Ihr Gastgeber es anbietet, mit der Zahlung der Kurtaxe per Karte auf Ihrer Seite:\n{url}\n\nBitte halten Sie Ihren Reisepass oder Personalausweis bereit.',
  },
};

export type GuestMail = typeof mailDe;
