// The default service's URL, apart from systems.ts (server-only) so that the scheduler, which runs
// outside requests, can name the demo landlord's service too.
import { env } from '@/lib/env';
import type { SystemAddress } from './client';

export function withSlash(url: string): string {
  const parsed = new URL(url);
  if (!parsed.pathname.endsWith('/')) parsed.pathname += '/';
  return parsed.toString();
}

export function defaultServiceUrl(): string {
  const e = env();
  if (e.MELDESCHEIN_API_URL) return withSlash(e.MELDESCHEIN_API_URL.trim());
  return `http://localhost:${e.PORT}/api/`;
}

/** The one system when MELDESCHEIN_SYSTEMS does not list several. */
export function defaultSystem(): SystemAddress {
  return { url: defaultServiceUrl(), protocol: 'meldeschein' };
}
