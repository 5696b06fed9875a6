// Sign-in flood (issue 8): authenticated `get/` latency while 32 connections keep sending sign-ins
// with made-up names, each from a different forwarded address (as a botnet behind a trusted proxy
// would look), so neither the account nor the address budget stops them: only the bound on
// concurrent password checks does. Goal: p50 under flood below 5x the quiet p50.
import { randomBytes } from 'node:crypto';
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
    const get = {
      url: `${server.url}/api/import/meldeschein/get/`,
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ meta: m.meta, meldescheine: meldescheine.map((f) => f.id) }),
      connections: 4,
      duration: seconds,
    };
    await autocannon({ ...get, duration: 2 }); // warm-up
    const quiet = await autocannon(get);
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
    const loaded = await autocannon(get);
    const floodResult = await flood;
    return {
      target: target.name,
      quietP50: quiet.latency.p50,
      floodP50: loaded.latency.p50,
      floodP99: loaded.latency.p99,
      floodAnswered: loaded['2xx'],
      signIns: {
        checked: floodResult['4xx'] ?? 0,
        refused: floodResult['5xx'] ?? 0,
      },
    };
  } finally {
    await server.stop();
  }
}

export function printFlood(results: FloodResult[]): void {
  console.info(
    `\nsign-in flood: ${FLOODERS} connections of bogus sign-ins, authenticated get/ (4 clients)`,
  );
  console.info(
    '| database | quiet p50 ms | flood p50 ms | flood p99 ms | get/ answered | ratio (goal < 5) |',
  );
  console.info('|---|---:|---:|---:|---:|---:|');
  for (const r of results) {
    const ratio = r.floodAnswered ? (r.floodP50 / Math.max(r.quietP50, 0.5)).toFixed(1) : 'starved';
    console.info(
      `| ${r.target} | ${r.quietP50} | ${r.floodP50} | ${r.floodP99} | ${r.floodAnswered} | ${ratio} |`,
    );
  }
}
