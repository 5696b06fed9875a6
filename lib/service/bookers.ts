// Who may book where, at once on every instance (issue 38, decision 032). The booking path keeps a
// municipality's configuration (objects, landlords, tariffs) for CONFIG_TTL_MS and a signed-in
// account for AUTH_CACHE_MS. A committed change of them (the office, the admin command line) is
// announced: this process forgets at once (every module copy, lib/process-wide.ts), and on
// PostgreSQL a NOTIFY tells every instance listening on the database, which forgets as well. The
// timed reread stays as the fallback: an instance whose listening connection is down takes the
// change within 30 s and 5 s as before, and forgets everything when it listens again.
import { sql } from 'drizzle-orm';
import type { Db, DbHandle } from '../db';
import { describeError } from '../log';
import { processWide } from '../process-wide';
import { clearAuthUserCache } from './accounts/users';
import { clearGemeindeConfigCache } from './meldescheine/config';

export const BOOKERS_CHANNEL = 'meldeportal_bookers';

/** `config`: a municipality's objects, landlords or configuration; `auth`: an account. */
export type BookersChange = 'config' | 'auth';

function forget(changes: readonly BookersChange[]): void {
  if (changes.includes('config')) clearGemeindeConfigCache();
  if (changes.includes('auth')) clearAuthUserCache();
}

/**
 * After a committed change: forgotten here at once, and announced to the other instances (a
 * failed announcement is logged; they reread within the caches' time).
 */
export async function announceBookersChange(db: Db, ...changes: BookersChange[]): Promise<void> {
  forget(changes);
  try {
    await db.execute(sql`select pg_notify(${BOOKERS_CHANNEL}, ${changes.join(',')})`);
  } catch (err) {
    console.warn('bookers: announcing a change to other instances failed', describeError(err));
  }
}

const listener = processWide('service.bookers-listener', () => ({
  stop: null as (() => void) | null,
}));

/** Listens for the other instances' announcements, once per process (PostgreSQL only). */
export function listenForBookersChanges(handle: DbHandle): void {
  const slot = listener.get();
  if (!handle.listen || slot.stop) return;
  slot.stop = handle.listen(
    BOOKERS_CHANNEL,
    (payload) => {
      const changes = payload
        .split(',')
        .filter((c): c is BookersChange => c === 'config' || c === 'auth');
      forget(changes.length ? changes : ['config', 'auth']);
    },
    () => forget(['config', 'auth']),
  );
}
