// `npm run job:retention`: one run of the retention sweeps, for cron (BMG § 30(4), DECISIONS
// 2.12): the service erases the personal data of forms departed more than RETENTION_DAYS ago, the
// portal its copies of them. Safe beside running servers on PostgreSQL (an advisory lock and
// idempotent statements).
import { sweepPortalRetention } from '../lib/portal/retention';
import { sweepRetention } from '../lib/service/meldescheine/retention';
import { main } from './job';

main('job:retention', 'the running server sweeps by itself daily.', async ({ db }) => {
  const forms = await sweepRetention(db);
  const portal = await sweepPortalRetention(db);
  return (
    `${forms} form(s) erased; portal: ${portal.forms} index row(s), ${portal.pdfs} PDF(s), ` +
    `${portal.drafts} draft(s), ${portal.checkins} check-in(s)`
  );
});
