// The environment is validated once at start with one schema (issue 8): in production with an
// external database a missing secret stops the start with a message naming it (before, a missing
// CARD_SECRET started fine and every print answered 500).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/lib/env';

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
