// Cold start (issue 13): the time from `npm start` (scripts/start.ts, already built) to the first
// answered request, on the embedded database with an existing data folder (goal < 3 s). The first
// start seeds the folder and is not counted; the next three are, and the median is printed.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { childEnv } from '../lib/env';
import { buildState } from '../scripts/build-state';

const ROOT = path.resolve(__dirname, '..');
const HEADERS = { 'content-type': 'application/json', 'user-agent': 'meldeportal-bench/1.0' };

interface Start {
  /** ms from spawning `npm start`'s script to the first `health/` answer */
  api: number;
  /** ms from spawning to the first answered portal page (the sign-in page) */
  page: number;
}

async function firstAnswer(url: string, started: number, headers = HEADERS): Promise<number> {
  for (;;) {
    try {
      const res = await fetch(url, { headers });
      if (res.status < 500) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function startOnce(dataDir: string, port: number): Promise<Start> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/start.ts'],
    {
      cwd: ROOT,
      env: childEnv({ PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '' }),
      stdio: 'ignore',
      detached: true,
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const url = `http://127.0.0.1:${port}`;
    const api = await firstAnswer(`${url}/api/health/`, started);
    const page = await firstAnswer(`${url}/anmelden`, started, { ...HEADERS });
    return { api: Math.round(api), page: Math.round(page) };
  } finally {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
}

/** Median cold start; without a current build it says so (a start would build first). */
export async function benchColdStart(port = 3960): Promise<string> {
  if (buildState(ROOT) !== 'current')
    return 'cold start: skipped, no current build (npm run build)';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mp-cold-'));
  try {
    await startOnce(dataDir, port); // creates and seeds the folder
    const runs: Start[] = [];
    for (let i = 0; i < 3; i++) runs.push(await startOnce(dataDir, port));
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[1]!;
    return (
      `cold start on an existing data folder (median of 3): first API answer ` +
      `${median(runs.map((r) => r.api))} ms, first portal page ${median(runs.map((r) => r.page))} ms ` +
      `(runs: ${runs.map((r) => `${r.api}/${r.page}`).join(', ')})`
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
