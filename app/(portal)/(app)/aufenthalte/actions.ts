'use server';
// The stays list's refresh button: everything the service has for the landlord into the portal's
// index (index-sync.ts); the page itself only reads it.
import { redirect } from 'next/navigation';
import { isApiError } from '@/lib/portal/api/client';
import { errorCodeForUrl } from '@/lib/portal/api/errors';
import { rereadConfig } from '@/lib/portal/config/load';
import { syncIndex } from '@/lib/portal/stays/index-sync';
import { safeReturnPath } from '@/lib/portal/session/paths';
import { reauthenticateOn401, verifySession } from '@/lib/portal/session/session';

const withParam = (back: string, param: string) =>
  `${back}${back.includes('?') ? '&' : '?'}${param}`;

/**
 * "Status aktualisieren": everything the service has for the landlord, every indexed form again,
 * with the configuration read anew (an AVS system's lists are otherwise kept five minutes).
 * A service that is down or refuses answers the list again with the reason in words; the index
 * keeps what it had (and whatever the sync saved before the failure).
 */
export async function refreshStays(formData: FormData): Promise<void> {
  const back = safeReturnPath(String(formData.get('back') ?? '/aufenthalte'));
  const session = await verifySession(back);
  try {
    await syncIndex(session, await rereadConfig(session), true);
  } catch (err) {
    reauthenticateOn401(err, back);
    if (!isApiError(err)) throw err;
    redirect(withParam(back, `fehler=${encodeURIComponent(errorCodeForUrl(err))}`));
  }
  redirect(withParam(back, 'aktualisiert=1'));
}
