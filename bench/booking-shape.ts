// `npx tsx bench/booking-shape.ts`: what answering each booked form twice costs (flat, spec 4.2,
// and again under `meldeschein`, DECISIONS 2.10): bytes and serialization time of one `buchen/`
// answer of one form with two guests (the booking bench's body), JSON and XML, the two shapes
// measured alternately in one process so both see the same machine load. Figures:
// docs/performance.md.
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { openDb } from '../lib/db';
import { env } from '../lib/env';
import { createServiceHandler } from '../lib/service';
import { appListener, createHttpServer } from '../lib/service/node-http';
import { seedDemo } from '../lib/service/provisioning/demo';
import type { BookedForm, BuchenResponse } from '../lib/wire/meldeschein';
import { toXml } from '../lib/wire/xml';
import { bookingBody, HEADERS, login, metaOf } from './fixtures';

const ROUNDS = env().BENCH_ROUNDS;

/** One real `buchen/` answer of the bench's booking, from the service on an in-memory database. */
async function bookedAnswer(): Promise<BuchenResponse> {
  const handle = await openDb({ dir: null });
  await seedDemo(handle.db);
  const handler = createServiceHandler({ db: async () => handle.db });
  const server = createHttpServer(appListener(() => undefined, handler));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const token = await login(url);
    const res = await fetch(`${url}/api/import/meldeschein/buchen/`, {
      method: 'POST',
      headers: { ...HEADERS, authorization: `JWT ${token}` },
      body: bookingBody(await metaOf(url, token)),
    });
    return (await res.json()) as BuchenResponse;
  } finally {
    server.close();
    await handle.close();
  }
}

async function main(): Promise<void> {
  const booked = await bookedAnswer();
  const { meldeschein: form, ...entry } = booked.meldescheine[0]! as BookedForm;
  if (!form) throw new Error('the booking answer has no `meldeschein`');
  const answer = (e: object) => ({ ...booked, meldescheine: [e] });
  const flat = () => answer({ ...entry });
  const both = () => answer({ ...entry, meldeschein: form });

  function time(serialize: (v: unknown) => string, build: () => unknown): number {
    const start = performance.now();
    for (let i = 0; i < ROUNDS; i++) serialize(build());
    return ((performance.now() - start) * 1000) / ROUNDS;
  }

  for (const [name, serialize] of [
    ['JSON', JSON.stringify],
    ['XML', toXml],
  ] as const) {
    time(serialize, flat); // warm-up
    time(serialize, both);
    const runs = { flat: [] as number[], both: [] as number[] };
    for (let r = 0; r < 5; r++) {
      runs.flat.push(time(serialize, flat));
      runs.both.push(time(serialize, both));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[2]!;
    const bytes = (build: () => unknown) => Buffer.byteLength(serialize(build()));
    console.info(
      `${name}: flat ${bytes(flat)} B, ${median(runs.flat).toFixed(1)} µs; ` +
        `flat + meldeschein ${bytes(both)} B, ${median(runs.both).toFixed(1)} µs per answer`,
    );
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
