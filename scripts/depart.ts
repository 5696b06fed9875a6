// `npm run job:depart`: one run of the state job, for cron (DECISIONS 2.5): open forms whose
// guests have all left become departed, expired request ids are purged. Safe to run beside
// running servers on PostgreSQL (one idempotent UPDATE). The embedded database belongs to one
// process at a time; while the server runs, it sweeps by itself every 10 minutes.
import { DataDirLockedError, getDbHandle } from '../lib/db';
import { runStateJobs } from '../lib/service/meldescheine/states';

async function main(): Promise<void> {
  let handle;
  try {
    handle = await getDbHandle();
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(`job:depart: ${err.message}`);
      console.error('job:depart: the running server sweeps departures itself every 10 minutes.');
      process.exitCode = 1;
      return;
    }
    throw err;
  }
  try {
    const { departed } = await runStateJobs(handle.db);
    console.info(`job:depart: ${departed} form(s) marked departed (${handle.driver})`);
  } finally {
    await handle.close();
  }
}

main().catch((err: unknown) => {
  console.error('job:depart failed:', err);
  process.exitCode = 1;
});
