// Booking against the bare limit (issue 19: goal >= 0.85 on both databases), A/B in one run: the
// service's `buchen/` (one form of two guests, 50 clients) and `bench/anchor-server.ts` (node:http,
// parse, the same rows inserted in one transaction, same database and durability) run side by side
// and are measured in alternating slices (service, anchor, anchor, service, …), so both see the
// same machine load. Against an earlier commit: bench/booking-vs.ts (whole runs on databases of
// their own: two versions on one database share the newer schema and its triggers).
// BENCH_PROFILE=<dir> writes each server's CPU profile there. Run alone: `npx tsx
// bench/booking-ab.ts` (BENCH_TARGETS, BENCH_DURATION: the seconds per server, 12 by default, in 4
// slices; BENCH_PORT: the first of two ports).
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { env } from '../lib/env';
import { bookingBody, HEADERS, login, metaOf } from './fixtures';
import {
  cpuMsOfTree,
  embeddedTarget,
  idle,
  postgresTarget,
  settle,
  startServer,
  type Server,
  type Target,
} from './servers';

export interface BookingAbResult {
  target: string;
  /** Bookings per second of each server over all its slices. */
  rps: Record<string, number>;
  p99: Record<string, number>;
  /**
   * CPU time per booking in µs (Linux /proc): the server's process, the PostgreSQL backends of the
   * bench's database (0 on the embedded one) and this process (the load generator). Steadier than
   * throughput on a shared machine: other work takes wall time, not these processes' CPU time.
   */
  cpu: Record<string, { server: number; postgres: number; client: number }>;
  /** The 1-minute load average at the start and the end. */
  load: [number, number];
}

const TICK_MS = 10; // USER_HZ, 100 on Linux

/** CPU ms of a server's process tree (0 where /proc cannot tell). */
const treeCpuMs = (pid: number) => cpuMsOfTree(pid) ?? 0;

/** CPU ms of each PostgreSQL backend connected to `database` (its title names it), by pid. */
export function postgresCpuMs(database: string | undefined): Map<string, number> {
  const out = new Map<string, number>();
  if (!database) return out;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!title.startsWith('postgres: ') || !title.includes(` ${database} `)) continue;
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(entry, (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

/** CPU ms the backends spent between two snapshots (one that ended meanwhile is not counted). */
export function postgresDelta(before: Map<string, number>, after: Map<string, number>): number {
  let ms = 0;
  for (const [pid, value] of after) ms += value - (before.get(pid) ?? 0);
  return ms;
}

function clientCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

const CLIENTS = 50;
const SLICES = 4;

type Opts = Parameters<typeof autocannon>[0];

async function slice(opts: Opts, seconds: number) {
  const r = await autocannon({ ...opts, connections: CLIENTS, duration: seconds, timeout: 30 });
  return { count: r['2xx'], bad: r.non2xx + r.errors, p99: r.latency.p99 };
}

const load1 = () => Number(loadavg()[0]!.toFixed(2));

/** Servers on copies of one seeded database: PGlite allows one process per folder. */
async function copiesOf(target: Target, port: number, n: number): Promise<Target[]> {
  if (target.databaseUrl) return Array.from({ length: n }, () => target);
  // Seed once (migrations, demo), then copy the stopped server's folder.
  const seed = await startServer(target, port);
  await seed.stop();
  const copies: Target[] = [target];
  for (let i = 1; i < n; i++) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mp-bench-'));
    cpSync(target.dataDir, dataDir, { recursive: true });
    copies.push({
      name: target.name,
      dataDir,
      dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
    });
  }
  return copies;
}

/** The service against the anchor, alternating slices, on one database. */
export async function benchBookingAb(
  target: Target,
  port: number,
  seconds: number,
): Promise<BookingAbResult> {
  const { BENCH_PROFILE: prof } = env();
  const names = ['service', 'anchor'];
  const targets = await copiesOf(target, port, names.length);
  const servers: Server[] = [];
  try {
    for (const [i, name] of names.entries()) {
      servers.push(
        await startServer(
          targets[i]!,
          port + i,
          name === 'anchor',
          {},
          {
            nodeArgs: prof
              ? ['--cpu-prof', `--cpu-prof-dir=${path.join(prof, target.name, name)}`]
              : undefined,
          },
        ),
      );
    }
    const token = await login(servers[0]!.url);
    const m = await metaOf(servers[0]!.url, token);
    const body = bookingBody(m);
    const opts: Opts[] = names.map((name, i) =>
      name === 'anchor'
        ? { url: `${servers[i]!.url}/bare/`, method: 'POST', headers: HEADERS, body }
        : {
            url: `${servers[i]!.url}/api/import/meldeschein/buchen/`,
            method: 'POST',
            // The same demo account and secret on every server: one token serves them all.
            headers: { ...HEADERS, authorization: `JWT ${token}` },
            body,
          },
    );
    for (const o of opts) await slice(o, 3); // warm-up: JIT, pools, caches
    // The warm-up's dirty pages (and an earlier run's) written now, not by a checkpoint that
    // spreads its writes over the measured slices and slows their commits unevenly.
    await settle(target);
    const start = load1();
    const counts = names.map(() => 0);
    const p99 = names.map(() => 0);
    const cpu = names.map(() => ({ server: 0, postgres: 0, client: 0 }));
    const database = target.databaseUrl ? new URL(target.databaseUrl).pathname.slice(1) : undefined;
    let bad = 0;
    const part = seconds / SLICES;
    for (let s = 0; s < SLICES; s++) {
      // service, anchor, anchor, service, …: neither side always runs first.
      const order = s % 2 ? [...names.keys()].reverse() : [...names.keys()];
      for (const i of order) {
        const before = { server: treeCpuMs(servers[i]!.pid), pg: postgresCpuMs(database) };
        const client = clientCpuMs();
        const r = await slice(opts[i]!, part);
        // What the slice left in flight is this server's work, not the next slice's.
        await idle(servers[i]!.pid);
        cpu[i]!.client += clientCpuMs() - client;
        cpu[i]!.postgres += postgresDelta(before.pg, postgresCpuMs(database));
        cpu[i]!.server += treeCpuMs(servers[i]!.pid) - before.server;
        counts[i]! += r.count;
        p99[i] = Math.max(p99[i]!, r.p99);
        bad += r.bad;
      }
    }
    if (bad) {
      for (const sv of servers) console.error(sv.output().slice(-2000));
      throw new Error(`${target.name}: ${bad} bookings failed`);
    }
    const result: BookingAbResult = {
      target: target.name,
      rps: Object.fromEntries(names.map((n, i) => [n, Math.round(counts[i]! / seconds)])),
      p99: Object.fromEntries(names.map((n, i) => [n, p99[i]!])),
      cpu: Object.fromEntries(
        names.map((n, i) => {
          const perBooking = (ms: number) => Math.round((ms * 1000) / Math.max(1, counts[i]!));
          const c = cpu[i]!;
          return [
            n,
            {
              server: perBooking(c.server),
              postgres: perBooking(c.postgres),
              client: perBooking(c.client),
            },
          ];
        }),
      ),
      load: [start, load1()],
    };
    console.info(`  ${describe(result)}`);
    return result;
  } finally {
    for (const s of servers) await s.stop();
    // Only the copies made here: `target` itself (and PostgreSQL's shared database) stays.
    for (const t of targets) if (t !== target) await t.dispose();
  }
}

/**
 * The anchor's CPU per booking (server, database, load generator) over the server's: the
 * throughput ratio the two would reach on a machine they had to themselves, where CPU is what
 * limits both (on the embedded database a commit's fsync wait adds to both alike).
 */
export function cpuRatio(r: BookingAbResult, name = 'service'): number {
  const total = (c: { server: number; postgres: number; client: number }) =>
    c.server + c.postgres + c.client;
  return total(r.cpu.anchor!) / Math.max(1, total(r.cpu[name]!));
}

function describe(r: BookingAbResult): string {
  const anchor = r.rps.anchor!;
  return Object.keys(r.rps)
    .map((n) =>
      n === 'anchor'
        ? `anchor ${anchor}/s (p99 ${r.p99[n]} ms)`
        : `${n} ${r.rps[n]}/s (p99 ${r.p99[n]} ms, ratio ${(r.rps[n]! / anchor).toFixed(2)})`,
    )
    .join(', ')
    .concat(
      '; CPU µs per booking (server + postgres + load generator): ',
      Object.entries(r.cpu)
        .map(([n, c]) => `${n} ${c.server} + ${c.postgres} + ${c.client}`)
        .join(', '),
    )
    .concat(`; load ${r.load[0]} → ${r.load[1]}`);
}

export function printBookingAb(results: BookingAbResult[]): void {
  if (!results.length) return;
  const names = ['service'];
  console.info(
    `\n| database | anchor/s (p99 ms) | ${names.map((n) => `${n}/s (p99 ms) | ratio (goal >= 0.85) | CPU ratio`).join(' | ')} | server CPU µs per booking: anchor / ${names.join(' / ')} | load |`,
  );
  console.info(`|---|---:|${names.map(() => '---:|---:|---:|').join('')}---|---|`);
  for (const r of results) {
    const cells = names.map(
      (n) =>
        `${r.rps[n]} (${r.p99[n]}) | ${(r.rps[n]! / r.rps.anchor!).toFixed(2)} | ${cpuRatio(r, n).toFixed(2)}`,
    );
    const server = ['anchor', ...names].map((n) => r.cpu[n]!.server).join(' / ');
    console.info(
      `| ${r.target} | ${r.rps.anchor} (${r.p99.anchor}) | ${cells.join(' | ')} | ${server} | ${r.load[0]} → ${r.load[1]} |`,
    );
  }
}

async function main(): Promise<void> {
  const { BENCH_DURATION: seconds = 12, BENCH_TARGETS } = env();
  const port = env().BENCH_PORT ?? 3900 + (process.pid % 50);
  const results: BookingAbResult[] = [];
  for (const name of BENCH_TARGETS) {
    const target = name === 'postgres' ? await postgresTarget() : await embeddedTarget();
    try {
      console.info(`[${target.name}] buchen/ against the bare limit, ${CLIENTS} clients`);
      results.push(await benchBookingAb(target, port, seconds));
    } finally {
      await target.dispose();
    }
  }
  printBookingAb(results);
}

if (process.argv[1]?.endsWith('booking-ab.ts')) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
