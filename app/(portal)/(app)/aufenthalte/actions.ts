'use server';
// Bringing the stays list up to date with the service: the page reads the portal's index, these
// actions write it (index-sync.ts).
import { redirect } from 'next/navigation';
import { isApiError } from '@/lib/portal/api';
import { loadConfig } from '@/lib/portal/data';
import { syncIndex } from '@/lib/portal/index-sync';
import { safeReturnPath } from '@/lib/portal/paths';
import { readSession, reauthenticateOn401, verifySession } from '@/lib/portal/session';

/** "Status aktualisieren": everything the service has for the landlord, every indexed form again. */
export async function refreshStays(formData: FormData): Promise<void> {
  const back = safeReturnPath(String(formData.get('back') ?? '/aufenthalte'));
  const session = await verifySession(back);
  try {
    await syncIndex(session, await loadConfig(session), true);
  } catch (err) {
    reauthenticateOn401(err, back);
    throw err;
  }
  redirect(`${back}${back.includes('?') ? '&' : '?'}aktualisiert=1`);
}

/**
 * Called by the stays page once it is shown: what changed at the service since the last sync
 * (forms booked elsewhere included). True when the page should render again. A failure is
 * silent here; the page already shows the index, and the refresh button reports problems.
 */
export async function syncStays(): Promise<boolean> {
  const session = await readSession();
  if (!session || session.expired) return false;
  try {
    return (await syncIndex(session, await loadConfig(session))).changed > 0;
  } catch (err) {
    if (isApiError(err)) return false;
    throw err;
  }
}
