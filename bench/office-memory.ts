// What the server holds after the office's big pages (issue 38), on PostgreSQL with a resort's
// year (bench/office-seed.ts: 200,000 forms of 500 landlords by default): the production server
// (server.ts with `npm start`'s Node flags, bench/servers.ts) with bench/memory-probe.mjs loaded,
// a staff member's session, then rounds of the big pages: every month's billing page (page 2 by
// amount), every month's figures by landlord, object and country, the year's by landlord, object
// and month, and July's billing CSV. After each round the server's RSS as an operator sees it; after
// the rounds, from the probe, what a round allocated on the JavaScript heap, the heap V8 had
// committed (at its peak and before a full collection) and the live heap after one. Then, between marks,
// what one page of each kind allocates. `--old-space=start,none,1024` measures one server per
// entry: `start` with npm start's flags as they are, `none` without a `--max-old-space-size`, a
// number with that one.
//
// `npx tsx bench/office-memory.ts [--forms=200000] [--landlords=500] [--rounds=3]
// [--old-space=start] [--rest=10] [--root=DIR]` (BENCH_DATABASE_URL; `--rest`: seconds of rest
// after the rounds before the RSS is read again; `--root`: another checkout's server, with its own
// build, e.g. the code before a change). Needs a Next build (`npm run build`). The database is
// dropped afterwards.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { openDb } from '../lib/db';
import { staffAccounts } from '../lib/db/schema';
import { reloadEnv } from '../lib/env';
import { CLI_ACTOR } from '../lib/office/audit/audit';
import { sealSession } from '../lib/office/sign-in/session-seal';
import { createStaff } from '../lib/office/staff/staff';
import { seedOfficeYear, YEAR } from './office-seed';
import { postgresTarget, serverEntry, startServer, type Server } from './servers';

const arg = (name: string) =>
  process.argv.map((a) => new RegExp(`^--${name}=(.+)$`).exec(a)?.[1]).find(Boolean);
const FORMS = Number(arg('forms') ?? 200_000);
const LANDLORDS = Number(arg('landlords') ?? 500);
const ROUNDS = Number(arg('rounds') ?? 3);
const REST_S = Number(arg('rest') ?? 10);
const VARIANTS = (arg('old-space') ?? 'start').split(',');
/** Another checkout with its own build, to measure instead of this one (its code before a change). */
const ROOT = arg('root');
const SESSION_SECRET = 'bench-office-memory-session-secret-0123456789';
const MB = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

interface ProbeLine {
  allocated: number;
  collections: number;
  peakCommitted: number;
  committedBefore: number;
  live: number;
  committed: number;
  rss: number;
}

/** The big pages of one round, by kind. */
function pages(gemeinde: number): { kind: string; url: string }[] {
  const months = Array.from({ length: 12 }, (_, i) => `${YEAR}-${String(i + 1).padStart(2, '0')}`);
  return [
    ...months.map((m) => ({
      kind: 'billing page',
      url: `/verwaltung/abrechnung?monat=${m}&sort=amount&dir=desc&seite=2`,
    })),
    ...months.flatMap((m) =>
      ['beherberger', 'objekt', 'country'].map((b) => ({
        kind: `month's figures by ${b}`,
        url: `/verwaltung/zahlen?g=${gemeinde}&zeitraum=month&monat=${m}&nach=${b}`,
      })),
    ),
    ...['beherberger', 'objekt', 'month'].map((b) => ({
      kind: `year's figures by ${b}`,
      url: `/verwaltung/zahlen?g=${gemeinde}&zeitraum=year&jahr=${YEAR}&nach=${b}`,
    })),
    { kind: 'billing CSV of July', url: `/verwaltung/abrechnung/csv?monat=${YEAR}-07` },
  ];
}

/** RSS (MB) of a process and every process below it, from /proc. */
function rssOfTree(pid: number): number {
  let kb = 0;
  const todo = [pid];
  while (todo.length) {
    const p = todo.pop()!;
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
      for (const task of readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').split(' ')) {
        if (task.trim()) todo.push(Number(task));
      }
    } catch {
      // ended meanwhile
    }
  }
  return kb / 1024;
}

class Probe {
  private readonly file: string;
  private seen = 0;
  constructor(private readonly server: Server) {
    this.file = path.join(tmpdir(), `meldeportal-memory-${server.pid}.jsonl`);
  }
  /** What the server allocated since the last mark, and its heap after a full collection. */
  async mark(): Promise<ProbeLine> {
    process.kill(this.server.pid, 'SIGUSR2');
    const deadline = Date.now() + 30_000;
    for (;;) {
      const lines = existsSync(this.file)
        ? readFileSync(this.file, 'utf8').trim().split('\n').filter(Boolean)
        : [];
      if (lines.length > this.seen) {
        this.seen = lines.length;
        return JSON.parse(lines[lines.length - 1]!) as ProbeLine;
      }
      if (Date.now() > deadline)
        throw new Error(`no answer from the memory probe:\n${this.server.output()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  dispose(): void {
    rmSync(this.file, { force: true });
  }
}

async function get(server: Server, cookie: string, url: string): Promise<number> {
  const res = await fetch(server.url + url, { headers: { cookie }, redirect: 'manual' });
  const body = await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return body.byteLength;
}

async function measure(
  variant: string,
  target: Awaited<ReturnType<typeof postgresTarget>>,
  cookie: string,
  gemeinde: number,
): Promise<string[]> {
  const oldSpace =
    variant === 'start'
      ? []
      : variant === 'none'
        ? ['--max-old-space-size=0']
        : [`--max-old-space-size=${variant}`];
  const port = 3950 + (process.pid % 40);
  const server = await startServer(
    target,
    port,
    false,
    { SESSION_SECRET, SEED_DEMO: '0' },
    {
      nodeArgs: ['--expose-gc', ...oldSpace, '--import', path.join(__dirname, 'memory-probe.mjs')],
      root: ROOT,
      entry: 'server.ts',
    },
  );
  const probe = new Probe(server);
  const out: string[] = [];
  try {
    const list = pages(gemeinde);
    // Every kind once, so the first round compiles nothing and fills no cache for the first time.
    for (const kind of new Set(list.map((p) => p.kind))) {
      await get(server, cookie, list.find((p) => p.kind === kind)!.url);
    }
    const rest = await probe.mark();
    out.push(
      `${variant}: at rest after one page of each kind: RSS ${rssOfTree(server.pid).toFixed(0)} MB, ` +
        `live heap ${MB(rest.live)} MB`,
    );
    // The rounds without a forced collection between them, as a server sees them.
    const rss: string[] = [];
    let bytes = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      for (const p of list) bytes += await get(server, cookie, p.url);
      rss.push(rssOfTree(server.pid).toFixed(0));
    }
    const m = await probe.mark();
    out.push(
      `${variant}: ${ROUNDS} rounds of ${list.length} pages (${MB(bytes / ROUNDS)} MB served a ` +
        `round): RSS after each ${rss.join(', ')} MB; a round allocated ` +
        `${MB(m.allocated / ROUNDS)} MB (${m.collections} collections in all); heap committed at ` +
        `the peak ${MB(m.peakCommitted)} MB, at the end ${MB(m.committedBefore)} MB; after a full ` +
        `collection live ${MB(m.live)} MB, committed ${MB(m.committed)} MB, RSS ${MB(m.rss)} MB`,
    );
    await new Promise((r) => setTimeout(r, REST_S * 1000));
    out.push(`${variant}: ${REST_S} s later: RSS ${rssOfTree(server.pid).toFixed(0)} MB`);
    // Per page: each kind three times between two marks.
    const cells: string[] = [];
    for (const kind of new Set(list.map((p) => p.kind))) {
      const of = list.filter((p) => p.kind === kind).slice(0, 3);
      await probe.mark();
      let bytes = 0;
      for (const p of of) bytes += await get(server, cookie, p.url);
      const m = await probe.mark();
      cells.push(
        `${kind} ${MB(m.allocated / of.length)} MB (${(bytes / of.length / 1024).toFixed(0)} KB served)`,
      );
    }
    out.push(`${variant}: allocated per page: ${cells.join('; ')}`);
  } finally {
    probe.dispose();
    await server.stop();
  }
  return out;
}

async function main() {
  if (!ROOT && !serverEntry().file.startsWith('server'))
    throw new Error('needs a Next build (npm run build)');
  const target = await postgresTarget();
  const lines: string[] = [];
  try {
    const handle = await openDb({ url: target.databaseUrl! });
    let gemeinde: number;
    let cookie: string;
    try {
      console.info(`[office memory] seeding ${FORMS.toLocaleString('en')} forms …`);
      ({ gemeinde } = await seedOfficeYear(handle.db, FORMS, LANDLORDS));
      const staffId = await createStaff(
        handle.db,
        { username: 'bench' },
        'bench office memory',
        CLI_ACTOR,
      );
      // A second factor enrolled (the session checks that there is one, not its value).
      await handle.db
        .update(staffAccounts)
        .set({ totpSecret: 'bench' })
        .where(eq(staffAccounts.id, staffId));
      // The server's session key, to seal the staff member's cookie here.
      // eslint-disable-next-line no-restricted-properties -- this process's env, read by lib/env
      Object.assign(process.env, { SESSION_SECRET });
      reloadEnv();
      cookie = `mp-office=${await sealSession(staffId, new Date())}`;
    } finally {
      await handle.close();
    }
    console.info('');
    for (const variant of VARIANTS)
      lines.push(...(await measure(variant, target, cookie, gemeinde)));
  } finally {
    await target.dispose();
  }
  console.info(
    `\noffice memory (PostgreSQL, ${FORMS.toLocaleString('en')} forms, load ${loadavg()[0]!.toFixed(2)})`,
  );
  for (const l of lines) console.info(`  ${l}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
