// Next's start-up hook: the portal's periodic work. The first purge of expired guest check-in data
// waits a minute, so `next build` (which may load this file) never opens the database.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { getDb } = await import('./lib/db');
  const { startCheckinPurge } = await import('./lib/portal/checkin/purge');
  startCheckinPurge(getDb);
}
