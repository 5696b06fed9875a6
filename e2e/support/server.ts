// A throwaway production server for the screenshot and Lighthouse scripts: its own port, a fresh
// DATA_DIR (demo data seeded), stopped with its whole process group.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface RunningPortal {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startPortal(
  port: number,
  /** More of the server's environment (the office's first staff account: e2e/support/office.ts). */
  extraEnv: Record<string, string> = {},
): Promise<RunningPortal> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'meldeportal-run-'));
  const url = `http://localhost:${port}`;
  const child = spawn(path.join(process.cwd(), 'node_modules/.bin/tsx'), ['scripts/start.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NEXTAUTH_URL: `${url}/auth`,
      MELDESCHEIN_API_URL: `${url}/api/`,
      SEED_DEMO: '1',
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 10 * 60_000; // a first run builds
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health/`, {
        headers: { 'User-Agent': 'meldeportal-scripts', 'Content-Type': 'application/json' },
      });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start in time');
    await new Promise((r) => setTimeout(r, 1000));
  }
  return {
    url,
    dataDir,
    async stop() {
      if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through next-auth's own endpoints and returns the cookies a browser would hold. */
export async function signInCookies(
  url: string,
  username: string,
  password = username,
  /** The sign-in's system (its id in the list, lib/portal/api/systems.ts); the first when unset. */
  system?: string,
): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const csrf = await fetch(`${url}/auth/csrf`);
  keep(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${url}/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie() },
    body: new URLSearchParams({
      csrfToken,
      username,
      password,
      callbackUrl: '/uebersicht',
      ...(system ? { system } : {}),
    }),
  });
  keep(res);
  if (![...jar.keys()].some((k) => k.includes('session-token')))
    throw new Error(`sign-in of ${username} failed`);
  return cookie();
}
