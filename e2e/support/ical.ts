// The realistic calendar feeds of tests/fixtures/ical for the e2e specs: their bookings lie in
// 2027, shifted so they stay ahead of today in later years.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { germanDate } from './env';

const SHIFT = new Date().getFullYear() + 1 - 2027;

/** A fixture's text with every DTSTART/DTEND year shifted. */
export const icalFixture = (name: string): string =>
  readFileSync(path.join(__dirname, '../../tests/fixtures/ical', `${name}.ics`), 'utf8').replace(
    /^(DTSTART|DTEND)([^:]*):(\d{4})/gm,
    (_m, p: string, params: string, y: string) => `${p}${params}:${Number(y) + SHIFT}`,
  );

/** A fixture's day (`2027-02-10`) as the pages show it, shifted like the feeds. */
export const fixtureDay = (iso: string): string =>
  germanDate(`${Number(iso.slice(0, 4)) + SHIFT}${iso.slice(4)}`);
