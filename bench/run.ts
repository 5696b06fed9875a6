// `npm run bench`: the booking against an earlier commit (bench/booking-vs.ts: 6953c93, the code
// before the office, unless BENCH_BASELINE or BENCH_BASELINE_COMMIT say otherwise; whole runs
// alternated on fresh databases, with the load beside each), booking throughput and latency (forms
// of 2 guests, 1/10/50 clients) beside the same server's `health/`, the booking against the bare limit (bench/anchor-server.ts) at 50
// clients in alternating slices with CPU per booking (bench/booking-ab.ts), the AVS face's SOAP
// booking beside the JSON booking by CPU per booking (bench/avs-booking.ts),
// `users/get_current_user/` beside `list/`, and reading 50 forms by id
// with a million forms stored, on the embedded database and on PostgreSQL, through the production
// server, get/ under a sign-in flood, the portal's pages beside list/ with 20 landlords signed in
// (bench/portal-pages.ts), a booking calendars' sync round beside get/ (bench/calendar.ts), and
// one round of automatic invitations over 5,000 planned stays (bench/invitations.ts), the
// office's figures and billing over a million forms on PostgreSQL (bench/office-figures.ts), and
// what the server holds after the office's big pages (bench/office-memory.ts, needs a build).
// Figures: docs/performance.md.
//
// Env: BENCH_TARGETS (embedded,postgres), BENCH_DURATION (s per run, 10), BENCH_FORMS (forms
// bulk-loaded for the read bench, 1000000; 0 skips it), BENCH_DATABASE_URL (server to create databases on).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { loadavg } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { env } from '../lib/env';
import { benchAvsBooking, printAvsBooking, type AvsBookingResult } from './avs-booking';
import { benchBookingAb, printBookingAb, type BookingAbResult } from './booking-ab';
import { baselineOf, benchBookingVs, printBookingVs, type VsResult } from './booking-vs';
import { benchCalendarSync, printCalendar, type CalendarResult } from './calendar';
import { benchColdStart } from './cold-start';
import { benchConfigRead, printConfigRead, type ConfigReadResult } from './config-read';
import { bookingBody, HEADERS, login, metaOf } from './fixtures';
import { benchFuzz } from './fuzz';
import { benchHealthDuringPrint, printHealthDuringPrint, type HealthDuringPrint } from './kurkarte';
import { bulkLoad } from './load';
import { printPortalPages, runPortalPages, type PortalPagesResult } from './portal-pages';
import { benchSignInFlood, printFlood, type FloodResult } from './sign-in-flood';
import {
  embeddedTarget,
  postgresTarget,
  serverEntry,
  settle,
  startServer,
  type Target,
} from './servers';

const { BENCH_DURATION: DURATION = 10, BENCH_FORMS: FORMS, BENCH_TARGETS: TARGETS } = env();
const CLIENTS = [1, 10, 50];
const PORT = env().BENCH_PORT ?? 3900 + (process.pid % 50);
/** health/ during a 2,000-card get-pdf, per database. */
const printing: HealthDuringPrint[] = [];
/** The AVS face's SOAP booking beside the JSON booking (issue 36), per database. */
const avsBookings: AvsBookingResult[] = [];
/** get_current_user/ beside list/ (issue 19), per database. */
const configReads: ConfigReadResult[] = [];
/** The booking against the bare limit in alternating slices (issue 19), per database. */
const bookingAb: BookingAbResult[] = [];
/** This code's booking against an earlier commit's, whole runs alternated (issue 38). */
const bookingVs: VsResult[] = [];
/** The portal's pages beside list/, 20 landlords at once (issue 19), per database. */
const portalPages: PortalPagesResult[] = [];

interface Row {
  target: string;
  call: string;
  clients: number;
  rps: number;
  p50: number;
  p99: number;
  bad: number;
  /** The machine's 1-minute load average right after the run (other processes share the cores). */
  load: number;
}

async function measure(
  target: string,
  call: string,
  clients: number,
  opts: Parameters<typeof autocannon>[0],
  duration = DURATION,
): Promise<Row> {
  const r = await autocannon({ ...opts, connections: clients, duration, timeout: 30 });
  const row = {
    target,
    call,
    clients,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    bad: r.non2xx + r.errors,
    load: Number(loadavg()[0]!.toFixed(2)),
  };
  console.info(
    `  ${call.padEnd(22)} ${String(clients).padStart(3)} clients: ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms${row.bad ? `, ${row.bad} failed` : ''}`,
  );
  return row;
}

async function benchTarget(target: Target): Promise<Row[]> {
  const out: Row[] = [];
  console.info(`\n[${target.name}] booking and health`);
  await settle(target);
  let server = await startServer(target, PORT);
  // Before the bookings, so list/ answers the demo landlord's empty list as in issue 19.
  configReads.push(await benchConfigRead(target.name, server, DURATION));
  const token = await login(server.url);
  const m = await metaOf(server.url, token);
  const auth = { ...HEADERS, authorization: `JWT ${token}` };
  const book = {
    url: `${server.url}/api/import/meldeschein/buchen/`,
    method: 'POST',
    headers: auth,
    body: bookingBody(m),
  };
  const health = { url: `${server.url}/api/health/`, headers: HEADERS };
  await autocannon({ ...book, connections: 10, duration: 3 }); // warm-up: JIT, pools, caches
  for (const c of CLIENTS) out.push(await measure(target.name, 'buchen (2 guests)', c, book));
  for (const c of CLIENTS) out.push(await measure(target.name, 'health', c, health, 5));
  printing.push(await benchHealthDuringPrint(target.name, server.url, auth, m.meta));
  await server.stop();
  console.info(`[${target.name}] buchen/ against the bare limit, alternating slices`);
  // Twice the run's duration per server (20 s by default), in 4 slices of at least 3 s.
  bookingAb.push(await benchBookingAb(target, PORT, Math.max(12, 2 * DURATION)));
  console.info(`[${target.name}] bucheMeldeschein (AVS face) beside buchen/, alternating slices`);
  avsBookings.push(await benchAvsBooking(target, PORT, Math.max(12, DURATION)));
  if (!FORMS) return out; // BENCH_FORMS=0: booking only

  console.info(`[${target.name}] loading ${FORMS} forms of 2 guests …`);
  const loaded = await bulkLoad(target, FORMS);
  console.info(
    `  loaded in ${loaded.seconds.toFixed(0)} s; ${loaded.visibleIds.length} visible to demo`,
  );
  await settle(target);
  server = await startServer(target, PORT);
  const ids = loaded.visibleIds;
  const pick = () => Array.from({ length: 50 }, () => ids[Math.floor(Math.random() * ids.length)]!);
  const get = {
    url: `${server.url}/api/import/meldeschein/get/`,
    method: 'POST',
    headers: auth,
    requests: [
      {
        method: 'POST',
        path: '/api/import/meldeschein/get/',
        headers: auth,
        setupRequest: (req: { body?: string }) => ({
          ...req,
          body: JSON.stringify({ meta: m.meta, meldescheine: pick() }),
        }),
      },
    ],
  };
  await autocannon({ ...get, connections: 10, duration: 3 });
  for (const c of CLIENTS)
    out.push(await measure(target.name, `get 50 of ${FORMS / 1e6}M`, c, get));
  await server.stop();
  return out;
}

function printTable(rows: Row[]): void {
  console.info('\n| database | call | clients | req/s | p50 ms | p99 ms | failed | load after |');
  console.info('|---|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.info(
      `| ${r.target} | ${r.call} | ${r.clients} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.bad} | ${r.load} |`,
    );
  }
}

async function main(): Promise<void> {
  console.info(
    `meldeportal bench: ${serverEntry().label}, ${DURATION} s per run, node ${process.version}`,
  );
  const rows: Row[] = [];
  const floods: FloodResult[] = [];
  const calendars: CalendarResult[] = [];
  // First, while nothing of the bench has warmed the machine: the booking against the earlier code.
  const baseline = baselineOf();
  for (const name of TARGETS) {
    console.info(`\n[${name}] buchen/ against ${baseline.label}, whole runs alternated`);
    const e = env();
    bookingVs.push(
      await benchBookingVs(name, PORT, baseline, {
        pairs: e.BENCH_AB_PAIRS,
        rounds: e.BENCH_AB_ROUNDS,
        seconds: e.BENCH_AB_SECONDS,
        warmup: e.BENCH_AB_WARMUP,
      }),
    );
  }
  for (const name of TARGETS) {
    const target = name === 'postgres' ? await postgresTarget() : await embeddedTarget();
    try {
      rows.push(...(await benchTarget(target)));
      console.info(`[${target.name}] sign-in flood`);
      floods.push(await benchSignInFlood(target, PORT, DURATION));
    } finally {
      await target.dispose();
    }
    // Fresh databases with 20 landlords of their own (bench/portal-pages.ts).
    portalPages.push(...(await runPortalPages(name, PORT, DURATION)));
    // A fresh database: the round's feeds are written before its server starts.
    const fresh = name === 'postgres' ? await postgresTarget() : await embeddedTarget();
    try {
      console.info(`[${fresh.name}] booking calendars`);
      calendars.push(await benchCalendarSync(fresh, PORT));
    } finally {
      await fresh.dispose();
    }
  }
  printBookingVs(bookingVs);
  printTable(rows);
  printBookingAb(bookingAb);
  printAvsBooking(avsBookings);
  printConfigRead(configReads);
  printPortalPages(portalPages);
  printFlood(floods);
  printHealthDuringPrint(printing);
  printCalendar(calendars);
  console.info(await invitationRounds());
  if (TARGETS.includes('postgres')) {
    console.info(await officeBench('office-figures.ts', 'office figures, 1,000,000 forms'));
    console.info(await officeBench('office-memory.ts', 'office memory, 200,000 forms'));
  }
  // The guest-card renderer's bench lives beside this one when that work has landed.
  const kurkarte = path.join(__dirname, 'kurkarte.ts');
  if (existsSync(kurkarte)) {
    const mod = (await import(kurkarte)) as { benchKurkarte?: () => Promise<unknown> };
    if (mod.benchKurkarte) {
      console.info('\nguest-card PDF');
      const result = await mod.benchKurkarte();
      if (result !== undefined) console.info(result);
    }
  }
}

/**
 * bench/invitations.ts in a process of its own: the mail job's modules are `server-only`, which
 * loads only under the react-server condition (as `npm run job:mail` runs them).
 */
async function invitationRounds(): Promise<string> {
  console.info('\n[invitations] 5,000 planned stays, one round …');
  const tsx = path.resolve(__dirname, '..', 'node_modules', '.bin', 'tsx');
  const script = path.join(__dirname, 'invitations.ts');
  try {
    const { stdout } = await promisify(execFile)(tsx, ['--conditions=react-server', script], {
      maxBuffer: 16 * 1024 * 1024,
    });
    return stdout.trimEnd();
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    return `automatic invitations: the bench failed\n${e.stdout ?? ''}${e.stderr ?? ''}`;
  }
}

/**
 * An office bench in a process of its own, on PostgreSQL: bench/office-figures.ts (a million forms,
 * issue 32) and bench/office-memory.ts (what the server holds after the big pages, issue 38).
 */
async function officeBench(script: string, what: string): Promise<string> {
  console.info(`\n[${what}] …`);
  const tsx = path.resolve(__dirname, '..', 'node_modules', '.bin', 'tsx');
  try {
    const { stdout } = await promisify(execFile)(tsx, [path.join(__dirname, script)], {
      maxBuffer: 16 * 1024 * 1024,
    });
    return stdout.trimEnd();
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    return `${what}: the bench failed\n${e.stdout ?? ''}${e.stderr ?? ''}`;
  }
}

main()
  .then(async () => console.info(`\n${await benchColdStart()}`))
  .then(() => console.info(`\n${benchFuzz()}`))
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
