// The landlord's words for mail: the Postausgang, a planned stay's invitation by e-mail, the
// objects' automatic invitations. Client-safe.
import type { PortalMailKind } from '@/lib/db/schema/portal';

export const mailDe = {
  nav: 'Postausgang',
  title: 'Postausgang',
  intro:
    'Hier stehen alle E-Mails, die das Portal an Ihre Gäste schickt, mit ihrem Stand. Solange kein Mailserver eingerichtet ist, bleiben sie hier und werden nicht verschickt: So sehen Sie genau, was hinausginge.',
  noSmtp:
    'Es ist kein Mailserver eingerichtet: Die E-Mails werden nicht verschickt, sondern nur hier gezeigt. Den Versand schaltet der Betreiber des Portals ein.',
  empty: 'Noch keine E-Mails.',
  columns: { to: 'An', subject: 'Betreff', state: 'Stand', date: 'Erstellt' },
  kind: {
    invitation: 'Einladung',
    reminder: 'Erinnerung',
    card: 'Kurkarte',
    arrival: 'Anreisetag',
  } satisfies Record<PortalMailKind, string>,
  state: {
    waiting: 'wartet',
    sending: 'wird gesendet',
    sent: 'gesendet',
    failed: 'fehlgeschlagen',
  },
  reason: {
    withdrawn: 'zurückgezogen, nicht gesendet',
    smtp: 'Der Mailserver hat abgelehnt: {detail}',
    connection: 'Der Mailserver war nicht erreichbar ({detail}).',
  },
  attempts: '{n} Versuch(e)',
  sentAt: 'Gesendet am {date}',
  nextAttempt: 'Nächster Versuch: {date}',
  view: 'Ansehen',
  message: 'E-Mail',
  back: 'Zurück zum Postausgang',
  textPart: 'Textfassung',
  htmlPart: 'HTML-Fassung öffnen',
  to: 'An',
  subject: 'Betreff',
  auto: {
    title: 'Automatische Einladungen',
    intro:
      'Ist sie eingeschaltet, bekommen Gäste mit hinterlegter E-Mail-Adresse die Einladung zum Online-Check-in von selbst, und zwei Tage vor der Anreise eine Erinnerung, solange sie noch nicht eingecheckt haben.',
    on: 'Automatisch einladen',
    days: 'Tage vor der Anreise',
    daysHint: 'Liegt die Anreise näher, geht die Einladung sofort hinaus.',
    save: 'Speichern',
    saved: 'Einstellung gespeichert.',
    noObjects: 'Keine Objekte.',
    state: { on: 'eingeschaltet', off: 'ausgeschaltet' },
  },
  guest: {
    title: 'Einladung per E-Mail',
    stay: '{object}, {from} – {to}',
    email: 'E-Mail-Adresse des Gastes',
    emailHint: 'Aus der Buchungsplattform kopieren; sie wird 7 Tage nach der Abreise gelöscht.',
    lang: 'Sprache der E-Mail',
    save: 'Kontakt speichern',
    saved: 'Kontakt gespeichert.',
    send: 'Einladung senden',
    resend: 'Erneut senden',
    sent: 'Die Einladung steht im Postausgang.',
    withdraw: 'Einladung zurückziehen',
    withdrawText:
      'Der Link zum Online-Check-in funktioniert dann nicht mehr, und noch nicht gesendete E-Mails gehen nicht hinaus.',
    withdrawn: 'Einladung zurückgezogen.',
    keep: 'Behalten',
    mails: 'E-Mails zu diesem Aufenthalt',
    noMails: 'Noch keine E-Mail.',
    notFound: 'Diesen geplanten Aufenthalt gibt es nicht (mehr).',
  },
  errors: {
    email: 'Bitte eine gültige E-Mail-Adresse eingeben.',
    noEmail: 'Bitte tragen Sie die E-Mail-Adresse des Gastes ein.',
    closed: 'Der Aufenthalt ist gebucht oder storniert: keine Einladung mehr.',
    notFound: 'Nicht gefunden.',
    object: 'Dieses Objekt gehört nicht zu Ihrem Zugang.',
    days: 'Bitte eine Zahl von 0 bis 60 eingeben.',
  } as Record<string, string>,
};

export type MailMessages = typeof mailDe;
