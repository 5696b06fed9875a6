// `npm run job:retention`: one run of the retention sweeps, for cron (BMG § 30(4), DECISIONS
// 2.12): the service erases the personal data of forms departed more than RETENTION_DAYS ago, the
// portal its copies of them. Safe beside running servers on PostgreSQL (an advisory lock and
// idempotent statements). On PostgreSQL it then rewrites the tables the sweeps marked (the server
// does so at night, lib/db/scrub.ts), whatever the hour: the tables are locked while copied.
import { scrubDueTables } from '../lib/db/scrub';
import { sweepPortalRetention } from '../lib/portal/retention';
import { sweepRetention } from '../lib/service/meldescheine/retention';
import { main } from './job';

main('job:retention', 'the running server sweeps by itself daily.', async (handle) => {
  const forms = await sweepRetention(handle.db);
  const portal = await sweepPortalRetention(handle.db);
  const { rewritten, waiting } = await scrubDueTables(handle, { anyHour: true });
  return (
    `${forms} form(s) erased; portal: ${portal.forms} index row(s), ${portal.pdfs} PDF(s), ` +
    `${portal.drafts} draft(s), ${portal.checkins} check-in(s), ${portal.arrivals} arrival record(s)` +
    (rewritten.length || waiting.length
      ? `; rewritten: ${rewritten.join(', ') || '-'}; still due (locked): ${waiting.join(', ') || '-'}`
      : '')
  );
});
