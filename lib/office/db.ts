// The office reads the service's own database in-process (docs/decisions/030). Its start-up runs
// once per process, after the service's: the first staff account from the environment, staff TOTP
// secrets stored before sealing sealed (docs/decisions/032). The office outbox's sender is one of
// the periodic jobs (lib/jobs.ts).
import type { Db } from '../db';
import { processWide } from '../process-wide';
import { serviceDb } from '../service/bootstrap';
import { createFirstStaffIfNone } from './staff/first-staff';
import { sealPlainTotpSecrets } from './staff/secrets';

const ready = processWide('office.ready', () =>
  start().catch((err: unknown) => {
    ready.reset();
    throw err;
  }),
);

/** The database with the office's start-up done: every page, action and route of the office. */
export function officeDb(): Promise<Db> {
  return ready.get();
}

async function start(): Promise<Db> {
  const db = await serviceDb();
  await createFirstStaffIfNone(db);
  await sealPlainTotpSecrets(db);
  return db;
}
