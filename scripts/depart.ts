// `npm run job:depart`: one run of the state job, for cron (DECISIONS 2.5): open forms whose
// guests have all left become departed, expired request ids are purged. Safe to run beside
// running servers on PostgreSQL (one idempotent UPDATE). The embedded database belongs to one
// process at a time; while the server runs, it sweeps by itself every 10 minutes.
import { runStateJobs } from '../lib/service/meldescheine/states';
import { main } from './job';

main(
  'job:depart',
  'the running server sweeps departures itself every 10 minutes.',
  async ({ db }) => {
    const { departed } = await runStateJobs(db);
    return `${departed} form(s) marked departed`;
  },
);
