// The mail's set-password link (docs/decisions/032): its route keeps the token out of the page's
// address (an httpOnly cookie for /passwort, then on to /passwort), says no-referrer and noindex,
// and the app's headers say the same for every /passwort/<token>; the form page keeps the default
// policy, so its own post is not refused as cross-site (Origin: null).
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { GET } from '@/app/passwort/[token]/route';
import type { NextConfig } from 'next';

const TOKEN = 'A'.repeat(20) + '_-' + 'b'.repeat(21);

async function open(token: string, query = '') {
  const req = new NextRequest(`http://localhost:3000/passwort/${token}${query}`);
  return GET(req, { params: Promise.resolve({ token }) });
}

describe('/passwort/<token>', () => {
  it('moves the token into an httpOnly cookie for /passwort and sends the browser on', async () => {
    const res = await open(TOKEN, '?lang=en');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/passwort');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const cookies = res.headers.getSetCookie();
    const link = cookies.find((c) => c.startsWith('mp-password-link='))!;
    expect(link).toContain(TOKEN);
    expect(link).toMatch(/HttpOnly/i);
    expect(link).toMatch(/Path=\/passwort(;|$)/);
    expect(link).toMatch(/SameSite=lax/i);
    expect(cookies.some((c) => c.startsWith('lang=en'))).toBe(true);
  });

  it('keeps nothing of a link that is not one of ours', async () => {
    const res = await open('x'.repeat(10));
    expect(res.status).toBe(303);
    const link = res.headers.getSetCookie().find((c) => c.startsWith('mp-password-link='));
    expect(link).toMatch(/mp-password-link=;|Max-Age=0|Expires=Thu, 01 Jan 1970/);
  });

  it('has no-referrer and noindex in the app headers, the form page not', async () => {
    // The app's own headers (a plain .mjs file, read as the NextConfig it is).
    const config = (await import('../../next.config.mjs' as string)) as { default: NextConfig };
    const rules = await config.default.headers!();
    const token = rules.find((r) => r.source === '/passwort/:token');
    expect(token?.headers).toEqual(
      expect.arrayContaining([
        { key: 'Referrer-Policy', value: 'no-referrer' },
        { key: 'X-Robots-Tag', value: 'noindex, nofollow' },
      ]),
    );
    expect(rules.some((r) => r.source === '/passwort' || r.source === '/passwort/:path*')).toBe(
      false,
    );
  });
});
