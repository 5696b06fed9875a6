// Money and dates for the landlord's and the guest's eyes, in any of the guest languages (the
// portal's two among them). Client-safe (no server imports).
import { berlinInstant } from '@/lib/wire/time';
import { localeOf } from './i18n';
import type { GuestLang } from './i18n/guest/languages';

/**
 * One formatter per kind and language, made on first use: making an Intl formatter costs about
 * 50-100 µs (it loads ICU data), formatting with it about 1 µs, and a stays page formats a few
 * hundred values (issue 19: 3-4 ms of a page's time went into making formatters).
 */
function formatterOf<F>(make: (locale: string, lang: GuestLang) => F): (lang: GuestLang) => F {
  const made = new Map<GuestLang, F>();
  return (lang) => {
    let f = made.get(lang);
    if (!f) {
      f = make(localeOf(lang), lang);
      made.set(lang, f);
    }
    return f;
  };
}

const euroFormat = formatterOf(
  (locale) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }),
);
const dateFormat = formatterOf(
  (locale, lang) =>
    new Intl.DateTimeFormat(locale, {
      timeZone: 'UTC',
      day: '2-digit',
      month: lang === 'de' ? '2-digit' : 'short',
      year: 'numeric',
    }),
);
const dateTimeFormat = formatterOf(
  (locale) =>
    new Intl.DateTimeFormat(locale, {
      timeZone: 'Europe/Berlin',
      dateStyle: 'medium',
      timeStyle: 'short',
    }),
);
const monthFormat = formatterOf(
  (locale) => new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'long', year: 'numeric' }),
);
const monthShortFormat = formatterOf(
  (locale) => new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'short' }),
);
const numberFormat = formatterOf((locale) => new Intl.NumberFormat(locale));

/** `123450` cents -> `1.234,50 €` (de) or `€1,234.50` (en). */
export function formatEuro(cents: number, lang: GuestLang): string {
  return euroFormat(lang).format(cents / 100);
}

/** The service sends euros as JSON numbers with two decimals; the portal counts in cents. */
export function toCents(euros: number): number {
  return Math.round(euros * 100);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** `2026-07-14` or `2026-07-14T00:00:00` -> the calendar date as UTC midnight (no zone shifts). */
function calendarDate(value: string): Date | null {
  const m = ISO_DATE.exec(value);
  if (!m) return null;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}

/** `14.07.2026` (de) or `14 Jul 2026` (en); the input's calendar date, whatever its zone. */
export function formatDate(value: string | null | undefined, lang: GuestLang): string {
  if (!value) return '–';
  const d = calendarDate(value);
  if (!d) return value;
  return dateFormat(lang).format(d);
}

const ZONELESS = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2})?)(?:\.\d+)?$/;

/** A text timestamp as an instant; one without a zone is Berlin wall time (lib/wire/time.ts). */
function instantOf(value: string): Date {
  const m = ZONELESS.exec(value);
  return m ? berlinInstant(m[1]!, m[2]!.length === 5 ? `${m[2]}:00` : m[2]) : new Date(value);
}

/** A timestamp in Berlin time: `14.07.2026, 10:05` (a zone-less text is read as Berlin's). */
export function formatDateTime(value: string | Date | null | undefined, lang: GuestLang): string {
  if (!value) return '–';
  const d = typeof value === 'string' ? instantOf(value) : value;
  if (Number.isNaN(d.getTime())) return String(value);
  return dateTimeFormat(lang).format(d);
}

/** `2026-07` -> `Juli 2026`. */
export function formatMonth(value: string, lang: GuestLang): string {
  const d = calendarDate(`${value}-01`);
  if (!d) return value;
  return monthFormat(lang).format(d);
}

/** `1.234` (de) / `1,234` (en). */
export function formatNumber(n: number, lang: GuestLang): string {
  return numberFormat(lang).format(n);
}

/** Whole nights between two `YYYY-MM-DD` dates (negative when reversed). */
export function nightsBetween(arrival: string, departure: string): number {
  const a = calendarDate(arrival);
  const b = calendarDate(departure);
  if (!a || !b) return 0;
  return Math.round((b.getTime() - a.getTime()) / 86_400_000);
}

/** `2026-07` -> `Juli` / `Jul`: a chart axis; the year is in the table beside it. */
export function formatMonthShort(value: string, lang: GuestLang): string {
  const d = calendarDate(`${value}-01`);
  if (!d) return value;
  return monthShortFormat(lang).format(d);
}
