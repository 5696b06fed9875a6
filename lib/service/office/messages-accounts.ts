// The words of editing landlords, invitations, staff management and the set-password page
// (docs/decisions/032), German first and English, beside the office's main dictionary.
import 'server-only';
import { officeI18n, type OfficeLang } from './messages';

const de = {
  problems: {
    required: 'Pflichtfeld',
    invalid: 'Ungültige Eingabe',
    email: 'Keine gültige E-Mail-Adresse',
    too_small: 'Muss 0 oder mehr sein',
    taken: 'Schon vergeben',
    zone: 'Diese Tarifzone gehört nicht zur Gemeinde des Vermieters',
    summary: 'Bitte die markierten Felder prüfen: {fields}.',
  },
  edit: {
    landlord: 'Angaben bearbeiten',
    save: 'Speichern',
    edit: 'Bearbeiten',
    object: 'Objekt bearbeiten',
    account: 'Konto bearbeiten',
    deactivate: 'Deaktivieren',
    activate: 'Aktivieren',
    active: 'aktiv',
    inactive: 'deaktiviert',
    firstName: 'Vorname',
    lastName: 'Nachname',
    alias: 'Anzeigename',
    debitorNr: 'Debitorennummer',
    rights: 'Rechte im Portal',
    objectNote:
      'Ein deaktiviertes Objekt erscheint nicht mehr im Portal und nimmt keine neuen Meldescheine an; vorhandene bleiben.',
    accountNote:
      'Ein deaktiviertes Konto kann sich nicht mehr anmelden; seine Anmeldungen im Portal enden sofort.',
    notFound: 'Diesen Eintrag gibt es nicht.',
    portalRights: {
      'meldeschein.view_meldeschein': 'Meldescheine ansehen',
      'meldeschein.add_meldeschein': 'Meldescheine anlegen',
      'meldeschein.change_meldeschein': 'Meldescheine ändern',
      'meldeschein.storno_meldeschein': 'Meldescheine stornieren',
      'meldeschein.print_kurkarte': 'Kurkarten drucken',
    } as Record<string, string>,
  },
  invitation: {
    title: 'Einladung',
    none: 'Noch keine Einladung verschickt.',
    waiting: 'Einladung wartet auf den Versand.',
    sending: 'Einladung wird gesendet.',
    sent: 'Einladung gesendet am {date}.',
    failed: 'Einladung konnte nicht zugestellt werden ({reason}).',
    used: 'Passwort gesetzt am {date}.',
    expired: 'Der Link ist abgelaufen.',
    revoked: 'Der Link wurde ersetzt.',
    send: 'Einladung per E-Mail senden',
    sendAgain: 'Neue Einladung senden',
    queued: 'Die Einladung ist unterwegs. Ein früherer Link gilt nicht mehr.',
    noEmail: 'Das Konto hat keine E-Mail-Adresse: bitte zuerst eine eintragen.',
    inactive: 'Das Konto ist deaktiviert.',
  },
  staff: {
    title: 'Mitarbeitende',
    intro:
      'Konten der Gemeinde für diese Verwaltung. Neue Mitarbeitende erhalten einen Link per E-Mail, legen ihr Passwort fest und richten bei der ersten Anmeldung den zweiten Faktor ein.',
    caption: 'Konten der Mitarbeitenden',
    cols: {
      username: 'Benutzername',
      name: 'Name',
      rights: 'Rechte',
      factor: 'Zweiter Faktor',
      gemeinde: 'Gemeinde',
      status: 'Status',
    },
    create: 'Mitarbeitende anlegen',
    gemeinde: 'Gemeinde',
    gemeindeHint:
      'Ein Konto einer Gemeinde sieht und ändert nur deren Vermieter, Einstellungen und Zahlen.',
    allGemeinden: 'Alle Gemeinden',
    displayName: 'Name',
    email: 'E-Mail',
    rights: 'Rechte',
    enrolled: 'eingerichtet',
    notEnrolled: 'noch nicht eingerichtet',
    saveRights: 'Rechte speichern',
    reset: 'Zweiten Faktor zurücksetzen',
    resetNote:
      'Zurücksetzen beendet alle Anmeldungen des Kontos; bei der nächsten Anmeldung wird ein neuer zweiter Faktor eingerichtet.',
    created: 'Angelegt. Die Einladung ist unterwegs.',
    saved: 'Gespeichert.',
    back: 'Zurück zur Liste',
    you: '(Sie)',
    refused: {
      not_found: 'Dieses Konto gibt es nicht.',
      own_right: 'Das eigene Recht „Mitarbeitende verwalten“ kann man sich nicht selbst nehmen.',
      self: 'Das eigene Konto kann man nicht selbst deaktivieren.',
      last_manager:
        'Das ist das letzte aktive Konto, das Mitarbeitende verwalten darf. Geben Sie das Recht zuerst einem anderen Konto.',
    },
  },
  password: {
    title: 'Passwort festlegen',
    intro: 'Legen Sie das Passwort für das Konto {username} fest.',
    password: 'Neues Passwort',
    repeat: 'Passwort wiederholen',
    hint: 'Mindestens 12 Zeichen. Ein Satz aus mehreren Wörtern ist leicht zu merken.',
    submit: 'Passwort speichern',
    pending: 'Wird gespeichert …',
    too_short: 'Das Passwort muss mindestens 12 Zeichen haben.',
    too_long: 'Das Passwort ist zu lang.',
    differ: 'Die beiden Passwörter stimmen nicht überein.',
    invalid:
      'Dieser Link gilt nicht mehr: er wurde schon benutzt, durch einen neueren ersetzt oder ist abgelaufen. Bitte fragen Sie bei der Gemeinde einen neuen an.',
    doneTitle: 'Passwort gespeichert',
    signInPortal: 'Zur Anmeldung im Portal',
    signInOffice: 'Zur Anmeldung in der Verwaltung',
  },
};

export type AccountMessages = typeof de;

const en: AccountMessages = {
  problems: {
    required: 'Required',
    invalid: 'Invalid input',
    email: 'Not a valid e-mail address',
    too_small: 'Must be 0 or more',
    taken: 'Already taken',
    zone: "This tariff zone is not in the landlord's municipality",
    summary: 'Please check the marked fields: {fields}.',
  },
  edit: {
    landlord: 'Edit details',
    save: 'Save',
    edit: 'Edit',
    object: 'Edit the object',
    account: 'Edit the account',
    deactivate: 'Deactivate',
    activate: 'Activate',
    active: 'active',
    inactive: 'deactivated',
    firstName: 'First name',
    lastName: 'Last name',
    alias: 'Display name',
    debitorNr: 'Debtor number',
    rights: 'Rights in the portal',
    objectNote:
      'A deactivated object no longer appears in the portal and takes no new forms; existing ones stay.',
    accountNote: 'A deactivated account can no longer sign in; its portal sessions end at once.',
    notFound: 'There is no such entry.',
    portalRights: {
      'meldeschein.view_meldeschein': 'View forms',
      'meldeschein.add_meldeschein': 'Create forms',
      'meldeschein.change_meldeschein': 'Change forms',
      'meldeschein.storno_meldeschein': 'Cancel forms',
      'meldeschein.print_kurkarte': 'Print guest cards',
    },
  },
  invitation: {
    title: 'Invitation',
    none: 'No invitation sent yet.',
    waiting: 'The invitation waits to be sent.',
    sending: 'The invitation is being sent.',
    sent: 'Invitation sent on {date}.',
    failed: 'The invitation could not be delivered ({reason}).',
    used: 'Password set on {date}.',
    expired: 'The link has expired.',
    revoked: 'The link was replaced.',
    send: 'Send an invitation by e-mail',
    sendAgain: 'Send a new invitation',
    queued: 'The invitation is on its way. Any earlier link no longer works.',
    noEmail: 'The account has no e-mail address: please enter one first.',
    inactive: 'The account is deactivated.',
  },
  staff: {
    title: 'Staff',
    intro:
      "The municipality's accounts for this office. New staff get a link by e-mail, set their password and set up the second factor at their first sign-in.",
    caption: 'Staff accounts',
    cols: {
      username: 'Username',
      name: 'Name',
      rights: 'Rights',
      factor: 'Second factor',
      gemeinde: 'Municipality',
      status: 'Status',
    },
    create: 'Add a staff member',
    gemeinde: 'Municipality',
    gemeindeHint:
      "An account of one municipality sees and changes only that municipality's landlords, settings and figures.",
    allGemeinden: 'All municipalities',
    displayName: 'Name',
    email: 'E-mail',
    rights: 'Rights',
    enrolled: 'set up',
    notEnrolled: 'not set up yet',
    saveRights: 'Save rights',
    reset: 'Reset the second factor',
    resetNote:
      'Resetting ends all sessions of the account; a new second factor is set up at the next sign-in.',
    created: 'Created. The invitation is on its way.',
    saved: 'Saved.',
    back: 'Back to the list',
    you: '(you)',
    refused: {
      not_found: 'There is no such account.',
      own_right: 'You cannot take the right “Manage staff” from your own account.',
      self: 'You cannot deactivate your own account.',
      last_manager:
        'This is the last active account that may manage staff. Give the right to another account first.',
    },
  },
  password: {
    title: 'Set your password',
    intro: 'Set the password of the account {username}.',
    password: 'New password',
    repeat: 'Repeat the password',
    hint: 'At least 12 characters. A sentence of several words is easy to remember.',
    submit: 'Save the password',
    pending: 'Saving …',
    too_short: 'The password must have at least 12 characters.',
    too_long: 'The password is too long.',
    differ: 'The two passwords differ.',
    invalid:
      'This link no longer works: it was used already, replaced by a newer one, or it expired. Please ask the municipality for a new one.',
    doneTitle: 'Password saved',
    signInPortal: 'To the portal sign-in',
    signInOffice: 'To the office sign-in',
  },
};

export async function accountsI18n(): Promise<{ lang: OfficeLang; a: AccountMessages }> {
  const { lang } = await officeI18n();
  return { lang, a: lang === 'en' ? en : de };
}
