// The booking of this code against an earlier commit's (issue 38: at least 0.95 of the code before
// the municipality's office, 6953c93), by whole runs: this, earlier, this, earlier, … each on a
// fresh database that its own code migrated and seeded, 50 clients booking one form of two guests,
// three rounds of 8 s after a 3 s warm-up. Both run `bench/api-server.ts` of their own checkout
// (the /api/ path of server.ts without Next, so no build is needed on either side).
//
// Why whole runs: two servers measured in alternating slices on one database (what
// bench/booking-ab.ts did with BENCH_BASELINE) book into one schema, the newer one's: the earlier
// code's bookings then fired the newer code's triggers too, and both read tables the other had
// grown. That made the earlier code look slower than it is (0.89-0.98 of the anchor in slices,
// where whole runs on its own schema book ~1.4x what the office's code did).
//
// Beside throughput it prints, per run, the CPU per booking of the server and of its PostgreSQL
// backends (from /proc: far less sensitive to a busy machine than throughput), the rows written
// per booking (pg_stat_database) and the 1-minute load average before and after: a figure taken
// above load 1 says more about the neighbours than about the code.
//
// `npx tsx bench/booking-vs.ts` (in `npm run bench`). BENCH_BASELINE: an earlier checkout's root;
// unset, BENCH_BASELINE_COMMIT (default 6953c93) is checked out under the temporary folder
// (bench/baseline.ts). BENCH_TARGETS, BENCH_PORT; BENCH_AB_PAIRS (2): pairs of runs per database;
// BENCH_AB_ROUNDS (3) and BENCH_AB_SECONDS (8): rounds per run and their length; BENCH_AB_WARMUP
// (3): seconds of booking before the first round (a server a few seconds old is not yet warm).
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { env } from '../lib/env';
import { baselineCheckout, DEFAULT_BASELINE_COMMIT } from './baseline';
import { postgresCpuMs, postgresDelta } from './booking-ab';
import { bookingBody, HEADERS, login, metaOf } from './fixtures';
import {
  cpuMsOfTree,
  embeddedTarget,
  idle,
  postgresTarget,
  settle,
  startServer,
  type Target,
} from './servers';

const CLIENTS = 50;
const ENTRY = 'bench/api-server.ts';
const load1 = () => Number(loadavg()[0]!.toFixed(2));

export interface VsRun {
  side: 'this' | 'earlier';
  rps: number;
  p99: number;
  /** CPU µs per booking: the server's process tree and its PostgreSQL backends (0 embedded). */
  server: number;
  postgres: number;
  /** The server's CPU µs per booking in each round: shows a server that is still warming up. */
  serverRounds: number[];
  /** Rows inserted per booking, and transactions committed per booking (PostgreSQL only). */
  rows: number | null;
  commits: number | null;
  load: [number, number];
}

export interface VsResult {
  target: string;
  baseline: string;
  /** Seconds of booking before each run's first round. */
  warmup: number;
  runs: VsRun[];
}

async function dbStats(url: string | undefined) {
  if (!url) return null;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    // The cumulative statistics are flushed by backends at most once a second when idle.
    const { rows } = await c.query<{ ins: string; commits: string }>(
      'select tup_inserted as ins, xact_commit as commits from pg_stat_database where datname = current_database()',
    );
    return { ins: Number(rows[0]!.ins), commits: Number(rows[0]!.commits) };
  } finally {
    await c.end();
  }
}

/** One whole run: a fresh database, the server of `root`, warm-up, `rounds` measured rounds. */
async function oneRun(
  make: () => Promise<Target>,
  side: VsRun['side'],
  root: string | undefined,
  port: number,
  rounds: number,
  seconds: number,
  warmup: number,
): Promise<VsRun> {
  const target = await make();
  const prof = env().BENCH_PROFILE;
  const nodeArgs = prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}/${target.name}-${side}`] : [];
  const server = await startServer(target, port, false, {}, { root, entry: ENTRY, nodeArgs });
  try {
    const token = await login(server.url);
    const m = await metaOf(server.url, token);
    const opts = {
      url: `${server.url}/api/import/meldeschein/buchen/`,
      method: 'POST',
      headers: { ...HEADERS, authorization: `JWT ${token}` },
      body: bookingBody(m),
      connections: CLIENTS,
      timeout: 30,
    };
    await autocannon({ ...opts, duration: warmup }); // warm-up: JIT, pools, caches
    await idle(server.pid);
    await settle(target);
    const database = target.databaseUrl ? new URL(target.databaseUrl).pathname.slice(1) : undefined;
    const start = load1();
    let count = 0;
    let bad = 0;
    let p99 = 0;
    let serverMs = 0;
    let pgMs = 0;
    const serverRounds: number[] = [];
    await new Promise((r) => setTimeout(r, 1100));
    const statsBefore = await dbStats(target.databaseUrl);
    for (let i = 0; i < rounds; i++) {
      const cpu = cpuMsOfTree(server.pid) ?? 0;
      const pgBefore = postgresCpuMs(database);
      const r = await autocannon({ ...opts, duration: seconds });
      await idle(server.pid);
      const roundMs = (cpuMsOfTree(server.pid) ?? 0) - cpu;
      serverMs += roundMs;
      serverRounds.push(Math.round((roundMs * 1000) / Math.max(1, r['2xx'])));
      pgMs += postgresDelta(pgBefore, postgresCpuMs(database));
      count += r['2xx'];
      bad += r.non2xx + r.errors;
      p99 = Math.max(p99, r.latency.p99);
    }
    await new Promise((r) => setTimeout(r, 1100));
    const statsAfter = await dbStats(target.databaseUrl);
    if (bad) {
      console.error(server.output().slice(-2000));
      throw new Error(`${target.name} (${side}): ${bad} bookings failed`);
    }
    const per = (ms: number) => Math.round((ms * 1000) / Math.max(1, count));
    const perBooking = (a: number, b: number) => Number(((b - a) / Math.max(1, count)).toFixed(2));
    return {
      side,
      rps: Math.round(count / (rounds * seconds)),
      p99,
      server: per(serverMs),
      postgres: per(pgMs),
      serverRounds,
      rows: statsBefore && statsAfter ? perBooking(statsBefore.ins, statsAfter.ins) : null,
      commits:
        statsBefore && statsAfter ? perBooking(statsBefore.commits, statsAfter.commits) : null,
      load: [start, load1()],
    };
  } finally {
    await server.stop();
    await target.dispose();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** This code and the baseline's, whole runs alternated (this first), on fresh databases. */
export async function benchBookingVs(
  targetName: 'embedded' | 'postgres',
  port: number,
  baseline: { root: string; label: string },
  opts: { pairs?: number; rounds?: number; seconds?: number; warmup?: number } = {},
): Promise<VsResult> {
  const { pairs = 2, rounds = 3, seconds = 8, warmup = 3 } = opts;
  const make = targetName === 'postgres' ? postgresTarget : embeddedTarget;
  const runs: VsRun[] = [];
  for (let p = 0; p < pairs; p++) {
    for (const side of ['this', 'earlier'] as const) {
      const run = await oneRun(
        make,
        side,
        side === 'earlier' ? baseline.root : undefined,
        port,
        rounds,
        seconds,
        warmup,
      );
      console.info(`  ${describeRun(side === 'this' ? 'this' : baseline.label, run)}`);
      runs.push(run);
    }
  }
  const result = { target: targetName, baseline: baseline.label, warmup, runs };
  console.info(`  ${summary(result)}`);
  return result;
}

function describeRun(label: string, r: VsRun): string {
  const db = r.rows === null ? '' : `, ${r.rows} rows and ${r.commits} commits per booking`;
  return `${label.padEnd(7)} ${r.rps}/s (p99 ${r.p99} ms), CPU µs per booking ${r.server} server (rounds ${r.serverRounds.join(', ')}) + ${r.postgres} postgres${db}; load ${r.load[0]} → ${r.load[1]}`;
}

/** Throughput ratios per pair (this over earlier), their median, and the CPU ratio of the medians. */
export function summary(r: VsResult): string {
  const mine = r.runs.filter((x) => x.side === 'this');
  const theirs = r.runs.filter((x) => x.side === 'earlier');
  const ratios = mine.map((x, i) => (x.rps / theirs[i]!.rps).toFixed(2));
  const cpu = (xs: VsRun[]) => median(xs.map((x) => x.server + x.postgres));
  const loads = r.runs.flatMap((x) => x.load);
  const mid = median(mine.map((x, i) => x.rps / theirs[i]!.rps)).toFixed(2);
  return (
    `${r.target}: this/${r.baseline} bookings/s ${ratios.join(', ')}, median ${mid} (goal >= 0.95); ` +
    `CPU per booking ${cpu(theirs)} / ${cpu(mine)} µs (ratio ${(cpu(theirs) / cpu(mine)).toFixed(2)}); ` +
    `load ${Math.min(...loads)}-${Math.max(...loads)}; warm-up ${r.warmup} s`
  );
}

export function printBookingVs(results: VsResult[]): void {
  if (!results.length) return;
  console.info(
    `\n| database | run | bookings/s (p99 ms) | CPU µs per booking, server + PostgreSQL | rows / commits per booking | load before → after |`,
  );
  console.info('|---|---|---:|---:|---:|---|');
  for (const r of results) {
    for (const x of r.runs) {
      const label = x.side === 'this' ? 'this' : r.baseline;
      const db = x.rows === null ? '–' : `${x.rows} / ${x.commits}`;
      console.info(
        `| ${r.target} | ${label} | ${x.rps} (${x.p99}) | ${x.server} + ${x.postgres} | ${db} | ${x.load[0]} → ${x.load[1]} |`,
      );
    }
  }
  for (const r of results) console.info(summary(r));
}

/** The baseline to compare with: BENCH_BASELINE's checkout, else BENCH_BASELINE_COMMIT's. */
export function baselineOf(): { root: string; label: string } {
  const { BENCH_BASELINE, BENCH_BASELINE_COMMIT } = env();
  if (BENCH_BASELINE) return { root: BENCH_BASELINE, label: 'earlier' };
  const { root, commit } = baselineCheckout(BENCH_BASELINE_COMMIT ?? DEFAULT_BASELINE_COMMIT);
  return { root, label: commit };
}

async function main(): Promise<void> {
  const { BENCH_TARGETS, BENCH_AB_PAIRS, BENCH_AB_ROUNDS, BENCH_AB_SECONDS, BENCH_AB_WARMUP } =
    env();
  const port = env().BENCH_PORT ?? 3900 + (process.pid % 50);
  const baseline = baselineOf();
  const results: VsResult[] = [];
  for (const name of BENCH_TARGETS) {
    console.info(`[${name}] buchen/ against ${baseline.label}, whole runs alternated`);
    results.push(
      await benchBookingVs(name, port, baseline, {
        pairs: BENCH_AB_PAIRS,
        rounds: BENCH_AB_ROUNDS,
        seconds: BENCH_AB_SECONDS,
        warmup: BENCH_AB_WARMUP,
      }),
    );
  }
  printBookingVs(results);
}

if (process.argv[1]?.endsWith('booking-vs.ts')) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
