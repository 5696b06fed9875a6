// Page paths with broken percent-escapes (issue 17): Next failed to decode such a dynamic segment
// and answered 500; the front door hands it on with the stray `%` read literally
// (e2e/trust.spec.ts checks the pages over HTTP).
import { describe, expect, it } from 'vitest';
import { literalStrayPercents } from '@/lib/service/node-http';

describe('literalStrayPercents', () => {
  it('makes every path decodable and keeps what decodes', () => {
    const cases: [string, string][] = [
      ['/kurkarte/abc%zz', '/kurkarte/abc%25zz'],
      ['/checkin/%', '/checkin/%25'],
      ['/checkin/abc%A', '/checkin/abc%25A'],
      ['/kurkarte/%E0%A4%A', '/kurkarte/%25E0%25A4%25A'],
      ['/kurkarte/%C3%A4%20x', '/kurkarte/%C3%A4%20x'],
      ['/checkin/abc', '/checkin/abc'],
      ['/a/%FF/b', '/a/%25FF/b'],
    ];
    for (const [path, expected] of cases) {
      const result = literalStrayPercents(path);
      expect(result, path).toBe(expected);
      expect(() => decodeURIComponent(result), path).not.toThrow();
    }
  });
});
