// The return path after sign-in (issue 17): parsed against the portal's origin, rebuilt from the
// parsed URL, and refused when it holds control characters or backslashes, which browsers drop or
// read as slashes on their side (`/<TAB>/evil.example` went to `//evil.example`).
import { describe, expect, it } from 'vitest';
import { HOME_PATH, safeReturnPath } from '@/lib/portal/session/paths';

const BASE = 'http://localhost:3000';

const NASTY = [
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r/evil.example',
  '/\r\n/evil.example',
  '/\u0000/evil.example',
  '/\u007f/evil.example',
  '/\u0085/evil.example',
  '\t//evil.example',
  ' //evil.example',
  '//evil.example',
  '///evil.example',
  '/\\evil.example',
  '\\/evil.example',
  '\\\\evil.example',
  '/\t\\evil.example/x',
  '/x/../\\evil.example',
  '/..//evil.example',
  '/%2e%2e//evil.example',
  'https://evil.example/',
  `${BASE}\t@evil.example/`,
  `${BASE}@evil.example/`,
  'https://localhost:3000.evil.example/',
  'http://localhost:3001/aufenthalte',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '/api/token/',
  '/auth/signout',
  '/_next/static/x.js',
  '/anmelden?callbackUrl=//evil.example',
];

/** Where a browser would go if handed `path` as a Location on the portal. */
const browserTarget = (path: string) => new URL(path, `${BASE}/`).origin;

describe('safeReturnPath', () => {
  it.each(NASTY)('refuses %j (with and without the origin)', (value) => {
    for (const result of [safeReturnPath(value), safeReturnPath(value, BASE)]) {
      expect(result).toBe(HOME_PATH);
    }
  });

  it('hands out only paths that a browser resolves to the portal', () => {
    // `http:x` on an http origin is a relative reference (WHATWG URL): it stays on the portal.
    for (const value of [...NASTY, 'http:evil.example', 'http:/evil.example', 'http:\t//evil']) {
      const result = safeReturnPath(value, BASE);
      expect(result).not.toMatch(/[\u0000-\u001f\u007f\\]/);
      expect(browserTarget(result)).toBe(BASE);
    }
  });

  it('keeps the portal’s own pages, rebuilt from the parsed URL', () => {
    expect(safeReturnPath('/aufenthalte/5?x=1')).toBe('/aufenthalte/5?x=1');
    expect(safeReturnPath(`${BASE}/aufenthalte?seite=2`, `${BASE}/auth`)).toBe(
      '/aufenthalte?seite=2',
    );
    expect(safeReturnPath('/aufenthalte/./5/../6')).toBe('/aufenthalte/6');
    expect(safeReturnPath('/aufenthalte?q=a b')).toBe('/aufenthalte?q=a%20b');
    expect(safeReturnPath('/')).toBe(HOME_PATH);
    expect(safeReturnPath('')).toBe(HOME_PATH);
    expect(safeReturnPath(null)).toBe(HOME_PATH);
  });
});
