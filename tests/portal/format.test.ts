import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatEuro,
  formatMonth,
  formatMonthShort,
  formatNumber,
  nightsBetween,
  toCents,
} from '@/lib/portal/format';
import { fmt, messagesFor } from '@/lib/portal/i18n';

const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');

describe('money', () => {
  it('formats euros the German way, and the English way', () => {
    expect(nbsp(formatEuro(123450, 'de'))).toBe('1.234,50 €');
    expect(nbsp(formatEuro(0, 'de'))).toBe('0,00 €');
    expect(formatEuro(123450, 'en')).toBe('€1,234.50');
  });
  it('turns the service euros into exact cents', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(40.5)).toBe(4050);
    expect(toCents(1234.565)).toBe(123457);
  });
});

describe('dates', () => {
  it('shows the calendar date of a date or zone-less datetime, never shifted by zones', () => {
    expect(formatDate('2027-07-14', 'de')).toBe('14.07.2027');
    expect(formatDate('2027-07-14T00:00:00', 'de')).toBe('14.07.2027');
    expect(formatDate('2027-07-14T00:00:00+02:00', 'en')).toBe('14 Jul 2027');
    expect(formatDate(null, 'de')).toBe('–');
  });
  it('shows timestamps in Berlin time', () => {
    expect(formatDateTime('2026-07-01T08:05:00.000Z', 'de')).toBe('01.07.2026, 10:05');
  });
  it('reads a zone-less timestamp as Berlin wall time, whatever the server’s own zone', () => {
    // The service's zone-less datetimes are Berlin time (lib/wire/time.ts); `new Date()` read
    // them in the process's zone (UTC on a server): two hours late in July, one in January.
    expect(formatDateTime('2026-07-01T10:05:00', 'de')).toBe('01.07.2026, 10:05');
    expect(formatDateTime('2026-07-01T10:05:00.000', 'de')).toBe('01.07.2026, 10:05');
    expect(formatDateTime('2027-01-15T23:30:00', 'de')).toBe('15.01.2027, 23:30');
    expect(formatDateTime('2027-01-15T09:00:00+01:00', 'de')).toBe('15.01.2027, 09:00');
    expect(formatDateTime('kein Datum', 'de')).toBe('kein Datum');
  });
  it('keeps each language its own formats when languages alternate (formatters are reused)', () => {
    for (let i = 0; i < 2; i++) {
      expect(formatDate('2027-07-14', 'en')).toBe('14 Jul 2027');
      expect(formatDate('2027-07-14', 'de')).toBe('14.07.2027');
      expect(formatMonth('2027-07', 'en')).toBe('July 2027');
      expect(formatMonth('2027-07', 'de')).toBe('Juli 2027');
      expect(formatNumber(1234, 'de')).toBe('1.234');
      expect(formatNumber(1234, 'en')).toBe('1,234');
      expect(formatMonthShort('2027-07', 'en')).toBe('Jul');
      expect(nbsp(formatEuro(123450, 'de'))).toBe('1.234,50 €');
    }
  });
  it('names months and counts nights', () => {
    expect(formatMonth('2027-07', 'de')).toBe('Juli 2027');
    expect(formatMonth('2027-07', 'en')).toBe('July 2027');
    expect(nightsBetween('2027-07-14', '2027-07-17')).toBe(3);
    expect(nightsBetween('2027-03-27', '2027-03-29')).toBe(2); // across the clock change
  });
});

describe('message catalogue', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(fmt('Gast {n}', { n: 2 })).toBe('Gast 2');
    expect(fmt('{a} und {b}', { a: 'x' })).toBe('x und {b}');
  });
  it('has every text in both languages, none empty, with the same placeholders', () => {
    const walk = (de: unknown, en: unknown, path: string) => {
      if (typeof de === 'string') {
        expect(typeof en, path).toBe('string');
        expect((de as string).trim(), path).not.toBe('');
        const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        expect(placeholders(en as string), path).toEqual(placeholders(de as string));
        return;
      }
      for (const key of Object.keys(de as object)) {
        walk(
          (de as Record<string, unknown>)[key],
          (en as Record<string, unknown>)[key],
          `${path}.${key}`,
        );
      }
    };
    walk(messagesFor('de'), messagesFor('en'), 'm');
  });
});
