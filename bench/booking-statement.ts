// The booking statement alone on PostgreSQL (issue 38): where PostgreSQL's part of a booking goes.
// On a fresh database migrated by this code, one connection per variant of the prepared booking
// statement books forms of two guests back to back, the variants alternated in blocks; per
// variant it prints the backend's CPU per booking (/proc/<pid>/schedstat, nanoseconds), the WAL
// bytes and rows written per booking, and one EXPLAIN (ANALYZE, BUFFERS, WAL) after the blocks.
// No server, no HTTP: what the statement costs the database, nothing else. Must run on the
// database's machine (it reads the backends' /proc).
//
// `npx tsx bench/booking-statement.ts`. BENCH_STATEMENT_BLOCKS (6) blocks of
// BENCH_STATEMENT_BOOKINGS (1,000) bookings per variant; BENCH_DATABASE_URL as for the other
// benches. Variants: `booking` (the statement as the service runs it) and, where the statement
// still writes the month figures' log in a CTE `l` (the code before migration
// figures_read_from_the_guests), `without figures`: the same statement without it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from 'pg';
import { childEnv, env } from '../lib/env';
import { bookingStatement } from '../lib/service/meldescheine/book';
import type { Statement } from '../lib/service/meldescheine/prepared';
import { postgresTarget } from './servers';

export interface Variant {
  name: string;
  text: string;
  /** How many of the statement's parameters the variant's text uses ($1 … $n). */
  params: number;
}

function paramsOf(text: string): number {
  return Math.max(0, ...[...text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
}

/** The variants measured: the statement as booked, and without the given CTE names. */
export function variants(statement: Statement): Variant[] {
  const out: Variant[] = [
    { name: 'booking', text: statement.text, params: paramsOf(statement.text) },
  ];
  // The figures' part: the CTE `l` from its name to the final select (it is the last CTE).
  const without = statement.text.replace(/,\s*"?l"? as \([\s\S]*?\n\s*\)\s*(?=select )/, ' ');
  if (without !== statement.text)
    out.push({ name: 'without figures', text: without, params: paramsOf(without) });
  return out;
}

function cpuNs(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
}

interface Conn {
  variant: Variant;
  client: pg.Client;
  pid: number;
  cpu: number;
  wal: number;
  rows: number;
  bookings: number;
  wall: number;
}

let counter = 0;
function values(statement: Statement): unknown[] {
  const n = ++counter;
  const nummer = `B-${n}`;
  const day = 1 + (n % 27);
  const arrival = `2026-07-${String(day).padStart(2, '0')}`;
  const departure = `2026-07-${String(day + 2).padStart(2, '0')}`;
  const forms = [
    {
      idx: 0,
      nummer,
      state: 'draft',
      input_id: null,
      arrival_date: arrival,
      departure_date: departure,
      kurtaxe: 1200,
      prechecks: [],
      buchungsnummer: null,
      kept: null,
      manual: null,
    },
  ];
  const guest = (position: number, tarif: number) => ({
    nummer,
    position,
    tarif_id: tarif,
    gast_type: 'erwachsener',
    anzahl: 1,
    arrival_date: arrival,
    departure_date: departure,
    kurtaxe: 600,
    fields: { Gast_Vorname: `Erika ${n}`, Gast_Nachname: 'Muster', Gast_Land: 'DE' },
    country: 'DE',
  });
  const byName: Record<string, unknown> = {
    gemeinde: 1,
    objekt: 1,
    beherberger: 1,
    user: 1,
    forms: JSON.stringify(forms),
    guests: JSON.stringify([guest(0, 1), guest(1, 2)]),
    claim: '',
  };
  return statement.slots.map((s) => ('placeholder' in s ? byName[s.placeholder] : s.value));
}

async function walLsn(c: pg.Client): Promise<bigint> {
  const { rows } = await c.query<{ b: string }>(
    "select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::bigint::text as b",
  );
  return BigInt(rows[0]!.b);
}

async function insertedRows(c: pg.Client): Promise<number> {
  const { rows } = await c.query<{ n: string }>(
    "select coalesce(sum(n_tup_ins), 0)::text as n from pg_stat_user_tables where schemaname = 'public'",
  );
  return Number(rows[0]!.n);
}

async function main(): Promise<void> {
  const { BENCH_STATEMENT_BLOCKS: BLOCKS, BENCH_STATEMENT_BOOKINGS: PER_BLOCK } = env();
  const target = await postgresTarget();
  try {
    execFileSync('npx', ['tsx', 'scripts/migrate.ts'], {
      env: childEnv({ DATABASE_URL: target.databaseUrl, DATA_DIR: target.dataDir }),
      stdio: 'inherit',
    });
    const statement = bookingStatement(false);
    const conns: Conn[] = [];
    for (const variant of variants(statement)) {
      const client = new pg.Client({ connectionString: target.databaseUrl });
      await client.connect();
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      conns.push({
        variant,
        client,
        pid: rows[0]!.pid,
        cpu: 0,
        wal: 0,
        rows: 0,
        bookings: 0,
        wall: 0,
      });
    }
    const stats = new pg.Client({ connectionString: target.databaseUrl });
    await stats.connect();
    const book = (c: Conn) =>
      c.client.query({
        name: `v${conns.indexOf(c)}`,
        text: c.variant.text,
        values: values(statement).slice(0, c.variant.params),
      });
    // Warm-up: each connection prepares its statement and books a block not counted.
    for (const c of conns) for (let i = 0; i < PER_BLOCK; i++) await book(c);
    console.log(`load before ${loadavg()[0]!.toFixed(2)}`);
    for (let b = 0; b < BLOCKS; b++) {
      for (const c of conns) {
        // The statistics of other backends arrive when they report; ours are read after a pause.
        await stats.query('select pg_stat_clear_snapshot()');
        const rows0 = await insertedRows(stats);
        const wal0 = await walLsn(stats);
        const cpu0 = cpuNs(c.pid);
        const t0 = performance.now();
        for (let i = 0; i < PER_BLOCK; i++) await book(c);
        c.wall += performance.now() - t0;
        c.cpu += cpuNs(c.pid) - cpu0;
        c.wal += Number((await walLsn(stats)) - wal0);
        await new Promise((r) => setTimeout(r, 600));
        await stats.query('select pg_stat_clear_snapshot()');
        c.rows += (await insertedRows(stats)) - rows0;
        c.bookings += PER_BLOCK;
      }
    }
    console.log(`load after ${loadavg()[0]!.toFixed(2)}`);
    for (const c of conns) {
      console.log(
        `${c.variant.name.padEnd(16)} CPU ${(c.cpu / c.bookings / 1000).toFixed(0)} µs/booking, ` +
          `wall ${((c.wall * 1000) / c.bookings).toFixed(0)} µs, WAL ${(c.wal / c.bookings).toFixed(0)} B, ` +
          `rows ${(c.rows / c.bookings).toFixed(2)} per booking`,
      );
    }
    for (const c of conns) {
      const params = values(statement).slice(0, c.variant.params);
      const { rows } = await c.client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers, wal, costs off) ${c.variant.text}`,
        params,
      );
      console.log(`\n--- ${c.variant.name}`);
      for (const r of rows) console.log(r['QUERY PLAN']);
    }
    for (const c of conns) await c.client.end();
    await stats.end();
  } catch (err) {
    console.error(err);
  } finally {
    await target.dispose();
  }
}

if (process.argv[1]?.endsWith('booking-statement.ts')) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
