// The realistic feeds of tests/fixtures/ical/ (dates in 2027; the tests' "today" is fixed).
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const FIXTURE_TODAY = '2027-01-10';

export function fixture(name: 'airbnb' | 'booking' | 'vrbo' | 'smoobu'): string {
  return readFileSync(path.resolve(__dirname, '../../fixtures/ical', `${name}.ics`), 'utf8');
}
