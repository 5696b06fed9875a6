// Servers for the bench: the production server (`server.ts`, what `npm start` runs after its build
// check) in a child process, each with its own data directory or PostgreSQL database.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { childEnv, env } from '../lib/env';

/** The server to create bench databases on; without a user name in it, the OS user's (as psql). */
export const PG_BASE = (() => {
  const url = new URL(env().BENCH_DATABASE_URL);
  if (!url.username) url.username = userInfo().username;
  return url.toString();
})();
const ROOT = path.resolve(__dirname, '..');

export interface Target {
  name: 'embedded' | 'postgres';
  dataDir: string;
  databaseUrl?: string;
  dispose(): Promise<void>;
}

export async function embeddedTarget(): Promise<Target> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mp-bench-'));
  return {
    name: 'embedded',
    dataDir,
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

export async function postgresTarget(): Promise<Target> {
  const name = `mp_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_BASE });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_BASE);
  url.pathname = `/${name}`;
  // The server keeps its generated secrets here even with an external database.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mp-bench-'));
  return {
    name: 'postgres',
    dataDir,
    databaseUrl: url.toString(),
    dispose: async () => {
      const c = new pg.Client({ connectionString: PG_BASE });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Flush dirty buffers before a measurement, so a checkpoint left over from a bulk load (spread
 * over minutes by checkpoint_completion_target) does not write beside the measured run.
 */
export async function settle(target: Target): Promise<void> {
  if (!target.databaseUrl) return;
  const c = new pg.Client({ connectionString: target.databaseUrl });
  await c.connect();
  try {
    await c.query('checkpoint');
  } catch {
    // CHECKPOINT needs superuser or pg_checkpoint; without it the run simply goes unsettled.
  } finally {
    await c.end();
  }
}

export interface Server {
  url: string;
  /** The child process started (the server itself, or tsx's launcher of it). */
  pid: number;
  /** What the server printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * The Node flags `npm start` gives the server (package.json, decision 023: a young generation of
 * 64 MB), so that every server here, old checkout and anchor alike, runs as in production.
 */
const START_FLAGS = (() => {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  return pkg.scripts.start.split(/\s+/).filter((arg) => /^--(?!import)/.test(arg));
})();

/** Which entry serves: server.ts needs a Next build; without one the API-only wrapper is used. */
export function serverEntry(): { file: string; label: string } {
  if (existsSync(path.join(ROOT, '.next', 'BUILD_ID'))) {
    return { file: 'server.ts', label: 'server.ts (npm start path)' };
  }
  return { file: 'bench/api-server.ts', label: 'bench/api-server.ts (no Next build)' };
}

/** The service's production entry, or `bench/anchor-server.ts` (the bare limit) when `anchor`. */
export async function startServer(
  target: Target,
  port: number,
  anchor = false,
  extraEnv: Record<string, string> = {},
  more: {
    /** More Node options (`--cpu-prof`, which NODE_OPTIONS refuses), after `npm start`'s own. */
    nodeArgs?: string[];
    /** Another checkout with its own build (an A/B run against an older version). */
    root?: string;
    /** The entry file, relative to the root (default: serverEntry()'s, or the anchor's). */
    entry?: string;
  } = {},
): Promise<Server> {
  const entry = more.entry
    ? { file: more.entry }
    : anchor
      ? { file: 'bench/anchor-server.ts' }
      : serverEntry();
  const { nodeArgs = [], root = ROOT } = more;
  const childVars = childEnv({
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: target.dataDir,
    SEED_DEMO: '1',
    JWT_SECRET: 'bench-jwt-secret-bench-jwt-secret-0123456789',
    CARD_SECRET: 'bench-card-secret-bench-card-secret-012345678',
    NEXTAUTH_SECRET: 'bench-nextauth-secret-bench-nextauth-secret-0',
    SESSION_SECRET: 'bench-session-secret-bench-session-secret-012',
    DATABASE_URL: target.databaseUrl,
    ...extraEnv,
  });
  // The API-only server starts the jobs of lib/jobs.ts, whose portal modules are `server-only`:
  // loadable only under the react-server condition (as `npm run job:mail` runs). Also for an
  // earlier checkout: one from before the jobs loads the same modules under it (6953c93, measured).
  const conditions = entry.file === 'bench/api-server.ts' ? ['--conditions=react-server'] : [];
  const child = spawn(
    process.execPath,
    [...START_FLAGS, ...conditions, ...nodeArgs, '--import', 'tsx', entry.file],
    {
      cwd: root,
      env: childVars,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log}`);
    try {
      const res = await fetch(`${url}/api/health/`, {
        headers: { 'content-type': 'application/json', 'user-agent': 'bench' },
      });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not come up:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, pid: child.pid!, output: () => log, stop: () => stop(child) };
}

/** The processes below `pid` (tsx runs the server in a child of its own), deepest last. */
function descendants(pid: number): number[] {
  try {
    const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(' ').filter(Boolean),
    );
    return children.map(Number).flatMap((c) => [c, ...descendants(c)]);
  } catch {
    return [];
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    // A server still waiting for a connection to end is killed, with tsx's child: killing only
    // tsx left the server itself running on its port.
    const timer = setTimeout(() => {
      for (const pid of descendants(child.pid!).reverse()) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // gone already
        }
      }
      child.kill('SIGKILL');
    }, 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * CPU time (user + system, ms) used so far by a process and every process below it, from /proc
 * (Linux); null elsewhere. Per request, it is what the server spent regardless of what else runs on
 * the machine, so it compares builds better than throughput on a shared machine.
 */
export function cpuMsOfTree(rootPid: number): number | null {
  if (!existsSync('/proc/self/stat')) return null;
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const text = readFileSync(`/proc/${name}/stat`, 'utf8');
      // After the command's closing parenthesis: state, ppid, … utime (14th field), stime (15th).
      const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(name), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
    } catch {
      // the process ended meanwhile
    }
  }
  let ticks = 0;
  const todo = [rootPid];
  while (todo.length) {
    const pid = todo.pop()!;
    ticks += stats.get(pid)?.ticks ?? 0;
    for (const [child, s] of stats) if (s.ppid === pid) todo.push(child);
  }
  return (ticks * 1000) / CLOCK_TICKS;
}

/**
 * Waits until the server has worked off what the last load left in flight. autocannon ends a run
 * without waiting for the answers under way, and the server still computes them (on the embedded
 * database one query after another): the next run's first answers queued behind them, and its CPU
 * figure counted the other call's work. Idle: at most one clock tick of CPU in 100 ms, or 5 s at
 * most; a fixed half second where /proc is missing.
 */
export async function idle(pid: number): Promise<void> {
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  let last = cpuMsOfTree(pid);
  if (last === null) return void (await pause(500));
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    await pause(100);
    const now: number = cpuMsOfTree(pid) ?? last;
    if (now - last <= 1000 / CLOCK_TICKS) return;
    last = now;
  }
}

/** USER_HZ: 100 on every Linux this runs on. */
const CLOCK_TICKS = 100;
