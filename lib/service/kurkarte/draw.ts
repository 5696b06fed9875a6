// Where guest cards are drawn: on a worker thread, so that a large print does not hold up the
// server's other requests (docs/decisions/003, addendum 2). Where no worker can start, on this
// thread in slices as before.
import { availableParallelism } from 'node:os';
import path from 'node:path';
import Piscina from 'piscina';

import { describeError } from '../../log';
import { renderKurkarten, type KurkarteData } from './render';

// process.cwd(), as for the fonts: Next's bundles relocate modules, every entry runs from the root.
const WORKER = path.join(process.cwd(), 'lib', 'service', 'kurkarte', 'render-worker.mjs');

let pool: Promise<Piscina | null> | undefined;

/**
 * One worker per core but one (the main thread keeps a core for the requests), at least one. An
 * idle worker is kept a minute: each parses the fonts once when it starts (~60 ms).
 */
async function startPool(): Promise<Piscina | null> {
  const workers = new Piscina({
    filename: WORKER,
    minThreads: 0,
    maxThreads: Math.max(1, availableParallelism() - 1),
    idleTimeout: 60_000,
  });
  try {
    await workers.run(null, { name: 'ready' });
    return workers;
  } catch (err) {
    console.warn(
      'kurkarte: no worker thread, cards are drawn on the main thread',
      describeError(err),
    );
    await workers.destroy();
    return null;
  }
}

/** The PDF of these cards, as renderKurkarten draws it. */
export async function drawKurkarten(cards: KurkarteData[]): Promise<Uint8Array> {
  pool ??= startPool();
  const workers = await pool;
  return workers ? workers.run(cards) : renderKurkarten(cards);
}
