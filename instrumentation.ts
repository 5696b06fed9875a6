// Next's start-up hook: the portal's periodic work (the purge of expired guest check-in data, the
// retention sweep of the portal's copies, the booking calendars' sync, the mail job: due
// invitations, then the outbox; the check of open card payments). The first runs wait 20 s to a
// minute, so `next build` (which may load this file) never opens the database.
export async function register(): Promise<void> {
  // NEXT_RUNTIME is Next's own (which runtime loads this hook), not the app's configuration; and
  // lib/env.ts needs Node built-ins that the edge runtime does not have.
  // eslint-disable-next-line no-restricted-properties -- see above
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { getDb } = await import('./lib/db');
  const { startCheckinPurge } = await import('./lib/portal/checkin/purge');
  const { startPortalRetentionJob } = await import('./lib/portal/retention');
  const { startCalendarSync } = await import('./lib/portal/calendars/scheduler');
  const { startMailJob } = await import('./lib/portal/mail/job');
  const { startPaymentCheck } = await import('./lib/portal/payments/job');
  startCheckinPurge(getDb);
  startPortalRetentionJob(getDb);
  // Under `npm start` server.ts has started it already (at once, with the demo calendar).
  startCalendarSync(getDb, { firstAfterMs: 60_000 });
  startMailJob(getDb);
  // Card payments whose webhook was lost, and their erasure (docs/decisions/029).
  startPaymentCheck(getDb);
  const { startArrivalMailJob } = await import('./lib/portal/arrival/morning-mail');
  startArrivalMailJob(getDb);
}
