import 'server-only';
import { cache } from 'react';
import type { CurrentUserResponse } from '@/lib/wire/config';
import type { PortalSession } from '../session/session';
import { deepFreeze } from '@/lib/deep-freeze';

/**
 * The last configuration each account was given, with its ETag, so that a page asks the service
 * only whether it changed (issue 19): the service still checks the token on every page (a signed-
 * out or re-passworded account is refused at once) and answers `304` without a body while the
 * configuration is the same. Kept per service and account, never shared between accounts; frozen,
 * as it is handed to every request of that account.
 */
const kept = new Map<string, { etag: string; value: CurrentUserResponse }>();
/** Accounts kept at most (the least recently used goes first): ~10 KB each. */
const KEPT_CONFIGS = 2000;

const keyOf = (session: PortalSession) => JSON.stringify([session.serviceUrl, session.username]);

/**
 * `users/get_current_user/`, once per request however many components ask, with the ETag of the
 * answer used (null when the service sent none).
 */
const loadConfigAnswer = cache(
  (session: PortalSession): Promise<{ etag: string | null; value: CurrentUserResponse }> =>
    askConfig(session, false),
);

async function askConfig(
  session: PortalSession,
  reread: boolean,
): Promise<{ etag: string | null; value: CurrentUserResponse }> {
  const key = keyOf(session);
  const hit = kept.get(key);
  const answer = await session.api.currentUserIfChanged(hit?.etag, reread ? { reread } : {});
  kept.delete(key); // re-inserted below as the most recently used
  if (!answer.changed) {
    kept.set(key, hit!);
    return hit!;
  }
  if (!answer.etag) return { etag: null, value: answer.value };
  const fresh = { etag: answer.etag, value: deepFreeze(answer.value) };
  kept.set(key, fresh);
  if (kept.size > KEPT_CONFIGS) kept.delete(kept.keys().next().value!);
  return fresh;
}

export async function loadConfig(session: PortalSession): Promise<CurrentUserResponse> {
  return (await loadConfigAnswer(session)).value;
}

/**
 * The configuration read at the system now, not what the client kept of it (the refresh button:
 * AVS's lists have no tag, and what was read of them is kept five minutes, decision 038).
 */
export async function rereadConfig(session: PortalSession): Promise<CurrentUserResponse> {
  return (await askConfig(session, true)).value;
}

/** The ETag of the configuration this request's pages were given (a kept page's key). */
export async function loadedConfigEtag(session: PortalSession): Promise<string | null> {
  return (await loadConfigAnswer(session)).etag;
}

/** Tests: forget every kept configuration. */
export function forgetConfigs(): void {
  kept.clear();
}
