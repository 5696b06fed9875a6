// The command line's billing (for automation, through the office's functions): the month's CSV on
// stdout with its header, a bad month refused in words, and marking billed when nothing is ready.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { BILLING_CSV_HEADER } from '@/lib/office/billing/export';

const run = promisify(execFile);
const dir = mkdtempSync(path.join(tmpdir(), 'mp-office-billing-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function admin(args: string[]) {
  const env = { ...process.env, DATA_DIR: dir, NODE_ENV: 'test' } as NodeJS.ProcessEnv;
  delete env.DATABASE_URL;
  try {
    const { stdout, stderr } = await run(
      path.resolve('node_modules/.bin/tsx'),
      ['scripts/admin.ts', ...args],
      { env },
    );
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('npm run admin -- billing-csv / mark-billed', () => {
  it(
    'writes the CSV, refuses a bad month, bills nothing when nothing is ready',
    { timeout: 600_000 },
    async () => {
      const csv = await admin(['billing-csv', '--month', '2026-07']);
      expect(csv.stderr).toBe('');
      expect(csv.stdout).toBe(`\uFEFF${BILLING_CSV_HEADER.join(',')}\r\n`);
      const bad = await admin(['billing-csv', '--month', '2026-13']);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain('month');
      const none = await admin(['mark-billed', '--beherberger', '1', '--month', '2026-07']);
      expect(none.stdout).toContain('nothing left to bill');
    },
  );
});
