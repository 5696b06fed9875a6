import 'server-only';
// Which Meldeschein systems the portal talks to, and in which protocol (connect.ts chooses the
// client for it). The URL is never taken from a form: the sign-in form sends a system id, resolved
// here against the configured list (no request forgery to arbitrary hosts through the portal).
//
//   MELDESCHEIN_API_URL   one system (default: this app's own service, http://localhost:PORT/api/)
//   MELDESCHEIN_SYSTEMS   several, chosen at sign-in: `Testsystem=https://test.example/api/,
//                         Produktion=https://meldeschein.example/api/` (comma, semicolon or newline)

import { env } from '@/lib/env';
import type { SystemAddress } from './client';
import { defaultSystem, withSlash } from './service-url';

export interface ServiceSystem extends SystemAddress {
  id: string;
  label: string;
}

/** Parses `Label=URL` entries; a malformed entry stops the start rather than hiding a system. */
export function parseSystems(spec: string): ServiceSystem[] {
  return spec
    .split(/[,;\n]/)
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry, i) => {
      const eq = entry.indexOf('=');
      if (eq <= 0) throw new Error(`MELDESCHEIN_SYSTEMS: "${entry}" is not Label=URL`);
      const label = entry.slice(0, eq).trim();
      const url = withSlash(entry.slice(eq + 1).trim());
      return { id: String(i + 1), label, url, protocol: 'meldeschein' as const };
    });
}

export function serviceSystems(): ServiceSystem[] {
  const spec = env().MELDESCHEIN_SYSTEMS?.trim();
  if (spec) return parseSystems(spec);
  return [{ id: '1', label: 'Meldeschein', ...defaultSystem() }];
}

export function findSystem(id: string | undefined): ServiceSystem | undefined {
  const systems = serviceSystems();
  if (!id) return systems.length === 1 ? systems[0] : undefined;
  return systems.find((s) => s.id === id);
}

export function systemLabel(url: string): string | undefined {
  return serviceSystems().find((s) => s.url === url)?.label;
}
