'use server';
// Actions of the signed-in area's pages that read the portal's index or a form: the page reads,
// these bring the index up to date after it is shown (index-sync.ts, components/stays/index-sync.tsx).
import type { CurrentUserResponse } from '@/lib/wire/config';
import { isApiError } from '@/lib/portal/api/client';
import { loadConfig } from '@/lib/portal/config/load';
import { parseFormId } from '@/lib/portal/form-id';
import { syncAfterShow, syncForm } from '@/lib/portal/stays/index-sync';
import { readSession, type PortalSession } from '@/lib/portal/session/session';

/**
 * A failure is silent here: the page already shows what it read, and the stays page's refresh
 * button reports problems.
 */
async function syncQuietly(
  sync: (session: PortalSession, config: CurrentUserResponse) => Promise<boolean>,
): Promise<boolean> {
  const session = await readSession();
  if (!session || session.expired) return false;
  try {
    return await sync(session, await loadConfig(session));
  } catch (err) {
    if (isApiError(err)) return false;
    throw err;
  }
}

/**
 * Called by a page that shows the index (stays, overview, statement) once it is shown, with the
 * time it read the index: what changed at the service since the last sync (forms booked elsewhere
 * included). True when the page should render again.
 */
export async function syncShownIndex(shownAt: number): Promise<boolean> {
  if (!Number.isFinite(shownAt)) return false;
  return syncQuietly((session, config) => syncAfterShow(session, config, new Date(shownAt)));
}

/**
 * Called by a stay's page once it is shown: the form into the index as the service shows it (one
 * booked elsewhere or opened by URL is adopted). Never asks the page to render again: it shows the
 * service's form, not the index.
 */
export async function syncShownStay(rawId: string): Promise<boolean> {
  const formId = parseFormId(String(rawId));
  if (!formId) return false;
  return syncQuietly(async (session, config) => {
    await syncForm(session, config, formId);
    return false;
  });
}
