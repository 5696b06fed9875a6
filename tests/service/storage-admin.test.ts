// The embedded database on disk: data survives a restart, a second process is refused, and the
// provisioning CLI loads a municipality and accounts (and says exactly what is wrong in a file).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '@/lib/db';
import { createServiceHandler } from '@/lib/service';
import { demoHohenwald } from '@/lib/service/provisioning/demo';

const run = promisify(execFile);
const dir = mkdtempSync(path.join(tmpdir(), 'mp-admin-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function admin(args: string[], stdin?: string) {
  const env = {
    ...process.env,
    DATA_DIR: dir,
    DATABASE_URL: '',
    NODE_ENV: 'test',
  } as NodeJS.ProcessEnv;
  delete env.DATABASE_URL;
  const child = run(path.resolve('node_modules/.bin/tsx'), ['scripts/admin.ts', ...args], { env });
  if (stdin !== undefined) {
    child.child.stdin?.end(stdin);
  } else child.child.stdin?.end();
  try {
    const { stdout, stderr } = await child;
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('admin CLI and the embedded database on disk', () => {
  it('refuses an invalid configuration file naming each wrong field', async () => {
    const config = demoHohenwald([2026]);
    const badFields = path.join(dir, 'bad-fields.json');
    writeFileSync(
      badFields,
      JSON.stringify({
        ...config,
        meldeschein_fields: [{ column_name: 'Gast Name', alias: 'x', data_type: 'colour' }],
      }),
    );
    const fields = await admin(['load-config', badFields]);
    expect(fields.code).toBe(1);
    expect(fields.stderr).toContain('meldeschein_fields[0].column_name');
    expect(fields.stderr).toContain('meldeschein_fields[0].data_type');

    const badRates = path.join(dir, 'bad-rates.json');
    writeFileSync(
      badRates,
      JSON.stringify({
        ...config,
        tarife: [{ ...config.tarife[0], rates: { Nowhere: { Ganzjahr: 100 } } }],
      }),
    );
    const rates = await admin(['load-config', badRates]);
    expect(rates.code).toBe(1);
    expect(rates.stderr).toContain('tarife[0].rates.Nowhere: unknown tariff zone "Nowhere"');
  }, 60_000);

  it('loads a municipality, a landlord, an object and an account whose password comes from stdin', async () => {
    const file = path.join(dir, 'hohenwald.json');
    writeFileSync(file, JSON.stringify(demoHohenwald([2026, 2027])));
    expect((await admin(['load-config', file])).stdout).toContain('municipality 1 loaded');
    expect(
      (await admin(['create-beherberger', '--gemeinde', '1', '--alias', 'Pension Tanne'])).stdout,
    ).toContain('landlord 1 created');
    expect(
      (
        await admin([
          'create-objekt',
          '--beherberger',
          '1',
          '--tarifzone',
          '1',
          '--alias',
          'Zimmer 1',
          '--anzahl_betten',
          '2',
        ])
      ).stdout,
    ).toContain('object 1 created');
    const user = await admin(
      ['create-user', '--username', 'tanne', '--beherberger', '1'],
      's3cret-pass\n',
    );
    expect(user.stdout).toContain('account 1 created');
    expect(user.stdout + user.stderr).not.toContain('s3cret-pass');
  }, 120_000);

  it('keeps the data across a restart and refuses a second process on the same folder', async () => {
    const handle = await openDb({ dir });
    try {
      const locked = await admin(['list']);
      expect(locked.code).toBe(1);
      expect(locked.stderr).toMatch(/already in use by process \d+/);

      const service = createServiceHandler({ db: async () => handle.db });
      const res = await service(
        new Request('http://x/api/token/', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': 'test' },
          body: JSON.stringify({ username: 'tanne', password: 's3cret-pass' }),
        }),
      );
      expect(res.status).toBe(200);
    } finally {
      await handle.close();
    }
    expect((await admin(['list'])).stdout).toContain('objekt 1: Zimmer 1');
  }, 60_000);
});
