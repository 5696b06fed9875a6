// isCalendarDate by arithmetic (issue 19) answers exactly as the Date-based check it replaced, for
// every day, month and year form around the edges: years 0-99 (which Date.UTC reads as 1900-1999),
// leap centuries, month and day overflow.
import { describe, expect, it } from 'vitest';
import { isCalendarDate } from '@/lib/wire/time';

/** The first version, kept here as the reference. */
function byDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === s;
}

const pad = (n: number, w: number) => String(n).padStart(w, '0');

describe('isCalendarDate', () => {
  it('agrees with the Date-based check on every date form around the edges', () => {
    const years = [
      ...Array.from({ length: 121 }, (_, i) => i),
      1582,
      1600,
      1700,
      1800,
      1900,
      2000,
      2024,
      2025,
      2026,
      2100,
      2400,
      9996,
      9999,
    ];
    let checked = 0;
    for (const y of years) {
      for (let m = 0; m <= 13; m++) {
        for (let d = 0; d <= 32; d++) {
          const s = `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
          expect(isCalendarDate(s), s).toBe(byDate(s));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(60_000);
  });

  it('refuses what is not YYYY-MM-DD', () => {
    for (const s of [
      '2026-7-14',
      '2026-07-14 ',
      ' 2026-07-14',
      '2026-07-14\n',
      '２０２６-07-14',
      '',
    ]) {
      expect(isCalendarDate(s), JSON.stringify(s)).toBe(false);
      expect(byDate(s)).toBe(false);
    }
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2100-02-29')).toBe(false);
    expect(isCalendarDate('0099-01-01')).toBe(false);
    expect(isCalendarDate('0100-01-01')).toBe(true);
  });
});
