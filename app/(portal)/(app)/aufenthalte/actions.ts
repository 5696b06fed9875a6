'use server';
import { redirect } from 'next/navigation';
import { loadConfig, refreshIndex } from '@/lib/portal/data';
import { reauthenticateOn401, verifySession } from '@/lib/portal/session';
import { safeReturnPath } from '@/lib/portal/paths';

/** "Status aktualisieren": every indexed form asked again with `get/`. */
export async function refreshStays(formData: FormData): Promise<void> {
  const back = safeReturnPath(String(formData.get('back') ?? '/aufenthalte'));
  const session = await verifySession(back);
  try {
    await refreshIndex(session, await loadConfig(session), true);
  } catch (err) {
    reauthenticateOn401(err, back);
    throw err;
  }
  redirect(`${back}${back.includes('?') ? '&' : '?'}aktualisiert=1`);
}
