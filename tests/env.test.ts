// The environment is validated once at start with one schema (issue 8): in production with an
// external database a missing secret stops the start with a message naming it (before, a missing
// CARD_SECRET started fine and every print answered 500).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { childEnv, envWarnings, parseEnv } from '@/lib/env';

const SECRETS = {
  JWT_SECRET: 'j'.repeat(32),
  NEXTAUTH_SECRET: 'n'.repeat(32),
  SESSION_SECRET: 's'.repeat(32),
  CARD_SECRET: 'c'.repeat(32),
};
const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://db.example/meldeportal',
} as const;

describe('environment', () => {
  it('names each secret missing in production with DATABASE_URL', () => {
    const { CARD_SECRET: _card, SESSION_SECRET: _session, ...rest } = SECRETS;
    expect(() => parseEnv({ ...PRODUCTION, ...rest })).toThrow(
      /SESSION_SECRET must be set in production[\s\S]*CARD_SECRET must be set/,
    );
    expect(parseEnv({ ...PRODUCTION, ...SECRETS }).CARD_SECRET).toBe(SECRETS.CARD_SECRET);
  });

  it('lets the embedded default and development start without secrets (generated into DATA_DIR)', () => {
    expect(parseEnv({ NODE_ENV: 'production' }).CARD_SECRET).toBeUndefined();
    expect(parseEnv({ DATABASE_URL: PRODUCTION.DATABASE_URL }).JWT_SECRET).toBeUndefined();
  });

  it('refuses short secrets, bad numbers and bad proxy entries; an empty variable is unset', () => {
    expect(() => parseEnv({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 32/);
    expect(() => parseEnv({ LOGIN_MAX_FAILURES: 'ten' })).toThrow(/LOGIN_MAX_FAILURES/);
    expect(() => parseEnv({ TRUSTED_PROXIES: 'loopback, 10.0.0.0/33' })).toThrow(
      /invalid prefix length/,
    );
    expect(() => parseEnv({ TRUSTED_PROXIES: 'proxy.example' })).toThrow(/not an IP address/);
    const e = parseEnv({
      TRUSTED_PROXIES: 'loopback, 10.0.0.0/8, ::1',
      DATABASE_URL: '',
      PORT: '',
    });
    expect([e.DATABASE_URL, e.PORT]).toEqual([undefined, 3000]);
  });

  it("validates the bench's knobs too (a misspelt database is refused, not skipped)", () => {
    expect(() => parseEnv({ BENCH_TARGETS: 'embedded,postgre' })).toThrow(/BENCH_TARGETS/);
    expect(() => parseEnv({ BENCH_DURATION: 'long' })).toThrow(/BENCH_DURATION/);
    const e = parseEnv({ BENCH_TARGETS: 'postgres', BENCH_FORMS: '0' });
    expect([e.BENCH_TARGETS, e.BENCH_FORMS, e.BENCH_DURATION]).toEqual([
      ['postgres'],
      0,
      undefined,
    ]);
  });

  it('refuses to mail guests links to localhost: PUBLIC_BASE_URL with SMTP_URL in production', () => {
    const mailing = { ...PRODUCTION, ...SECRETS, SMTP_URL: 'smtp://mail.example:587' };
    expect(() => parseEnv(mailing)).toThrow(
      /PUBLIC_BASE_URL: PUBLIC_BASE_URL must be set in production when SMTP_URL is set/,
    );
    const base = 'https://meldeportal.example.de';
    expect(parseEnv({ ...mailing, PUBLIC_BASE_URL: base }).PUBLIC_BASE_URL).toBe(base);
    expect(() => parseEnv({ ...mailing, PUBLIC_BASE_URL: 'ftp://meldeportal.example.de' })).toThrow(
      /PUBLIC_BASE_URL must be an http\(s\) URL/,
    );
    // Development mails (to a local test server) may keep the default.
    expect(parseEnv({ SMTP_URL: 'smtp://127.0.0.1:2525' }).PUBLIC_BASE_URL).toBeUndefined();
    // In production without mail the start warns instead: the portal's links and QR codes.
    expect(envWarnings(parseEnv({ ...PRODUCTION, ...SECRETS }))).toEqual([
      expect.stringMatching(/PUBLIC_BASE_URL is not set: .*http:\/\/localhost:3000/),
    ]);
    expect(envWarnings(parseEnv({ ...PRODUCTION, ...SECRETS, PUBLIC_BASE_URL: base }))).toEqual([]);
    expect(envWarnings(parseEnv({}))).toEqual([]);
  });

  it("gives a child process this one's environment with the overrides set or removed", () => {
    const child = childEnv({ PORT: '3999', DATABASE_URL: undefined });
    expect(child.PORT).toBe('3999');
    expect('DATABASE_URL' in child).toBe(false);
    expect(child.PATH).toBe(process.env.PATH);
  });

  it('stops server.ts at start naming the missing secret', async () => {
    const { CARD_SECRET: _card, ...others } = SECRETS;
    const env = { PATH: process.env.PATH ?? '', ...PRODUCTION, ...others };
    const run = promisify(execFile)(path.resolve('node_modules/.bin/tsx'), ['server.ts'], {
      env,
      timeout: 60_000,
    });
    const failed = await run.then(
      () => null,
      (err: { code: number; stderr: string }) => err,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain('CARD_SECRET must be set in production');
  });
});
