// `npm run job:retention`: one run of the retention sweeps, for cron (BMG § 30(4), DECISIONS
// 2.12): the service erases the personal data of forms departed more than RETENTION_DAYS ago, the
// portal its copies of them. Safe beside running servers on PostgreSQL (an advisory lock and
// idempotent statements). The embedded database belongs to one process at a time; while the
// server runs, it sweeps by itself at start and daily.
import { DataDirLockedError, getDbHandle } from '../lib/db';
import { describeError } from '../lib/log';
import { sweepPortalRetention } from '../lib/portal/retention';
import { sweepRetention } from '../lib/service/meldescheine/retention';

async function main(): Promise<void> {
  let handle;
  try {
    handle = await getDbHandle();
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(`job:retention: ${err.message}`);
      console.error('job:retention: the running server sweeps by itself at start and daily.');
      process.exitCode = 1;
      return;
    }
    throw err;
  }
  try {
    const forms = await sweepRetention(handle.db);
    const portal = await sweepPortalRetention(handle.db);
    console.info(
      `job:retention: ${forms} form(s) erased; portal: ${portal.forms} index row(s), ` +
        `${portal.pdfs} PDF(s), ${portal.drafts} draft(s), ${portal.checkins} check-in(s) ` +
        `(${handle.driver})`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((err: unknown) => {
  console.error('job:retention failed:', describeError(err));
  process.exitCode = 1;
});
