// Next's start-up hook: starts every periodic job of the app (lib/jobs.ts: the service's sweeps,
// the office's outbox, the portal's purge, retention, calendars, mail and payments), under
// `npm start` (server.ts) and `next dev` alike. Never while `next build` loads this file: the
// build opens no database.
export async function register(): Promise<void> {
  // NEXT_RUNTIME and NEXT_PHASE are Next's own (which runtime loads this hook, whether it builds),
  // not the app's configuration; and lib/env.ts needs Node built-ins that the edge runtime lacks.
  // eslint-disable-next-line no-restricted-properties -- see above
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // eslint-disable-next-line no-restricted-properties -- see above
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const { startJobs } = await import('./lib/jobs');
  startJobs();
}
