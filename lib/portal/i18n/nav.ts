// The navigation's groups, around a landlord's day: today, the stays, the guests, the settings.
// Client-safe.
import type { Lang } from './index';

const de = {
  today: 'Heute',
  stays: 'Aufenthalte',
  guests: 'Gäste',
  settings: 'Einstellungen',
  /** The stays group's first page (the list), named apart from the group. */
  list: 'Liste',
  records: 'Meldeschein-Export',
  payments: 'Zahlungen',
  section: 'Bereich {name}',
};

export type NavMessages = typeof de;

const en: NavMessages = {
  today: 'Today',
  stays: 'Stays',
  guests: 'Guests',
  settings: 'Settings',
  list: 'List',
  records: 'Records export',
  payments: 'Payments',
  section: 'Section {name}',
};

export function navMessages(lang: Lang): NavMessages {
  return lang === 'en' ? en : de;
}
