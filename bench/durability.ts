// What durable commits cost on the embedded database (issue 8): bookings of two guests through
// the service handler, in-process, on a PGlite folder as it starts by default, once with fsync
// off (PGlite's own default) and once with commits flushed to the disk (DurableNodeFS). Run alone
// with `npx tsx bench/durability.ts`; figures in docs/decisions/008-embedded-durability.md.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDb, type DbHandle } from '../lib/db';
import { env } from '../lib/env';
import { createServiceHandler } from '../lib/service';
import { seedDemo } from '../lib/service/provisioning/demo';
import { guest, HEADERS } from './fixtures';

export interface DurabilityRow {
  mode: 'fsync off' | 'durable';
  fsync: string;
  clients: number;
  bookingsPerSecond: number;
  p50: number;
}

async function measure(handle: DbHandle, clients: number, seconds: number) {
  const demo = await seedDemo(handle.db);
  const handler = createServiceHandler({ db: async () => handle.db });
  const call = async (p: string, body: unknown, token?: string) => {
    const headers = new Headers(HEADERS);
    if (token) headers.set('authorization', `JWT ${token}`);
    const req = new Request(`http://bench.local/api/${p}`, {
      method: 'POST',
      headers,
      body: new TextEncoder().encode(JSON.stringify(body)),
    });
    return handler(req, { clientAddress: '127.0.0.1' });
  };
  const login = await call('token/', { username: 'demo', password: 'demo' });
  const { token } = (await login.json()) as { token: string };
  const meta = { gemeinde: demo.gemeinden.seeblick.id, objekt: demo.objekte.moeweA };
  const times: number[] = [];
  const end = performance.now() + seconds * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const body = {
          meta,
          meldescheine: [
            { ms_type: 'ems', personen: [guest(1, `Gast ${n}`), guest(1, `Gast ${n + 1}`)] },
          ],
        };
        n += 2;
        const res = await call('import/meldeschein/buchen/', body, token);
        if (res.status !== 200) throw new Error(`booking answered ${res.status}`);
        await res.arrayBuffer();
        times.push(performance.now() - t0);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { bookingsPerSecond: times.length / seconds, p50: times[times.length >> 1] ?? 0 };
}

export async function benchDurability(seconds = 5): Promise<DurabilityRow[]> {
  const rows: DurabilityRow[] = [];
  for (const durable of [false, true]) {
    for (const clients of [1, 10]) {
      const dir = mkdtempSync(path.join(tmpdir(), 'mp-durability-'));
      const handle = await openDb({ dir, durable });
      try {
        const setting = await handle.db.execute<{ setting: string }>(
          sql`select setting from pg_settings where name = 'fsync'`,
        );
        const fsync = (setting as unknown as { rows: { setting: string }[] }).rows[0]!.setting;
        const r = await measure(handle, clients, seconds);
        rows.push({ mode: durable ? 'durable' : 'fsync off', fsync, clients, ...r });
      } finally {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }
  return rows;
}

export function printDurability(rows: DurabilityRow[]): void {
  console.info('\nembedded database: bookings (2 guests) in-process, fsync off vs durable commits');
  console.table(
    rows.map((r) => ({
      mode: r.mode,
      'pg_settings.fsync': r.fsync,
      clients: r.clients,
      'bookings/s': Math.round(r.bookingsPerSecond),
      'p50 ms': Number(r.p50.toFixed(1)),
    })),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  void benchDurability(env().BENCH_DURATION ?? 5).then(printDurability);
}
