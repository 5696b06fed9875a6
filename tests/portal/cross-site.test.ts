// A post to the portal's pages from another site (issue 38): proxy.ts answers it 403 with a page
// in the portal's words and one log line, before Next's action handler (which answered 500,
// "Invalid Server Actions request", and logged an error). The portal's own posts, the guests'
// forms, next-auth, the service, Stripe's webhook and the wallets' web service go on untouched.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { proxy } from '@/proxy';
import { HOST, post } from '../helpers/proxy';

const evil = { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' };

afterEach(() => vi.restoreAllMocks());

describe('a cross-site post to the portal', () => {
  it('is answered 403 with a page in German, logged in one line', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const res = proxy(post('/aufenthalte/neu', evil));
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<h1>Anfrage abgelehnt</h1>');
    expect(html).toContain('es wurde nichts geändert');
    expect(html).not.toContain('<script');
    expect(warn).toHaveBeenCalledTimes(1);
    const line = String(warn.mock.calls[0]![0]);
    expect(line).not.toContain('\n');
    expect(line).toMatch(/^portal: /);
    expect(line).toContain('"/aufenthalte/neu"');
  });

  it('refuses it on every page with actions, in the language the landlord chose', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const path of ['/uebersicht', '/aufenthalte/12/bearbeiten', '/zahlungen', '/anmelden']) {
      expect(proxy(post(path, evil)).status, path).toBe(403);
    }
    const en = proxy(post('/online-check-in', { ...evil, cookie: 'lang=en' }));
    expect(await en.text()).toContain('<h1>Request refused</h1>');
    // What Next would refuse: an Origin that is not the host, also without Sec-Fetch-Site.
    expect(
      proxy(post('/kalender', { origin: 'http://localhost:3000', host: 'intern:80' })).status,
    ).toBe(403);
    expect(proxy(post('/postausgang', { origin: 'null' })).status).toBe(403);
  });

  it("lets the portal's own posts and the routes that take other sites' posts through", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // Without a session cookie the page sends the landlord to sign in, as it would anyway.
    const own = proxy(
      post('/aufenthalte/neu', { 'sec-fetch-site': 'same-origin', origin: `http://${HOST}` }),
    );
    expect(own.status).toBe(307);
    expect(own.headers.get('location')).toContain('/anmelden');
    for (const path of ['/stripe/webhook', '/wallet/v1/log', '/checkin/abc', '/api/token/']) {
      expect(proxy(post(path, evil)).status, path).not.toBe(403);
    }
    expect(warn).not.toHaveBeenCalled();
  });
});
