// Wallet's device logs (`POST /wallet/v1/log`, issue 30): unauthenticated text into the server
// log, so each entry is one line without control characters or terminal escapes, capped in
// length, and each client address writes only a few lines per window (the address as server.ts's
// front door resolves it into X-Forwarded-For).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadEnv } from '@/lib/env';
import {
  forgetLogCounts,
  LOG_ENTRY_CHARS,
  LOG_LINES_PER_WINDOW,
  LOG_WINDOW_MS,
} from '@/lib/portal/wallet/apple/device-log';
import { walletWebService } from '@/lib/portal/guest-card/apple-web-service';
import { walletTestCredentials } from '../helpers/wallet-certs';

const creds = walletTestCredentials();
const saved: Record<string, string | undefined> = {};
const APPLE = {
  APPLE_PASS_TYPE_ID: 'pass.de.meldeportal.test',
  APPLE_TEAM_ID: 'TEAM123456',
  APPLE_PASS_CERT: creds.signerCert,
  APPLE_PASS_KEY: creds.signerKey,
  APPLE_WWDR_CERT: creds.wwdr,
};

beforeAll(() => {
  for (const [k, v] of Object.entries(APPLE)) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
  reloadEnv();
});
afterAll(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  reloadEnv();
});

let lines: string[] = [];
beforeEach(() => {
  forgetLogCounts();
  lines = [];
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    lines.push(args.map(String).join(' '));
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const sendLog = (logs: unknown, from = '203.0.113.7') =>
  walletWebService(
    new Request('http://portal.test/wallet/v1/log', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
      body: typeof logs === 'string' ? logs : JSON.stringify({ logs }),
    }),
    ['log'],
  );

describe('a device log entry', () => {
  it('is one line: newlines, control characters and terminal escapes are gone', async () => {
    const entries = [
      'Register failed\nwallet: a forged line of our own',
      'CR\rLF\r\nTab\tNUL\u0000DEL\u007fBEL\u0007',
      '\u001b[31mred\u001b[0m and \u001b]0;window title\u0007 and \u009b2J',
      'line\u2028separator\u2029paragraph, \u202egnp.exe and \u001bc reset \u001b(Bcharset',
    ];
    expect((await sendLog(entries)).status).toBe(200);
    expect(lines).toHaveLength(entries.length);
    for (const line of lines) {
      expect(line).toMatch(/^wallet log: /);
      expect(line).not.toMatch(/[\p{Cc}\u2028\u2029\u202e]/u);
    }
    expect(lines).toEqual([
      'wallet log: Register failed wallet: a forged line of our own',
      'wallet log: CR LF Tab NUL DEL BEL',
      'wallet log: red and and',
      'wallet log: line separator paragraph, gnp.exe and reset charset',
    ]);
  });

  it(`is capped at ${LOG_ENTRY_CHARS} characters`, async () => {
    expect((await sendLog(['x'.repeat(1999) + '😀'])).status).toBe(200);
    expect(lines).toEqual([`wallet log: ${'x'.repeat(LOG_ENTRY_CHARS)}…`]);
  });

  it('answers 400 to a body that is not a log, and 413 to one too large, logging nothing', async () => {
    expect((await sendLog('not json')).status).toBe(400);
    expect((await sendLog([42])).status).toBe(400);
    expect(
      (await sendLog(JSON.stringify({ logs: ['x'.repeat(1000)], pad: 'y'.repeat(70_000) }))).status,
    ).toBe(413);
    expect(lines).toEqual([]);
  });
});

describe('the log rate limit', () => {
  it(`lets one address write ${LOG_LINES_PER_WINDOW} lines per window, others still write, the next window again`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2026-07-14T10:00:00Z'));
    const ten = Array.from({ length: 10 }, (_, i) => `entry ${i}`);
    expect((await sendLog(ten)).status).toBe(200);
    expect((await sendLog(ten)).status).toBe(200);
    expect(lines).toHaveLength(LOG_LINES_PER_WINDOW);
    const refused = await sendLog(['one more']);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(lines).toHaveLength(LOG_LINES_PER_WINDOW);
    // Another address is counted on its own.
    expect((await sendLog(['from elsewhere'], '198.51.100.20')).status).toBe(200);
    expect(lines.at(-1)).toBe('wallet log: from elsewhere');
    // The next window.
    vi.setSystemTime(Date.now() + LOG_WINDOW_MS);
    expect((await sendLog(['later'])).status).toBe(200);
    expect(lines.at(-1)).toBe('wallet log: later');
  });

  it('counts an IPv6 client by its /64, so fresh addresses of one prefix share the limit', async () => {
    for (let i = 0; i < LOG_LINES_PER_WINDOW; i++) {
      expect((await sendLog([`v6 ${i}`], `2001:db8:1:2::${(i + 1).toString(16)}`)).status).toBe(
        200,
      );
    }
    expect((await sendLog(['v6 more'], '2001:db8:1:2:ffff::1')).status).toBe(429);
    expect((await sendLog(['other prefix'], '2001:db8:1:3::1')).status).toBe(200);
  });

  it('admits part of a request up to the limit', async () => {
    const many = Array.from({ length: 10 }, (_, i) => `part ${i}`);
    await sendLog(many);
    expect((await sendLog(many.slice(0, 5))).status).toBe(200);
    expect((await sendLog(many)).status).toBe(200);
    expect(lines).toHaveLength(LOG_LINES_PER_WINDOW);
    expect((await sendLog(['x'])).status).toBe(429);
  });
});
