// A post to the office from another site (issue 38): proxy.ts answers it 403 with a page in the
// office's words and one log line, before Next's action handler (which answered 500, "Invalid
// Server Actions request", and logged an error). Posts from the office's own pages go on to Next
// untouched; the portal's pages: tests/portal/cross-site.test.ts. e2e/office-trust.spec.ts sends
// the same through the server.
import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { proxy } from '@/proxy';
import { HOST, post } from '../helpers/proxy';

afterEach(() => vi.restoreAllMocks());

describe('a cross-site post to the office', () => {
  it('is answered 403 with a page in German, logged in one line', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const res = proxy(
      post('/verwaltung/vermieter/1', {
        'sec-fetch-site': 'cross-site',
        origin: 'https://evil.example',
      }),
    );
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<h1>Anfrage abgelehnt</h1>');
    expect(html).toContain('es wurde nichts geändert');
    expect(warn).toHaveBeenCalledTimes(1);
    const line = String(warn.mock.calls[0]![0]);
    expect(line).not.toContain('\n');
    expect(line).toContain('"/verwaltung/vermieter/1"');
    expect(line).toContain('"https://evil.example"');
  });

  it('speaks English to a visitor who chose it', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const res = proxy(
      post('/verwaltung/anmelden', { origin: 'https://evil.example', cookie: 'lang=en' }),
    );
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Request refused</h1>');
  });

  it('refuses what Next would refuse: an Origin that is not the host, or null', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    // A browser without Sec-Fetch-Site, with our public origin but a Host Next compares it with.
    const other = proxy(
      post('/verwaltung', { origin: 'http://localhost:3000', host: 'intern:80' }),
    );
    expect(other.status).toBe(403);
    const nullOrigin = proxy(post('/verwaltung', { origin: 'null' }));
    expect(nullOrigin.status).toBe(403);
  });

  it('lets the office’s own posts through to Next', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const own = proxy(
      post('/verwaltung/vermieter/1', {
        'sec-fetch-site': 'same-origin',
        origin: `http://${HOST}`,
      }),
    );
    expect(own.status).toBe(200);
    expect(own.headers.get('x-middleware-next')).toBe('1');
    // A page view of the office is no post.
    const view = proxy(new NextRequest(`http://${HOST}/verwaltung`, { headers: { host: HOST } }));
    expect(view.headers.get('x-middleware-next')).toBe('1');
    expect(warn).not.toHaveBeenCalled();
  });
});
