// APNs provider tokens (issue 30): Apple refuses a token renewed sooner than 20 minutes after the
// last and expires one after 60, so a token is kept per key and process and renewed after 40
// minutes, not made anew for each push batch. A local HTTP/2 server stands in for APNs; the
// clock is moved with vitest's fake Date.
import { createPublicKey } from 'node:crypto';
import { createServer, type Http2Server } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { decodeJwt, importSPKI, jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { APNS_TOKEN_RENEW_MS, pushPassUpdates } from '@/lib/portal/wallet/apple/push';
import type { AppleConfig } from '@/lib/portal/wallet/config';
import { walletTestCredentials } from '../helpers/wallet-certs';

const creds = walletTestCredentials();
const seen: string[] = [];
/** The next answers the stand-in gives (status, reason); then 200. */
const refusals: { status: number; reason: string }[] = [];
let apns: Http2Server;
let host = '';

beforeAll(async () => {
  apns = createServer((req, res) => {
    seen.push(String(req.headers.authorization));
    req.resume();
    const refusal = refusals.shift();
    if (refusal) {
      res.writeHead(refusal.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ reason: refusal.reason }));
    } else res.writeHead(200).end();
  });
  await new Promise<void>((resolve) => apns.listen(0, '127.0.0.1', resolve));
  host = `http://127.0.0.1:${(apns.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => apns.close(resolve)));
afterEach(() => {
  vi.useRealTimers();
  seen.length = 0;
});

const config = (keyId: string): AppleConfig => ({
  passTypeId: 'pass.de.meldeportal.test',
  teamId: 'TEAM123456',
  signerCert: creds.signerCert,
  signerKey: creds.signerKey,
  wwdr: creds.wwdr,
  apnsHost: host,
  apnsToken: { key: creds.apnsKey, keyId },
});

const MINUTE = 60_000;
const T0 = Date.parse('2026-07-14T10:00:00Z');

/** One push batch at `at`; the provider token it carried. */
async function batchAt(cfg: AppleConfig, at: number): Promise<string> {
  vi.setSystemTime(at);
  expect(await pushPassUpdates(cfg, ['device-token-1'])).toBeGreaterThanOrEqual(0);
  return seen.at(-1)!.replace(/^bearer /, '');
}

const publicKey = () =>
  importSPKI(
    createPublicKey(creds.apnsKey).export({ type: 'spki', format: 'pem' }).toString(),
    'ES256',
  );

describe('the APNs provider token', () => {
  it('is reused by every batch for 40 minutes, then renewed once, and each verifies', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cfg = config('KEYREUSE01');
    const first = await batchAt(cfg, T0);
    expect(await batchAt(cfg, T0 + 1000)).toBe(first);
    expect(await batchAt(cfg, T0 + 20 * MINUTE)).toBe(first);
    expect(await batchAt(cfg, T0 + APNS_TOKEN_RENEW_MS - 1000)).toBe(first);
    const second = await batchAt(cfg, T0 + APNS_TOKEN_RENEW_MS + 1000);
    expect(second).not.toBe(first);
    // Apple's window: never renewed before 20 minutes, never used past 60.
    const [a, b] = [decodeJwt(first).iat!, decodeJwt(second).iat!];
    expect(b - a).toBeGreaterThanOrEqual(20 * 60);
    expect(b - a).toBeLessThan(60 * 60);
    expect(a).toBe(T0 / 1000);
    expect(await batchAt(cfg, T0 + 75 * MINUTE)).toBe(second);
    const key = await publicKey();
    for (const jwt of [first, second]) {
      const { payload, protectedHeader } = await jwtVerify(jwt, key, {
        currentDate: new Date(decodeJwt(jwt).iat! * 1000),
      });
      expect(protectedHeader).toMatchObject({ alg: 'ES256', kid: 'KEYREUSE01' });
      expect(payload.iss).toBe('TEAM123456');
    }
  });

  it('is one per key: a second key has its own, the first keeps its token', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const [one, two] = [config('KEYONE0001'), config('KEYTWO0002')];
    const a = await batchAt(one, T0);
    const b = await batchAt(two, T0 + MINUTE);
    expect(b).not.toBe(a);
    expect(decodeJwt(a).iat).toBe(T0 / 1000);
    expect(await batchAt(one, T0 + 2 * MINUTE)).toBe(a);
    expect(await batchAt(two, T0 + 3 * MINUTE)).toBe(b);
  });

  it('batches running at the same time share one new token', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    const cfg = config('KEYPARALL1');
    await Promise.all([1, 2, 3].map(() => pushPassUpdates(cfg, ['device-token-1'])));
    expect(new Set(seen).size).toBe(1);
  });

  it('is renewed at the next batch when APNs calls it expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cfg = config('KEYEXPIRE1');
    const first = await batchAt(cfg, T0);
    refusals.push({ status: 403, reason: 'ExpiredProviderToken' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await batchAt(cfg, T0 + 25 * MINUTE)).toBe(first); // refused
    expect(warn).toHaveBeenCalledWith(
      'wallet: APNs answered 403 ExpiredProviderToken to a pass update',
    );
    warn.mockRestore();
    const renewed = await batchAt(cfg, T0 + 26 * MINUTE);
    expect(renewed).not.toBe(first);
    expect(decodeJwt(renewed).iat).toBe((T0 + 26 * MINUTE) / 1000);
  });
});
