import 'server-only';
import { ApiError } from '../api/client';
import { reauthenticateOn401 } from './session';

export type Loaded<T> = { ok: true; value: T } | { ok: false; error: ApiError };

/** Runs a service call for a page: a refused token goes to sign-in, other failures are returned. */
export async function guarded<T>(returnTo: string, fn: () => Promise<T>): Promise<Loaded<T>> {
  try {
    return { ok: true, value: await fn() };
  } catch (err) {
    reauthenticateOn401(err, returnTo);
    if (err instanceof ApiError) return { ok: false, error: err };
    throw err;
  }
}
