// The command line keeps working for automation and goes through the office's functions:
// `create-staff` takes the password from stdin (never argv), refuses a short one and a taken name,
// and a landlord account made by the CLI is in the audit log as `cli`.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { asc } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '@/lib/db';
import { officeMailOutbox, passwordLinks, staffAccounts, staffAudit } from '@/lib/db/schema';
import { verifyPassword } from '@/lib/service/accounts/passwords';

const run = promisify(execFile);
const dir = mkdtempSync(path.join(tmpdir(), 'mp-office-admin-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function admin(args: string[], stdin = '') {
  const env = { ...process.env, DATA_DIR: dir, NODE_ENV: 'test' } as NodeJS.ProcessEnv;
  delete env.DATABASE_URL;
  const child = run(path.resolve('node_modules/.bin/tsx'), ['scripts/admin.ts', ...args], { env });
  child.child.stdin?.end(stdin);
  try {
    const { stdout, stderr } = await child;
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('npm run admin -- create-staff', () => {
  // Each call starts tsx and opens the embedded database: slow on a busy machine.
  it(
    'makes a staff account from stdin, refuses short passwords and taken names, and logs it',
    { timeout: 600_000 },
    async () => {
      const short = await admin(['create-staff', '--username', 'amt'], 'short\n');
      expect(short.code).toBe(1);
      expect(short.stderr).toContain('at least 12 characters');

      const made = await admin(
        ['create-staff', '--username', 'amt', '--permissions', 'office.view_figures'],
        'a long enough password\n',
      );
      expect(made.stderr).toBe('');
      expect(made.stdout).toMatch(/staff account \d+ created/);

      const again = await admin(['create-staff', '--username', 'AMT'], 'another long password\n');
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('exists already');

      const landlord = await admin(['create-user', '--username', 'tanne'], 'tanne password\n');
      expect(landlord.stderr).toBe('');

      // `invite` is the office's invitation: without an address it says so; with one it queues
      // the set-password mail (no SMTP_URL here: it waits for the server's sender).
      const noAddress = await admin(['invite', '--username', 'tanne']);
      expect(noAddress.code).toBe(1);
      expect(noAddress.stderr).toContain('no e-mail address');
      const invited = await admin(['invite', '--username', 'amt', '--staff', 'yes']);
      expect(invited.code).toBe(1);
      expect(invited.stderr).toContain('no e-mail address');
      const linde = await admin(
        ['create-user', '--username', 'linde', '--email', 'linde@example.org'],
        'linde password\n',
      );
      expect(linde.stderr).toBe('');
      const queued = await admin(['invite', '--username', 'LINDE', '--lang', 'en']);
      expect(queued.stderr).toBe('');
      expect(queued.stdout).toContain('invitation queued');

      const handle = await openDb({ dir });
      try {
        const staff = await handle.db.select().from(staffAccounts);
        expect(staff.map((s) => [s.username, s.permissions, s.totpSecret])).toEqual([
          ['amt', ['office.view_figures'], null],
        ]);
        expect(await verifyPassword('a long enough password', staff[0]!.passwordHash)).toBe(true);
        const audit = await handle.db.select().from(staffAudit).orderBy(asc(staffAudit.id));
        expect(audit.map((a) => [a.actor, a.action])).toEqual([
          ['cli', 'staff.create'],
          ['cli', 'user.create'],
          ['cli', 'user.create'],
          ['cli', 'user.invite'],
        ]);
        const mails = await handle.db.select().from(officeMailOutbox);
        expect(mails.map((m) => [m.toAddress, m.lang, m.state])).toEqual([
          ['linde@example.org', 'en', 'waiting'],
        ]);
        expect(await handle.db.select().from(passwordLinks)).toHaveLength(1);
      } finally {
        await handle.close();
      }
    },
  );
});
