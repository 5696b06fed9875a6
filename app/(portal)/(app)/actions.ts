'use server';
// Actions of every page of the signed-in area that reads the portal's index: the page reads, this
// action brings the index up to date after it is shown (index-sync.ts, components/stays/index-sync.tsx).
import { isApiError } from '@/lib/portal/api';
import { loadConfig } from '@/lib/portal/data';
import { syncAfterShow } from '@/lib/portal/index-sync';
import { readSession } from '@/lib/portal/session';

/**
 * Called by a page that shows the index (stays, overview, statement) once it is shown, with the
 * time it read the index: what changed at the service since the last sync (forms booked elsewhere
 * included). True when the page should render again. A failure is silent here; the page already
 * shows the index, and the stays page's refresh button reports problems.
 */
export async function syncShownIndex(shownAt: number): Promise<boolean> {
  const session = await readSession();
  if (!session || session.expired || !Number.isFinite(shownAt)) return false;
  try {
    return await syncAfterShow(session, await loadConfig(session), new Date(shownAt));
  } catch (err) {
    if (isApiError(err)) return false;
    throw err;
  }
}
