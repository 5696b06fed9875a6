// `npm run job:mail`: one round of the mail job now (the running server does one every
// MAIL_INTERVAL_SECONDS): queue the automatic invitations and reminders that are due, then send
// the outbox when SMTP_URL is set. Safe beside running servers on PostgreSQL (row locks, claims).
// Runs under the `react-server` condition: the check-in modules it shares with the app are
// marked `server-only`, which resolves to nothing there.
import { mailRound } from '../lib/portal/invitations/job';
import { main } from './job';

main('job:mail', 'the running server runs the mail job by itself.', async ({ db }) => {
  const r = await mailRound(db);
  const sent = r.sent
    ? `sent ${r.sent.sent}, to retry ${r.sent.retry}, failed ${r.sent.failed}`
    : 'no SMTP_URL: mails stay in the Postausgang';
  return `queued ${r.invitation} invitation(s), ${r.reminder} reminder(s); ${sent}`;
});
