// Who may print a guest card (a POST from the portal's own page) and when HSTS is sent (issue 17).
import { describe, expect, it } from 'vitest';
import { cameOverHttps } from '@/lib/client-address';
import { isSameOriginPost } from '@/lib/portal/session/csrf';
import { nextAuthUrl } from '@/lib/env';

describe('isSameOriginPost', () => {
  const own = new URL(nextAuthUrl()).origin;
  const post = (headers: Record<string, string>) => isSameOriginPost(new Headers(headers));

  it('takes Sec-Fetch-Site first, then Origin', () => {
    expect(post({ 'sec-fetch-site': 'same-origin' })).toBe(true);
    for (const site of ['cross-site', 'same-site', 'none']) {
      expect(post({ 'sec-fetch-site': site, origin: own }), site).toBe(false);
    }
    expect(post({ origin: own })).toBe(true);
    expect(post({ origin: 'https://evil.example' })).toBe(false);
    expect(post({ origin: 'null' })).toBe(false);
    // No browser another site could steer sends neither.
    expect(post({})).toBe(true);
  });
});

describe('cameOverHttps', () => {
  it('believes X-Forwarded-Proto from trusted proxies only', () => {
    expect(cameOverHttps('127.0.0.1', 'https')).toBe(true);
    expect(cameOverHttps('::ffff:127.0.0.1', 'https, http')).toBe(true);
    expect(cameOverHttps('127.0.0.1', 'http')).toBe(false);
    expect(cameOverHttps('127.0.0.1', undefined)).toBe(false);
    expect(cameOverHttps('203.0.113.5', 'https')).toBe(false);
    expect(cameOverHttps('203.0.113.5', null, true)).toBe(true);
  });
});
