// Start-up of the service: open the database (migrations run on open), load the demo data into
// an empty embedded database unless SEED_DEMO=0, and on PostgreSQL listen for other instances'
// changes of who may book (bookers.ts). Runs once per process. The service's periodic jobs (the
// departure sweep, the retention sweep, the night rewrite) are in lib/jobs.ts with all others.
import { env } from '../env';
import { getDbHandle, type Db } from '../db';
import { seedDemoIfEmpty } from './provisioning/demo';
import { listenForBookersChanges } from './bookers';

const KEY = Symbol.for('meldeportal.service.ready');
type Holder = { [KEY]?: Promise<Db> };

export function serviceDb(): Promise<Db> {
  const g = globalThis as Holder;
  g[KEY] ??= start().catch((err: unknown) => {
    delete g[KEY];
    throw err;
  });
  return g[KEY];
}

/** The demo data is loaded into an empty embedded database unless SEED_DEMO=0 (or with SEED_DEMO=1). */
export function seedsDemo(driver: 'pglite' | 'pg'): boolean {
  const e = env();
  return e.SEED_DEMO ? e.SEED_DEMO === '1' : driver === 'pglite';
}

async function start(): Promise<Db> {
  const handle = await getDbHandle();
  if (seedsDemo(handle.driver) && (await seedDemoIfEmpty(handle.db))) {
    console.info(
      env().SEED_DEMO === '1'
        ? 'meldeportal: demo data loaded (accounts demo/demo, demo2/demo2, multi/multi, tanne/tanne)'
        : 'meldeportal: demo data loaded (accounts demo/demo, demo2/demo2, multi/multi, tanne/tanne; ' +
            'they sign in from this machine only, SEED_DEMO=1 opens them to others)',
    );
  }
  // On PostgreSQL: another instance's deactivation counts here at once (decision 032).
  listenForBookersChanges(handle);
  return handle.db;
}
