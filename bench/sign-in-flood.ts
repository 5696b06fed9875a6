// Sign-in flood (issue 8): authenticated `get/` latency while 32 connections keep sending sign-ins
// with made-up names, each from a different forwarded address (as a botnet behind a trusted proxy
// would look), so neither the account nor the address budget stops them: only the bound on
// concurrent password checks does. Goal: p50 under flood below 5x the quiet p50.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import autocannon from 'autocannon';
import { bookingBody, HEADERS, login, metaOf } from './fixtures';
import { startServer, type Target } from './servers';

export interface FloodResult {
  target: string;
  quietP50: number;
  floodP50: number;
  floodP99: number;
  /** get/ calls answered during the flood (none: the service starved). */
  floodAnswered: number;
  /** Sign-in answers during the flood: checked (401), and turned away (503/429) at once. */
  signIns: { checked: number; refused: number };
}

const FLOODERS = 32;

export async function benchSignInFlood(
  target: Target,
  port: number,
  seconds: number,
): Promise<FloodResult> {
  const server = await startServer(target, port);
  try {
    const token = await login(server.url);
    const m = await metaOf(server.url, token);
    const auth = { ...HEADERS, authorization: `JWT ${token}` };
    const booked = await fetch(`${server.url}/api/import/meldeschein/buchen/`, {
      method: 'POST',
      headers: auth,
      body: bookingBody(m),
    });
    const { meldescheine } = (await booked.json()) as { meldescheine: { id: number }[] };
    const get: GetCall = {
      url: `${server.url}/api/import/meldeschein/get/`,
      headers: auth,
      body: JSON.stringify({ meta: m.meta, meldescheine: meldescheine.map((f) => f.id) }),
    };
    await timeGets(get, 2); // warm-up
    const quiet = await timeGets(get, seconds);
    const flood = autocannon({
      url: `${server.url}/api/token/`,
      connections: FLOODERS,
      duration: seconds + 2,
      requests: [
        {
          method: 'POST',
          path: '/api/token/',
          setupRequest: (req) => ({
            ...req,
            headers: {
              ...HEADERS,
              'x-forwarded-for': `10.${randomBytes(3).join('.')}`,
            },
            body: JSON.stringify({
              username: `flood-${randomBytes(6).toString('hex')}`,
              password: 'guess',
            }),
          }),
        },
      ],
    });
    await new Promise((r) => setTimeout(r, 1000)); // let the flood reach its steady state
    const loaded = await timeGets(get, seconds);
    const floodResult = await flood;
    return {
      target: target.name,
      quietP50: percentile(quiet, 0.5),
      floodP50: percentile(loaded, 0.5),
      floodP99: percentile(loaded, 0.99),
      floodAnswered: loaded.length,
      signIns: {
        checked: floodResult['4xx'] ?? 0,
        refused: floodResult['5xx'] ?? 0,
      },
    };
  } finally {
    await server.stop();
  }
}

interface GetCall {
  url: string;
  headers: Record<string, string>;
  body: string;
}

const GET_CLIENTS = 4;

/**
 * Latencies in ms of the answered get/ calls, GET_CLIENTS at a time over kept-alive connections.
 * Timed here rather than by autocannon, which reports whole milliseconds: a quiet p50 below 1 ms
 * read as 0 or 1 and made the ratio meaningless.
 */
async function timeGets(call: GetCall, seconds: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: GET_CLIENTS });
  const headers = { ...call.headers, 'content-length': String(Buffer.byteLength(call.body)) };
  const samples: number[] = [];
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const t0 = performance.now();
      const req = http.request(call.url, { method: 'POST', headers, agent }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) samples.push(performance.now() - t0);
          resolve();
        });
      });
      req.on('error', reject);
      req.end(call.body);
    });
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: GET_CLIENTS }, async () => {
      while (performance.now() < end) await one();
    }),
  );
  agent.destroy();
  return samples;
}

function percentile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

export function printFlood(results: FloodResult[]): void {
  console.info(
    `\nsign-in flood: ${FLOODERS} connections of bogus sign-ins, authenticated get/ (${GET_CLIENTS} clients)`,
  );
  console.info(
    '| database | quiet p50 ms | flood p50 ms | flood p99 ms | get/ answered | sign-ins checked / refused | ratio (goal < 5) |',
  );
  console.info('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    const ratio = r.floodAnswered ? (r.floodP50 / r.quietP50).toFixed(1) : 'starved';
    const ms = (v: number) => v.toFixed(2);
    console.info(
      `| ${r.target} | ${ms(r.quietP50)} | ${ms(r.floodP50)} | ${ms(r.floodP99)} | ${r.floodAnswered} | ${r.signIns.checked} / ${r.signIns.refused} | ${ratio} |`,
    );
  }
}
