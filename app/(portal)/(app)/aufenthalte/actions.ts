'use server';
// The stays list's refresh button: everything the service has for the landlord into the portal's
// index (index-sync.ts); the page itself only reads it.
import { redirect } from 'next/navigation';
import { loadConfig } from '@/lib/portal/config/load';
import { syncIndex } from '@/lib/portal/stays/index-sync';
import { safeReturnPath } from '@/lib/portal/session/paths';
import { reauthenticateOn401, verifySession } from '@/lib/portal/session/session';

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
