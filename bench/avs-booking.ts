// The AVS face's booking beside the JSON booking (issue 36: a SOAP booking costs at most 1.25x a
// JSON booking): the same form (two guests in the demo flat next July) booked as `buchen/` and as
// `bucheMeldeschein` against one server, in alternating slices so both see the same machine load,
// and compared by the CPU time per booking of the server and its PostgreSQL backends (throughput
// on this shared machine says more about the neighbours). Every SOAP booking has its own booking
// number; a slice counts only answers that booked (10001). Run alone: `npx tsx bench/avs-booking.ts`
// (BENCH_TARGETS, BENCH_DURATION: seconds per kind, 12 by default, in 4 slices; BENCH_PORT;
// BENCH_PROFILE=dir writes the server's CPU profile there).
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { env } from '../lib/env';
import { writeRequest } from '../lib/wire/avs';
import { postgresCpuMs, postgresDelta } from './booking-ab';
import { bookingBody, guest, HEADERS, login, metaOf } from './fixtures';
import {
  cpuMsOfTree,
  embeddedTarget,
  idle,
  postgresTarget,
  settle,
  startServer,
  type Target,
} from './servers';

export interface AvsBookingResult {
  target: string;
  /** CPU µs per booking: the server's process and the PostgreSQL backends (0 embedded). */
  cpu: { json: { server: number; postgres: number }; soap: { server: number; postgres: number } };
  rps: { json: number; soap: number };
  load: [number, number];
}

const CLIENTS = 10;
const SLICES = 4;
const load1 = () => Number(loadavg()[0]!.toFixed(2));

/** The bench's booking as AVS's bucheMeldeschein: the first guest travels, the second with her. */
function soapBody(m: Awaited<ReturnType<typeof metaOf>>, n: number | string): string {
  const erika = guest(m.erw, 'Erika');
  const max = guest(m.kind, 'Max');
  const [strasse, hausnummer] = ['Lindenallee', '5'];
  return writeRequest('bucheMeldeschein', {
    identifikation: {
      erzeugung: erika.arrival_date,
      schnittstelle: 'demo',
      kurverwaltung: String(m.meta.gemeinde),
      verarbeitung: 'BUCHEN',
    },
    meldeschein: {
      buchungsnummer: `bench-${process.pid}-${n}`,
      objektid: m.meta.objekt,
      anreise: erika.arrival_date,
      abreise: erika.departure_date,
      kategorieid: m.erw,
      name: erika.Gast_Name,
      vorname: erika.Gast_Vorname,
      strasse,
      hausnummer,
      plz: erika.Gast_Postleitzahl,
      ort: erika.Gast_Wohnort,
      landid: 1,
      geburtsdatum: erika.Gast_Geburtsdatum,
      begleitperson: [
        {
          name: max.Gast_Name,
          vorname: max.Gast_Vorname,
          geburtsdatum: max.Gast_Geburtsdatum,
          kategorieid: m.kind,
        },
      ],
    },
  });
}

type Opts = Parameters<typeof autocannon>[0];

async function slice(opts: Opts, seconds: number, booked: (body: string) => boolean) {
  let count = 0;
  let bad = 0;
  await autocannon({
    ...opts,
    connections: CLIENTS,
    duration: seconds,
    timeout: 30,
    requests: [
      {
        ...(opts.requests?.[0] ?? {}),
        onResponse: (status: number, body: string) => {
          if (status === 200 && booked(body)) count++;
          else bad++;
        },
      },
    ],
  });
  return { count, bad };
}

export async function benchAvsBooking(
  target: Target,
  port: number,
  seconds: number,
  nodeArgs: string[] = [],
): Promise<AvsBookingResult> {
  const server = await startServer(target, port, false, {}, { nodeArgs });
  try {
    const token = await login(server.url);
    const m = await metaOf(server.url, token);
    let n = 0;
    // Each request's own booking number put into one written request: writing the whole request
    // per call cost the client ~40 µs more per SOAP booking than per JSON booking, and a slower
    // client on these two cores lowered the SOAP slices' rate and so raised the server's CPU per
    // booking (fewer requests per wake-up), which is the client's cost, not the face's.
    const [head, tail] = soapBody(m, '\u0000').split('\u0000') as [string, string];
    const kinds = {
      json: {
        opts: {
          url: `${server.url}/api/import/meldeschein/buchen/`,
          method: 'POST',
          headers: { ...HEADERS, authorization: `JWT ${token}` },
          body: bookingBody(m),
        } as Opts,
        booked: (body: string) => body.includes('"status":"success"'),
      },
      soap: {
        opts: {
          url: `${server.url}/avs/JMeldescheinWebservices`,
          method: 'POST',
          headers: {
            'content-type': 'text/xml; charset=utf-8',
            'user-agent': HEADERS['user-agent'],
            soapaction: '"urn:oracle:bucheMeldeschein"',
            authorization: `Basic ${Buffer.from('demo:demo').toString('base64')}`,
          },
          requests: [{ setupRequest: (req) => ({ ...req, body: `${head}${++n}${tail}` }) }],
        } as Opts,
        booked: (body: string) => body.includes('<code>10001</code>'),
      },
    } as const;
    for (const k of Object.values(kinds)) await slice(k.opts, 3, k.booked); // warm-up
    await settle(target);
    const start = load1();
    const database = target.databaseUrl ? new URL(target.databaseUrl).pathname.slice(1) : undefined;
    const totals = { json: { count: 0, server: 0, pg: 0 }, soap: { count: 0, server: 0, pg: 0 } };
    for (let s = 0; s < SLICES; s++) {
      for (const kind of s % 2 ? (['soap', 'json'] as const) : (['json', 'soap'] as const)) {
        const before = { server: cpuMsOfTree(server.pid) ?? 0, pg: postgresCpuMs(database) };
        const r = await slice(kinds[kind].opts, seconds / SLICES, kinds[kind].booked);
        await idle(server.pid);
        if (r.bad) throw new Error(`${target.name}: ${r.bad} ${kind} bookings failed`);
        const t = totals[kind];
        t.count += r.count;
        t.server += (cpuMsOfTree(server.pid) ?? 0) - before.server;
        t.pg += postgresDelta(before.pg, postgresCpuMs(database));
      }
    }
    const per = (ms: number, count: number) => Math.round((ms * 1000) / Math.max(1, count));
    const of = (k: 'json' | 'soap') => ({
      server: per(totals[k].server, totals[k].count),
      postgres: per(totals[k].pg, totals[k].count),
    });
    return {
      target: target.name,
      cpu: { json: of('json'), soap: of('soap') },
      rps: {
        json: Math.round(totals.json.count / seconds),
        soap: Math.round(totals.soap.count / seconds),
      },
      load: [start, load1()],
    };
  } finally {
    await server.stop();
  }
}

export function printAvsBooking(results: AvsBookingResult[]): void {
  console.info(
    '\nSOAP booking (bucheMeldeschein) beside the JSON booking (buchen/), CPU µs per booking',
  );
  console.info(
    'target     | kind | server | postgres | total | ratio | bookings/s | load start-end',
  );
  for (const r of results) {
    const total = (k: 'json' | 'soap') => r.cpu[k].server + r.cpu[k].postgres;
    for (const k of ['json', 'soap'] as const) {
      console.info(
        `${r.target.padEnd(10)} | ${k.padEnd(4)} | ${String(r.cpu[k].server).padStart(6)} | ${String(r.cpu[k].postgres).padStart(8)} | ${String(total(k)).padStart(5)} | ${(total(k) / total('json')).toFixed(2).padStart(5)} | ${String(r.rps[k]).padStart(10)} | ${r.load[0]}-${r.load[1]}`,
      );
    }
  }
}

async function main(): Promise<void> {
  const { BENCH_TARGETS, BENCH_DURATION, BENCH_PROFILE: profile } = env();
  const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const port = env().BENCH_PORT ?? 3900 + (process.pid % 50);
  const results: AvsBookingResult[] = [];
  for (const name of BENCH_TARGETS) {
    const target = name === 'postgres' ? await postgresTarget() : await embeddedTarget();
    try {
      results.push(await benchAvsBooking(target, port, BENCH_DURATION ?? 12, nodeArgs));
    } finally {
      await target.dispose();
    }
  }
  printAvsBooking(results);
}

if (process.argv[1]?.endsWith('avs-booking.ts')) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
