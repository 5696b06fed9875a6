import 'server-only';
// A page's half of kept pages (decision 026): the stays list and the overview tell the front door
// what their render depended on, so that it can serve the same bytes again while none of it changed.
import { headers } from 'next/headers';
import { loadedConfigEtag } from '../config/load';
import { ownerOf, type PortalSession } from '../session/session';
import { declareKept, KEEP_HEADER, ownerVersion } from './registry';

/**
 * Call after the configuration is loaded and before the page reads its data: the owner's version
 * is read now, so any change the page's reads could see makes it differ. Then call the returned
 * function with the time the page would render differently by itself (a sync falling due), or null.
 * A page that returns early (a redirect, the service's error) never calls it and is not kept.
 */
export async function keptRender(
  session: PortalSession,
): Promise<(dueAt: number | null) => Promise<void>> {
  const requestId = (await headers()).get(KEEP_HEADER);
  if (!requestId) return async () => {}; // not through server.ts's front door (next dev, tests)
  const version = await ownerVersion(ownerOf(session));
  return async (dueAt) => {
    const configEtag = await loadedConfigEtag(session);
    if (configEtag === null) return; // a service without ETags: nothing tells us it is unchanged
    declareKept(requestId, { version, configEtag, until: dueAt ?? Number.POSITIVE_INFINITY });
  };
}
