// One run of a periodic job for cron (`npm run job:depart`, `job:retention`): opens the database,
// runs the job, closes it. The embedded database belongs to one process at a time: while the server
// runs, the job is refused with a hint, since the server runs its jobs itself.
import { DataDirLockedError, getDbHandle, type DbHandle } from '../lib/db';
import { describeError } from '../lib/log';

export async function runJob(
  name: string,
  whileServing: string,
  job: (handle: DbHandle) => Promise<string>,
): Promise<void> {
  let handle;
  try {
    handle = await getDbHandle();
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(`${name}: ${err.message}`);
      console.error(`${name}: ${whileServing}`);
      process.exitCode = 1;
      return;
    }
    throw err;
  }
  try {
    console.info(`${name}: ${await job(handle)} (${handle.driver})`);
  } finally {
    await handle.close();
  }
}

/** Runs the job as the script's main; a failure is logged without its message (lib/log.ts). */
export function main(name: string, whileServing: string, job: (h: DbHandle) => Promise<string>) {
  runJob(name, whileServing, job).catch((err: unknown) => {
    console.error(`${name} failed:`, describeError(err));
    process.exitCode = 1;
  });
}
