// Every error code the sync records is shown in words, in German and English.
import { describe, expect, it } from 'vitest';
import { PLATFORMS } from '@/lib/portal/calendars/platforms';
import { calendarMessages, errorInWords } from '@/lib/portal/i18n/calendars';

const CODES = [
  'invalid_url',
  'scheme',
  'private_address',
  'dns',
  'connection',
  'timeout',
  'too_large',
  'redirects',
  'not_calendar',
  'internal',
];

describe('calendar messages', () => {
  for (const lang of ['de', 'en'] as const) {
    it(`names every error and platform (${lang})`, () => {
      const c = calendarMessages(lang);
      for (const code of CODES) expect(c.errors[code], code).toBeTruthy();
      for (const p of PLATFORMS) expect(c.platforms[p], p).toBeTruthy();
      expect(errorInWords(c, 'http_status:404')).toContain('404');
      expect(errorInWords(c, 'something_new')).toBe(c.errors.internal);
    });
  }
  it('has the same keys in both languages', () => {
    const [de, en] = [calendarMessages('de'), calendarMessages('en')];
    expect(Object.keys(en.errors).sort()).toEqual(Object.keys(de.errors).sort());
    expect(Object.keys(en.state).sort()).toEqual(Object.keys(de.state).sort());
  });
});
