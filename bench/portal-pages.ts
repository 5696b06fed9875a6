// The portal's own pages beside the service's `list/` (issue 19): 20 landlords at once, each its own
// account with its own object and 30 stays, each signed in through next-auth's credentials sign-in.
// `/aufenthalte`, `/uebersicht` and the signed-in redirect of `/anmelden` at 20 connections, every
// request with the next landlord's session cookie (round robin, so at most 20 landlords are served
// at once and every one of them all the time), alternating in slices with `list/` of the same
// landlords (each with their own JWT) so that all see the same machine load; the ratio of a page's
// throughput to list/'s is the issue's figure (goal >= 0.25, p99 < 250 ms of the answers on open
// connections; each slice starts once the server finished the last one's, and the first answer of
// each new connection is reported apart, see `slice`). Also each page alone
// (1 connection, p50). Then one landlord's views of the list and the overview as Chromium makes
// them, with what a page asks for by itself once shown (bench/page-views.ts). The same landlords
// are also signed in through the demo's AVS system (the portal's AVS client against the service's
// AVS face, issue 36): `/aufenthalte (AVS)` and `/uebersicht (AVS)` run in the same slices beside
// the pages over the Meldeschein API, so both protocols see the same load. Run alone:
// `npx tsx bench/portal-pages.ts` (BENCH_TARGETS, BENCH_DURATION as in bench/run.ts;
// BENCH_PROFILE=dir writes the server's CPU profile there).
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { openDb } from '../lib/db';
import { seedDemoIfEmpty } from '../lib/service/provisioning/demo';
import { createBeherberger, createObjekt, createUser } from '../lib/service/provisioning';
import { env } from '../lib/env';
import { signInCookies } from '../e2e/support/server';
import { HEADERS } from './fixtures';
import { benchPageViews, type PageViewFigure } from './page-views';
import {
  cpuMsOfTree,
  embeddedTarget,
  idle,
  postgresTarget,
  settle,
  startServer,
  type Target,
} from './servers';

export interface PageFigure {
  call: string;
  rps: number;
  /** Of the answers on open connections (see `slice`). */
  p50: number;
  p99: number;
  /** The slowest first answer of a new connection (it waited for the server to accept it). */
  firstMax: number;
  /** p50 with one connection (one landlord at a time). */
  aloneP50: number;
  /** The server's CPU time per answer (ms) at 20 landlords, and alone; null where unknown. */
  cpuMs: number | null;
  aloneCpuMs: number | null;
}

export interface PortalPagesResult {
  target: string;
  list: PageFigure;
  pages: PageFigure[];
  /** The machine's 1-minute load average before and after the measured slices. */
  load: [number, number];
  /** One landlord's page views as Chromium makes them; null without Chromium. */
  views: PageViewFigure[] | null;
}

const LANDLORDS = 20;
const STAYS = 30;
const SLICES = 3;
/** The pages whose views a browser makes (bench/page-views.ts). */
const VIEWED = ['/uebersicht', '/aufenthalte'];

interface Landlord {
  username: string;
  password: string;
  objekt: number;
  gemeinde: number;
  token: string;
  cookie: string;
  /** The same landlord signed in through the AVS face (the demo's AVS system); null without. */
  avsCookie: string | null;
}

/** The AVS system the server offers with the demo data (lib/portal/api/systems.ts). */
const AVS_SYSTEM = '2';

type Opts = Parameters<typeof autocannon>[0];
type AutocannonResult = Awaited<ReturnType<typeof autocannon>>;
type Expect = '2xx' | '3xx';

/** 20 landlords of the demo municipality Seeblick, each with one object and one account. */
export async function provision(target: Target): Promise<{ username: string; password: string }[]> {
  const handle = await openDb(
    target.databaseUrl ? { url: target.databaseUrl } : { dir: target.dataDir },
  );
  try {
    const db = handle.db;
    await seedDemoIfEmpty(db);
    const { gemeinden, tarifzonen } = await import('../lib/db/schema');
    const { eq } = await import('drizzle-orm');
    const [g] = await db
      .select({ id: gemeinden.id })
      .from(gemeinden)
      .where(eq(gemeinden.alias, 'Ostseebad Seeblick'));
    const [zone] = await db
      .select({ id: tarifzonen.id })
      .from(tarifzonen)
      .where(eq(tarifzonen.gemeindeId, g!.id));
    const out = [];
    for (let i = 1; i <= LANDLORDS; i++) {
      const n = String(i).padStart(2, '0');
      const b = await createBeherberger(db, {
        gemeinde: g!.id,
        alias: `Bench-Vermietung ${n}`,
        strasse: `Strandweg ${i}`,
        plz: '18999',
        ort: 'Seeblick',
      });
      await createObjekt(db, {
        beherberger: b,
        tarifzone: zone!.id,
        alias: `Bench-Wohnung ${n}`,
        anzahl_betten: 4,
        strasse: `Strandweg ${i}`,
        plz: '18999',
        ort: 'Seeblick',
        unterkunftsart: 'Ferienwohnung',
      });
      const username = `bench${n}`;
      const password = `bench-password-${n}`;
      await createUser(db, { username, alias: `Vermieter ${n}`, beherberger: [b] }, password);
      out.push({ username, password });
    }
    return out;
  } finally {
    await handle.close();
  }
}

interface Config {
  gemeinden: { id: number; tarife: { id: number; default_selected: boolean }[] }[];
  beherberger: { objekte: { id: number; tarifzone: { gemeinde: number } }[] }[];
}

function ymd(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** The landlord's JWT, 30 stays booked at the service, and a portal session of a real sign-in. */
export async function prepare(url: string, who: { username: string; password: string }) {
  const tokenRes = await fetch(`${url}/api/token/`, {
    method: 'POST',
    headers: HEADERS,
    body: JSON.stringify(who),
  });
  const { token } = (await tokenRes.json()) as { token: string };
  const auth = { ...HEADERS, authorization: `JWT ${token}` };
  const cfg = (await (
    await fetch(`${url}/api/users/get_current_user/`, { headers: auth })
  ).json()) as Config;
  const objekt = cfg.beherberger[0]!.objekte[0]!;
  const gemeinde = cfg.gemeinden.find((g) => g.id === objekt.tarifzone.gemeinde)!;
  const tarif = (gemeinde.tarife.find((t) => t.default_selected) ?? gemeinde.tarife[0]!).id;
  const today = Date.now();
  for (let i = 0; i < STAYS; i++) {
    // From today on, a few a week: the overview has arrivals, departures and guests in the house.
    const arrival = new Date(today + (i * 2 - 2) * 86_400_000);
    const departure = new Date(arrival.getTime() + 3 * 86_400_000);
    const res = await fetch(`${url}/api/import/meldeschein/buchen/`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        meta: { gemeinde: gemeinde.id, objekt: objekt.id },
        meldescheine: [
          {
            ms_type: 'ems',
            personen: [0, 1].map((p) => ({
              tarif_id: tarif,
              gast_type: 'person',
              arrival_date: ymd(arrival),
              departure_date: ymd(departure),
              Gast_Vorname: p ? 'Max' : 'Erika',
              Gast_Name: `Gast ${i}`,
              Gast_Geburtsdatum: '1985-03-09',
              Gast_Strasse: 'Lindenallee 5',
              Gast_Postleitzahl: '10115',
              Gast_Wohnort: 'Berlin',
              Gast_Land: 'DE',
            })),
          },
        ],
      }),
    });
    if (!res.ok) throw new Error(`booking for ${who.username}: ${res.status} ${await res.text()}`);
  }
  const cookie = await signInCookies(url, who.username, who.password);
  await refreshIndex(url, cookie);
  // The same stays through the portal's AVS client and the service's AVS face (issue 36); an
  // older build without it (an A/B baseline) has no such system.
  let avsCookie: string | null = null;
  try {
    avsCookie = await signInCookies(url, who.username, who.password, AVS_SYSTEM);
  } catch {
    avsCookie = null;
  }
  if (avsCookie) await refreshIndex(url, avsCookie);
  return { ...who, token, objekt: objekt.id, gemeinde: gemeinde.id, cookie, avsCookie };
}

/**
 * The stays list's "Status aktualisieren" as a browser without JavaScript sends it: the landlord's
 * stays into the portal's index, so the pages have rows to show.
 */
async function refreshIndex(url: string, cookie: string): Promise<void> {
  const page = await (await fetch(`${url}/aufenthalte`, { headers: { cookie } })).text();
  const action = /name="(\$ACTION_ID_[0-9a-f]+)"\/><input type="hidden" name="back"/.exec(
    page,
  )?.[1];
  if (!action) throw new Error('no refresh action on /aufenthalte');
  const form = new FormData();
  form.set(action, '');
  form.set('back', '/aufenthalte');
  const res = await fetch(`${url}/aufenthalte`, {
    method: 'POST',
    redirect: 'manual',
    // As a browser posts from the page itself (lib/portal/cross-site.ts refuses anything else).
    headers: { cookie, origin: url, 'sec-fetch-site': 'same-origin' },
    body: form,
  });
  if (res.status !== 303 && res.status !== 307)
    throw new Error(`refresh answered ${res.status}, not a redirect`);
}

/**
 * Answers in `seconds` at `connections`; `bad` counts errors and answers of another class; `cpu`
 * the server's CPU time meanwhile (ms; null where /proc is missing). `p50` and `p99` are those of
 * the answers on open connections; each connection's first answer also waited for the server to
 * accept the connection, and is apart (`firstMax`). autocannon opens all its connections at
 * once, and since libuv 1.46 (Node 20) a server accepts one connection per turn of its loop, so
 * on a busy server the 20th new connection waits for 19 turns of the others' work. Measured on
 * the embedded database: those 20 first answers of a page slice took 150-420 ms while no answer
 * took over 100 ms at the server, and as 20 of ~800 answers they were the slice's p99.
 */
async function slice(
  opts: Opts,
  seconds: number,
  connections: number,
  expect: Expect,
  pid: number,
) {
  const before = cpuMsOfTree(pid);
  const open: number[] = [];
  const firsts: number[] = [];
  const seen = new Set<object>();
  const r = await new Promise<AutocannonResult>((resolve, reject) => {
    const run = autocannon(
      { ...opts, connections, duration: seconds, timeout: 30 },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    run.on('response', (client, status, _bytes, ms) => {
      if (`${Math.floor(status / 100)}xx` !== expect) return;
      if (seen.has(client)) open.push(ms);
      else firsts.push(ms);
      seen.add(client);
    });
  });
  await idle(pid); // what it left in flight counts here, and does not hold up the next slice
  const after = cpuMsOfTree(pid);
  const good = r[expect];
  const bad = r['1xx'] + r['2xx'] + r['3xx'] + r['4xx'] + r['5xx'] - good + r.errors;
  const cpu = before === null || after === null ? null : after - before;
  open.sort((a, b) => a - b);
  return {
    count: good,
    bad,
    p50: percentile(open, 0.5),
    p99: percentile(open, 0.99),
    firstMax: Math.round(Math.max(0, ...firsts)),
    cpu,
  };
}

/** The value at or below which the share `p` of the sorted values lies (ms, whole). */
function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return Math.round(sorted[Math.min(sorted.length, Math.ceil(p * sorted.length)) - 1]!);
}

/** Every request with the next landlord's headers: round robin over the 20. */
function roundRobin(
  url: string,
  path: string,
  landlords: Landlord[],
  perLandlord: (l: Landlord) => RawCall,
): Opts {
  const calls = landlords.map(perLandlord);
  let next = 0;
  const first = calls[0]!;
  return {
    url: `${url}${path}`,
    requests: [
      {
        method: first.method,
        path,
        setupRequest: (req) => {
          const call = calls[next++ % calls.length]!;
          return { ...req, method: call.method, headers: call.headers, body: call.body };
        },
      },
    ],
  };
}

interface RawCall {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

/** The calls of one server: list/ and the three pages, round robin over its landlords. */
function callsOf(url: string, landlords: Landlord[]) {
  const page = (path: string) =>
    roundRobin(url, path, landlords, (l) => ({ method: 'GET', headers: { cookie: l.cookie } }));
  const avsPage = (path: string) =>
    roundRobin(url, path, landlords, (l) => ({
      method: 'GET',
      headers: { cookie: l.avsCookie! },
    }));
  // Each AVS page right after the same page over the Meldeschein API: the two see the same load.
  const withAvs = landlords.every((l) => l.avsCookie);
  const avs = (path: string) =>
    withAvs ? [{ call: `${path} (AVS)`, expect: '2xx' as Expect, opts: avsPage(path) }] : [];
  return [
    {
      call: 'list/',
      expect: '2xx' as Expect,
      opts: roundRobin(url, '/api/import/meldeschein/list/', landlords, (l) => ({
        method: 'POST',
        headers: { ...HEADERS, authorization: `JWT ${l.token}` },
        body: JSON.stringify({ meta: { gemeinde: l.gemeinde } }),
      })),
    },
    { call: '/aufenthalte', expect: '2xx' as Expect, opts: page('/aufenthalte') },
    ...avs('/aufenthalte'),
    { call: '/uebersicht', expect: '2xx' as Expect, opts: page('/uebersicht') },
    ...avs('/uebersicht'),
    { call: '/anmelden (signed in)', expect: '3xx' as Expect, opts: page('/anmelden') },
  ];
}

/**
 * Each landlord's pages show their own object (and the list their stays), no one else's. Returns
 * the size of each page's HTML (UTF-8 bytes, uncompressed) as the first landlord got it.
 */
async function checkOwnPages(url: string, landlords: Landlord[]): Promise<Record<string, number>> {
  const bytes: Record<string, number> = {};
  for (const l of landlords) {
    const own = `Bench-Wohnung ${l.username.slice('bench'.length)}`;
    const views = [
      ...['/aufenthalte', '/uebersicht'].map((path) => ({ path, key: path, cookie: l.cookie })),
      ...(l.avsCookie
        ? ['/aufenthalte', '/uebersicht'].map((path) => ({
            path,
            key: `${path} (AVS)`,
            cookie: l.avsCookie!,
          }))
        : []),
    ];
    for (const { path, key, cookie } of views) {
      const html = await (await fetch(`${url}${path}`, { headers: { cookie } })).text();
      bytes[key] ??= Buffer.byteLength(html);
      const others = html.match(/Bench-Wohnung \d\d/g)?.filter((x) => x !== own) ?? [];
      if (!html.includes(own) || others.length) throw new Error(`${key} of ${l.username}: not own`);
      if (path === '/aufenthalte' && !html.includes('Erika'))
        throw new Error(`${key} of ${l.username} lists no stays`);
    }
  }
  return bytes;
}

export interface PagesServer {
  /** `new`, or `base` for the older build of an A/B run. */
  label: string;
  url: string;
  pid: number;
  accounts: { username: string; password: string }[];
}

/**
 * The pages and list/ on running servers whose databases `provision` filled: every call of every
 * server in turn, `SLICES` times, so that all see the same machine load.
 */
export async function benchPortalPages(
  target: string,
  servers: PagesServer[],
  seconds: number,
): Promise<PortalPagesResult[]> {
  const runs = [];
  for (const s of servers) {
    const landlords: Landlord[] = [];
    for (const a of s.accounts) landlords.push(await prepare(s.url, a));
    const bytes = await checkOwnPages(s.url, landlords);
    const sizes = Object.entries(bytes).map(([path, n]) => `${path} ${(n / 1024).toFixed(1)} KB`);
    console.info(
      `[${target}${servers.length > 1 ? ` (${s.label})` : ''}] HTML: ${sizes.join(', ')}`,
    );
    runs.push({ label: s.label, pid: s.pid, calls: callsOf(s.url, landlords) });
  }
  for (const r of runs) {
    for (const c of r.calls) await slice(c.opts, 2, LANDLORDS, c.expect, r.pid); // warm-up
  }
  const part = seconds / SLICES;
  const sums = runs.map((r) =>
    r.calls.map(() => ({ count: 0, p50: 0, p99: 0, firstMax: 0, bad: 0, cpu: 0 as number | null })),
  );
  const loadBefore = Number(loadavg()[0]!.toFixed(2));
  for (let i = 0; i < SLICES; i++) {
    for (const [k, r] of runs.entries()) {
      for (const [j, c] of r.calls.entries()) {
        const x = await slice(c.opts, part, LANDLORDS, c.expect, r.pid);
        const sum = sums[k]![j]!;
        sum.cpu = sum.cpu === null || x.cpu === null ? null : sum.cpu + x.cpu;
        sum.count += x.count;
        sum.bad += x.bad;
        sum.p50 = Math.max(sum.p50, x.p50);
        sum.p99 = Math.max(sum.p99, x.p99);
        sum.firstMax = Math.max(sum.firstMax, x.firstMax);
      }
    }
  }
  const alone = runs.map(() => [] as { p50: number; cpuMs: number | null }[]);
  for (const [k, r] of runs.entries()) {
    for (const c of r.calls) {
      const x = await slice(c.opts, Math.max(2, part), 1, c.expect, r.pid);
      alone[k]!.push({ p50: x.p50, cpuMs: perAnswer(x.cpu, x.count) });
    }
  }
  const loadAfter = Number(loadavg()[0]!.toFixed(2));
  const views = [];
  for (const s of servers) views.push(await benchPageViews(s.url, s.pid, s.accounts[0]!, VIEWED));
  const out: PortalPagesResult[] = [];
  for (const [k, r] of runs.entries()) {
    const bad = sums[k]!.reduce((n, s) => n + s.bad, 0);
    if (bad)
      throw new Error(`${target} ${r.label}: ${bad} calls failed or answered another status class`);
    const figures = r.calls.map((c, j) => ({
      call: c.call,
      rps: Math.round(sums[k]![j]!.count / (part * SLICES)),
      p50: sums[k]![j]!.p50,
      p99: sums[k]![j]!.p99,
      firstMax: sums[k]![j]!.firstMax,
      aloneP50: alone[k]![j]!.p50,
      cpuMs: perAnswer(sums[k]![j]!.cpu, sums[k]![j]!.count),
      aloneCpuMs: alone[k]![j]!.cpuMs,
    }));
    const [list, ...pages] = figures;
    for (const f of figures) {
      console.info(
        `  ${r.label} ${f.call.padEnd(22)} ${f.rps} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms (new connection ${f.firstMax} ms), ratio ${(f.rps / list!.rps).toFixed(2)}, CPU ${f.cpuMs} ms/answer; alone p50 ${f.aloneP50} ms, CPU ${f.aloneCpuMs} ms/answer`,
      );
    }
    const name = servers.length > 1 ? `${target} (${r.label})` : target;
    for (const v of views[k] ?? []) {
      console.info(
        `  ${r.label} ${`view of ${v.path}`.padEnd(22)} CPU ${v.cpuMs} ms, requests ${JSON.stringify(v.requests)}`,
      );
    }
    out.push({
      target: name,
      list: list!,
      pages,
      load: [loadBefore, loadAfter],
      views: views[k] ?? null,
    });
  }
  return out;
}

/** Milliseconds of CPU per answer, to a tenth. */
function perAnswer(cpu: number | null, count: number): number | null {
  return cpu === null || !count ? null : Math.round((cpu / count) * 10) / 10;
}

export function printPortalPages(results: PortalPagesResult[]): void {
  if (!results.length) return;
  console.info(
    `\n| database | call (${LANDLORDS} landlords) | req/s | p50 ms | p99 ms (goal < 250) | new connection, max ms | ratio to list/ (goal >= 0.25) | CPU ms/answer | alone p50 ms | alone CPU ms | load |`,
  );
  console.info('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const r of results) {
    for (const f of [r.list, ...r.pages]) {
      console.info(
        `| ${r.target} | ${f.call} | ${f.rps} | ${f.p50} | ${f.p99} | ${f.firstMax} | ${(f.rps / r.list.rps).toFixed(2)} | ${f.cpuMs ?? '–'} | ${f.aloneP50} | ${f.aloneCpuMs ?? '–'} | ${r.load.join(' / ')} |`,
      );
    }
  }
  if (!results.some((r) => r.views)) return;
  console.info(
    '\n| database | a landlord views (Chromium) | server CPU ms per view | requests per view |',
  );
  console.info('|---|---|---:|---|');
  for (const r of results) {
    for (const v of r.views ?? []) {
      const requests = Object.entries(v.requests).map(([kind, n]) => `${kind} ${n}`);
      console.info(`| ${r.target} | ${v.path} | ${v.cpuMs ?? '–'} | ${requests.join(', ')} |`);
    }
  }
}

async function newTarget(name: string): Promise<Target> {
  return name === 'postgres' ? postgresTarget() : embeddedTarget();
}

/**
 * Fresh databases of the kind `name` with the 20 landlords, the server on each, the bench. With
 * `baseRoot` (another checkout with its own build), its server runs beside this one (A/B).
 */
export async function runPortalPages(
  name: string,
  port: number,
  seconds: number,
  opts: { nodeArgs?: string[]; baseRoot?: string } = {},
): Promise<PortalPagesResult[]> {
  const kinds = opts.baseRoot ? ['new', 'base'] : ['new'];
  const targets: Target[] = [];
  const running: { stop(): Promise<void> }[] = [];
  try {
    const servers: PagesServer[] = [];
    for (const [i, label] of kinds.entries()) {
      const target = await newTarget(name);
      targets.push(target);
      const accounts = await provision(target);
      await settle(target);
      const server = await startServer(
        target,
        port + i,
        false,
        // The mail and calendar jobs' minute rounds would land in some browser views' CPU time.
        { MAIL_INTERVAL_SECONDS: '3600', CALENDAR_TICK_SECONDS: '3600' },
        {
          nodeArgs: opts.nodeArgs,
          root: label === 'base' ? opts.baseRoot : undefined,
        },
      );
      running.push(server);
      servers.push({ label, url: server.url, pid: server.pid, accounts });
    }
    console.info(`[${name}] portal pages, ${LANDLORDS} landlords at once (${kinds.join(' / ')})`);
    return await benchPortalPages(name, servers, seconds);
  } finally {
    for (const s of running) await s.stop();
    for (const t of targets) await t.dispose();
  }
}

async function main(): Promise<void> {
  const { BENCH_DURATION: seconds = 9, BENCH_TARGETS, BENCH_PROFILE: profile } = env();
  const port = env().BENCH_PORT ?? 3900 + (process.pid % 50);
  const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const baseRoot = env().BENCH_BASELINE;
  const results: PortalPagesResult[] = [];
  for (const name of BENCH_TARGETS) {
    results.push(...(await runPortalPages(name, port, seconds, { nodeArgs, baseRoot })));
  }
  printPortalPages(results);
}

if (process.argv[1]?.endsWith('portal-pages.ts')) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
