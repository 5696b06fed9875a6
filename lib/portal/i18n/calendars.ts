// The booking calendars' catalogue, German and English. Client-safe.
import type { Lang } from './index';

const de = {
  nav: 'Kalender',
  title: 'Buchungskalender',
  intro:
    'Verbinden Sie die Kalender Ihrer Buchungsplattformen (iCal-Link von Airbnb, Booking.com, VRBO/FeWo-direkt, Smoobu oder anderen). Das Portal liest sie alle {minutes} Minuten und legt für jede kommende Buchung einen geplanten Aufenthalt an. Kalender werden nur gelesen, nie geändert.',
  secretNote:
    'Ein Kalender-Link enthält einen geheimen Schlüssel der Plattform. Er wird nach dem Speichern nur gekürzt angezeigt.',
  noObjects: 'Ihrem Zugang sind keine Objekte zugeordnet.',
  feeds: 'Kalender',
  noFeeds: 'Noch kein Kalender verbunden.',
  platform: 'Plattform',
  platforms: {
    airbnb: 'Airbnb',
    booking: 'Booking.com',
    vrbo: 'VRBO / FeWo-direkt',
    smoobu: 'Smoobu',
    other: 'Anderer Kalender',
  } as Record<string, string>,
  url: 'Kalender-Link (iCal, beginnt mit https://)',
  blockedAreStays: 'Gesperrte Tage sind Buchungen',
  blockedAreStaysHint:
    'Nur für Booking.com: Dort heißen Buchungen und geschlossene Tage gleich („CLOSED – Not available“). Kreuzen Sie an, wenn Sie Tage nie von Hand schließen: dann wird jeder gesperrte Zeitraum ein geplanter Aufenthalt.',
  add: 'Kalender hinzufügen',
  addTitle: 'Kalender hinzufügen für {object}',
  pending: 'Wird abgeglichen …',
  syncNow: 'Jetzt abgleichen',
  remove: 'Entfernen',
  lastSync: 'Zuletzt abgeglichen: {date}',
  neverSynced: 'Noch nicht abgeglichen',
  staysInFeed: '{n} kommende Buchung(en) im Kalender',
  blockedAreStaysOn: 'gesperrte Tage gelten als Buchungen',
  lastError: 'Letzter Abgleich fehlgeschlagen: {reason}',
  coming: 'Kommende Aufenthalte aus Kalendern',
  noComing: 'Keine kommenden Buchungen.',
  stayLine: '{from} – {to}',
  state: {
    planned: 'geplant',
    invited: 'eingeladen',
    checked_in: 'eingecheckt',
    booked: 'gemeldet',
    cancelled: 'storniert',
  } as Record<string, string>,
  goneFromCalendar:
    'Nicht mehr im Kalender, aber schon gemeldet: Bitte prüfen Sie, ob die Buchung storniert wurde.',
  goneCheckedIn:
    'Nicht mehr im Kalender, aber die Gäste haben schon eingecheckt: Bitte prüfen Sie, ob die Buchung storniert wurde. Der Aufenthalt bleibt bestehen, bis Sie entscheiden.',
  suspectTitle: 'Dieser Kalender zeigt plötzlich viel weniger Buchungen',
  suspectText:
    'Beim Abgleich am {date} standen im Kalender nur noch {after} statt {before} kommende Buchungen. Das kann eine Störung bei der Plattform sein. Darum bleiben Ihre geplanten Aufenthalte und die Links Ihrer Gäste vorerst bestehen.',
  suspectNext:
    'Zeigt der Kalender auch beim nächsten regelmäßigen Abgleich (frühestens {minutes} Minuten später) so wenige Buchungen, werden die fehlenden Aufenthalte storniert. Haben die Gäste wirklich storniert, bestätigen Sie es gleich hier.',
  suspectConfirm: 'Stimmt: fehlende Buchungen stornieren',
  suspectPage:
    'Bitte prüfen: {n} Kalender zeigt bzw. zeigen plötzlich viel weniger Buchungen als zuvor. Ihre Aufenthalte bleiben vorerst bestehen; Näheres beim jeweiligen Kalender unten.',
  confirmed: 'Die fehlenden Buchungen wurden übernommen und ihre Aufenthalte storniert.',
  added: 'Der Kalender wurde hinzugefügt und abgeglichen.',
  addedWithError: 'Der Kalender wurde gespeichert, der erste Abgleich ist aber fehlgeschlagen.',
  synced: 'Der Kalender wurde abgeglichen.',
  removed: 'Der Kalender wurde entfernt.',
  errors: {
    invalid_url: 'Das ist kein gültiger Link.',
    scheme: 'Nur Links mit http:// oder https:// (auch webcal://) sind möglich.',
    private_address:
      'Der Link zeigt auf eine interne oder private Adresse. Solche Adressen ruft das Portal nicht ab.',
    dns: 'Den Server des Links gibt es nicht (Name unbekannt).',
    connection: 'Der Server des Links war nicht erreichbar.',
    timeout: 'Der Server des Links hat nicht rechtzeitig geantwortet.',
    too_large: 'Der Kalender ist größer als 2 MB.',
    http_status:
      'Der Server hat den Kalender verweigert (HTTP {status}). Ist der Link noch gültig?',
    redirects: 'Der Link leitet zu oft weiter.',
    not_calendar: 'Unter dem Link liegt kein iCal-Kalender.',
    internal: 'Ein interner Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.',
    object: 'Bitte wählen Sie eines Ihrer Objekte.',
    platform: 'Bitte wählen Sie die Plattform.',
    notFound: 'Diesen Kalender gibt es nicht (mehr).',
  } as Record<string, string>,
};

export type CalendarMessages = typeof de;

const en: CalendarMessages = {
  nav: 'Calendars',
  title: 'Booking calendars',
  intro:
    'Connect the calendars of your booking platforms (iCal link from Airbnb, Booking.com, VRBO, Smoobu or others). The portal reads them every {minutes} minutes and creates a planned stay for each coming booking. Calendars are only read, never changed.',
  secretNote:
    'A calendar link contains the platform’s secret key. After saving, it is only shown shortened.',
  noObjects: 'No properties are assigned to your account.',
  feeds: 'Calendars',
  noFeeds: 'No calendar connected yet.',
  platform: 'Platform',
  platforms: {
    airbnb: 'Airbnb',
    booking: 'Booking.com',
    vrbo: 'VRBO',
    smoobu: 'Smoobu',
    other: 'Other calendar',
  },
  url: 'Calendar link (iCal, starts with https://)',
  blockedAreStays: 'Blocked days are bookings',
  blockedAreStaysHint:
    'Booking.com only: bookings and closed days look the same there (“CLOSED - Not available”). Tick this if you never close days by hand: every blocked period then becomes a planned stay.',
  add: 'Add calendar',
  addTitle: 'Add a calendar for {object}',
  pending: 'Syncing …',
  syncNow: 'Sync now',
  remove: 'Remove',
  lastSync: 'Last synced: {date}',
  neverSynced: 'Not synced yet',
  staysInFeed: '{n} coming booking(s) in the calendar',
  blockedAreStaysOn: 'blocked days count as bookings',
  lastError: 'Last sync failed: {reason}',
  coming: 'Coming stays from calendars',
  noComing: 'No coming bookings.',
  stayLine: '{from} – {to}',
  state: {
    planned: 'planned',
    invited: 'invited',
    checked_in: 'checked in',
    booked: 'registered',
    cancelled: 'cancelled',
  },
  goneFromCalendar:
    'No longer in the calendar but already registered: please check whether the booking was cancelled.',
  goneCheckedIn:
    'No longer in the calendar, but the guests have already checked in: please check whether the booking was cancelled. The stay remains until you decide.',
  suspectTitle: 'This calendar suddenly shows far fewer bookings',
  suspectText:
    'At the sync on {date} the calendar listed only {after} instead of {before} coming bookings. This can be a fault at the platform. So your planned stays and your guests’ links remain for now.',
  suspectNext:
    'If the calendar still shows so few bookings at the next regular sync (at least {minutes} minutes later), the missing stays will be cancelled. If the guests really cancelled, confirm it here right away.',
  suspectConfirm: 'Correct: cancel the missing bookings',
  suspectPage:
    'Please check: {n} calendar(s) suddenly show far fewer bookings than before. Your stays remain for now; details with each calendar below.',
  confirmed: 'The missing bookings were accepted and their stays cancelled.',
  added: 'The calendar was added and synced.',
  addedWithError: 'The calendar was saved, but the first sync failed.',
  synced: 'The calendar was synced.',
  removed: 'The calendar was removed.',
  errors: {
    invalid_url: 'That is not a valid link.',
    scheme: 'Only links starting with http:// or https:// (or webcal://) are possible.',
    private_address:
      'The link points to an internal or private address. The portal does not fetch such addresses.',
    dns: 'The link’s server does not exist (unknown name).',
    connection: 'The link’s server could not be reached.',
    timeout: 'The link’s server did not answer in time.',
    too_large: 'The calendar is larger than 2 MB.',
    http_status: 'The server refused the calendar (HTTP {status}). Is the link still valid?',
    redirects: 'The link redirects too often.',
    not_calendar: 'The link does not lead to an iCal calendar.',
    internal: 'An internal error occurred. Please try again later.',
    object: 'Please choose one of your properties.',
    platform: 'Please choose the platform.',
    notFound: 'This calendar does not exist (any more).',
  },
};

export function calendarMessages(lang: Lang): CalendarMessages {
  return lang === 'en' ? en : de;
}

/** A stored error code (`http_status:404`) in words. */
export function errorInWords(m: CalendarMessages, code: string): string {
  const [name = '', status = ''] = code.split(':');
  return (m.errors[name] ?? m.errors.internal!).replace('{status}', status);
}
