// Fetching user-typed feed links (issue 18): only http(s), a deadline, a size cap, no loopback,
// private or link-local targets, also after DNS and on every redirect hop. Real HTTP servers on
// 127.0.0.1; the tests that fetch from them allow that one address the way
// CALENDAR_ALLOW_PRIVATE=1 does, the refusals run with the default rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSpecialAddress } from '@/lib/portal/calendars/addresses';
import {
  DEFAULT_LIMITS,
  FeedFetchError,
  publicOnly,
  safeFetch,
  shortenFeedUrl,
  type FetchLimits,
} from '@/lib/portal/calendars/safe-fetch';
import { startFeedServer, type FeedServer } from './feed-server';

/** Public addresses plus the test server's 127.0.0.1 (a stand-in for a public host). */
const TEST_LIMITS: FetchLimits = {
  ...DEFAULT_LIMITS,
  isAllowed: (a) => a === '127.0.0.1' || publicOnly(a),
};
const DEFAULT_RULE: FetchLimits = { ...DEFAULT_LIMITS, isAllowed: publicOnly };

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (err) {
    if (err instanceof FeedFetchError) return err.status ? `${err.code}:${err.status}` : err.code;
    throw err;
  }
}

let server: FeedServer;

beforeAll(async () => {
  server = await startFeedServer();
  server.serve('/feed.ics', 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
  server.routes.set('/hop', (_req, res) => res.writeHead(302, { location: '/feed.ics' }).end());
  server.routes.set('/to-loopback', (_req, res) =>
    res.writeHead(301, { location: `http://127.0.0.2:${server.port}/feed.ics` }).end(),
  );
  server.routes.set('/to-localhost', (_req, res) =>
    res.writeHead(307, { location: `http://[::1]:${server.port}/feed.ics` }).end(),
  );
  server.routes.set('/to-metadata', (_req, res) =>
    res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
  );
  server.routes.set('/to-file', (_req, res) =>
    res.writeHead(302, { location: 'file:///etc/passwd' }).end(),
  );
  server.routes.set('/loop', (_req, res) => res.writeHead(302, { location: '/loop' }).end());
  server.routes.set('/big', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/calendar' });
    const chunk = 'X'.repeat(64 * 1024);
    for (let i = 0; i < 40; i++) res.write(chunk); // 2.5 MB without Content-Length
    res.end();
  });
  server.routes.set('/big-declared', (_req, res) => {
    res.writeHead(200, { 'content-length': String(3 * 1024 * 1024) });
    res.end();
  });
  server.routes.set('/slow', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/calendar' });
    res.write('BEGIN:VCALENDAR\r\n'); // and never more
  });
  server.routes.set('/gone', (_req, res) => res.writeHead(410).end());
});
afterAll(() => server.close());

describe('safe fetch of feed links', () => {
  it('fetches a feed and follows a redirect it may follow', async () => {
    expect(await safeFetch(`${server.url}/feed.ics`, TEST_LIMITS)).toContain('BEGIN:VCALENDAR');
    expect(await safeFetch(`${server.url}/hop`, TEST_LIMITS)).toContain('BEGIN:VCALENDAR');
  });

  it('refuses loopback, private and link-local targets by default: literal and by DNS', async () => {
    expect(await codeOf(safeFetch(`${server.url}/feed.ics`, DEFAULT_RULE))).toBe('private_address');
    expect(await codeOf(safeFetch(`http://localhost:${server.port}/feed.ics`, DEFAULT_RULE))).toBe(
      'private_address',
    );
    for (const target of [
      'http://10.0.0.1/',
      'http://192.168.1.1/',
      'http://172.16.5.4/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://[fe80::1]/',
      'http://[fd00::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://0.0.0.0/',
      'http://100.64.0.1/',
    ]) {
      expect(await codeOf(safeFetch(target, DEFAULT_RULE)), target).toBe('private_address');
    }
    expect(server.hits.get('/feed.ics') ?? 0).toBe(2); // the refused requests never arrived
  });

  it('checks every redirect hop: loopback (IPv4 and IPv6), link-local, other schemes, loops', async () => {
    expect(await codeOf(safeFetch(`${server.url}/to-loopback`, TEST_LIMITS))).toBe(
      'private_address',
    );
    expect(await codeOf(safeFetch(`${server.url}/to-localhost`, TEST_LIMITS))).toBe(
      'private_address',
    );
    expect(await codeOf(safeFetch(`${server.url}/to-metadata`, TEST_LIMITS))).toBe(
      'private_address',
    );
    expect(await codeOf(safeFetch(`${server.url}/to-file`, TEST_LIMITS))).toBe('scheme');
    expect(await codeOf(safeFetch(`${server.url}/loop`, TEST_LIMITS))).toBe('redirects');
  });

  it('takes only http(s) (webcal: is https) and no credentials in the link', async () => {
    for (const link of [
      'file:///etc/passwd',
      'ftp://example.org/x.ics',
      'gopher://x/',
      'data:,x',
    ]) {
      expect(await codeOf(safeFetch(link, DEFAULT_RULE)), link).toBe('scheme');
    }
    expect(await codeOf(safeFetch('not a link', DEFAULT_RULE))).toBe('invalid_url');
    expect(await codeOf(safeFetch('http://user:pw@example.org/', DEFAULT_RULE))).toBe(
      'invalid_url',
    );
    expect(await codeOf(safeFetch('webcal://127.0.0.1/x.ics', DEFAULT_RULE))).toBe(
      'private_address',
    );
  });

  it('caps the size (declared or streamed) and the time, and names a refused status', async () => {
    expect(await codeOf(safeFetch(`${server.url}/big`, TEST_LIMITS))).toBe('too_large');
    expect(await codeOf(safeFetch(`${server.url}/big-declared`, TEST_LIMITS))).toBe('too_large');
    const started = Date.now();
    expect(await codeOf(safeFetch(`${server.url}/slow`, { ...TEST_LIMITS, timeoutMs: 300 }))).toBe(
      'timeout',
    );
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await codeOf(safeFetch(`${server.url}/gone`, TEST_LIMITS))).toBe('http_status:410');
  });

  it('classifies addresses', () => {
    expect(isSpecialAddress('8.8.8.8')).toBe(false);
    expect(isSpecialAddress('2a00:1450:4001:82a::200e')).toBe(false);
    expect(isSpecialAddress('127.0.0.53')).toBe(true);
    expect(isSpecialAddress('::ffff:10.1.2.3')).toBe(true);
    expect(isSpecialAddress('::ffff:7f00:1')).toBe(true);
    expect(isSpecialAddress('not-an-ip')).toBe(true);
  });

  it('shows a link only shortened', () => {
    expect(shortenFeedUrl('https://www.airbnb.de/calendar/ical/123.ics?s=secret')).toBe(
      'www.airbnb.de/…',
    );
  });
});
