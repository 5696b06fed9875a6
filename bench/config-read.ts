// The configuration call beside list/ (issue 19): `users/get_current_user/` and `list/` of the demo
// landlord at 20 clients (20 landlords at once), alternating in slices so both see the same machine
// load; the ratio of their throughputs is the figure (goal >= 0.8). Also a conditional
// `get_current_user/` with the ETag of the last answer (304). Run alone:
// `npx tsx bench/config-read.ts` (BENCH_TARGETS, BENCH_DURATION as in bench/run.ts).
import autocannon from 'autocannon';
import { env } from '../lib/env';
import { HEADERS, login, metaOf } from './fixtures';
import { embeddedTarget, idle, postgresTarget, startServer, type Target } from './servers';

export interface ConfigReadResult {
  target: string;
  list: number;
  config: number;
  /** `get_current_user/` with a matching If-None-Match (304 answers). */
  unchanged: number;
  configP99: number;
  listP99: number;
}

const CLIENTS = 20;
const SLICES = 3;

type Opts = Parameters<typeof autocannon>[0];

/** Answers in `seconds`; `bad` counts errors and answers of another class than expected. */
async function slice(opts: Opts, seconds: number, pid: number, expect: '2xx' | '304' = '2xx') {
  const r = await autocannon({ ...opts, connections: CLIENTS, duration: seconds, timeout: 30 });
  await idle(pid); // the calls it left in flight do not hold up the next slice
  const count = r['2xx'] + r.non2xx;
  const other = expect === '2xx' ? r.non2xx : r['2xx'] + r['4xx'] + r['5xx'];
  return { count, bad: other + r.errors, p99: r.latency.p99 };
}

/** Throughput of list/ and get_current_user/ on a running server, alternating `SLICES` times. */
export async function benchConfigRead(
  target: string,
  { url, pid }: { url: string; pid: number },
  seconds: number,
): Promise<ConfigReadResult> {
  const token = await login(url);
  const m = await metaOf(url, token);
  const auth = { ...HEADERS, authorization: `JWT ${token}` };
  const list: Opts = {
    url: `${url}/api/import/meldeschein/list/`,
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ meta: { gemeinde: m.meta.gemeinde } }),
  };
  const config: Opts = { url: `${url}/api/users/get_current_user/`, headers: auth };
  const first = await fetch(config.url, { headers: auth });
  await first.arrayBuffer();
  const etag = first.headers.get('etag');
  // A server without the ETag extension (an older build, for an A/B run) skips the 304 slices.
  const unchanged: Opts | null = etag
    ? { ...config, headers: { ...auth, 'if-none-match': etag } }
    : null;
  for (const o of [list, config, unchanged]) if (o) await slice(o, 2, pid); // warm-up: JIT, pools
  const sums = { list: 0, config: 0, unchanged: 0, listP99: 0, configP99: 0, bad: 0 };
  const part = seconds / SLICES;
  for (let i = 0; i < SLICES; i++) {
    const l = await slice(list, part, pid);
    const c = await slice(config, part, pid);
    const u = unchanged ? await slice(unchanged, part, pid, '304') : { count: 0, bad: 0 };
    sums.list += l.count;
    sums.config += c.count;
    sums.unchanged += u.count;
    sums.listP99 = Math.max(sums.listP99, l.p99);
    sums.configP99 = Math.max(sums.configP99, c.p99);
    sums.bad += l.bad + c.bad + u.bad;
  }
  if (sums.bad)
    throw new Error(
      `${target}: ${sums.bad} list/ or get_current_user/ calls failed or were not 304 where expected`,
    );
  const perSecond = (n: number) => Math.round(n / (part * SLICES));
  const result = {
    target,
    list: perSecond(sums.list),
    config: perSecond(sums.config),
    unchanged: perSecond(sums.unchanged),
    listP99: sums.listP99,
    configP99: sums.configP99,
  };
  console.info(
    `  list/ ${result.list} req/s (p99 ${result.listP99} ms), get_current_user/ ${result.config} req/s (p99 ${result.configP99} ms), ratio ${(result.config / result.list).toFixed(2)}; unchanged (304) ${result.unchanged} req/s`,
  );
  return result;
}

export function printConfigRead(results: ConfigReadResult[]): void {
  if (!results.length) return;
  console.info(
    `\n| database | list/ req/s | p99 ms | get_current_user/ req/s | p99 ms | ratio (goal >= 0.8) | 304 req/s |`,
  );
  console.info('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    console.info(
      `| ${r.target} | ${r.list} | ${r.listP99} | ${r.config} | ${r.configP99} | ${(r.config / r.list).toFixed(2)} | ${r.unchanged} |`,
    );
  }
}

async function main(): Promise<void> {
  const { BENCH_DURATION: seconds = 9, BENCH_TARGETS } = env();
  const port = env().BENCH_PORT ?? 3900 + (process.pid % 50);
  const results: ConfigReadResult[] = [];
  for (const name of BENCH_TARGETS) {
    const target: Target = name === 'postgres' ? await postgresTarget() : await embeddedTarget();
    try {
      const server = await startServer(target, port);
      console.info(`[${target.name}] list/ and get_current_user/, ${CLIENTS} clients`);
      results.push(await benchConfigRead(target.name, server, seconds));
      await server.stop();
    } finally {
      await target.dispose();
    }
  }
  printConfigRead(results);
}

if (process.argv[1]?.endsWith('config-read.ts')) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
