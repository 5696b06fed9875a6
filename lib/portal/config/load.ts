import 'server-only';
import { cache } from 'react';
import type { CurrentUserResponse } from '@/lib/wire/config';
import type { PortalSession } from '../session/session';

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

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** `users/get_current_user/`, once per request however many components ask. */
export const loadConfig = cache(async (session: PortalSession): Promise<CurrentUserResponse> => {
  const key = keyOf(session);
  const hit = kept.get(key);
  const answer = await session.api.currentUserIfChanged(hit?.etag);
  kept.delete(key); // re-inserted below as the most recently used
  if (!answer.changed) {
    kept.set(key, hit!);
    return hit!.value;
  }
  if (answer.etag) {
    kept.set(key, { etag: answer.etag, value: deepFreeze(answer.value) });
    if (kept.size > KEPT_CONFIGS) kept.delete(kept.keys().next().value!);
  }
  return answer.value;
});

/** Tests: forget every kept configuration. */
export function forgetConfigs(): void {
  kept.clear();
}
