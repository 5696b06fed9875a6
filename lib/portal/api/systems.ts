import 'server-only';
// Which Meldeschein systems the portal talks to, and in which protocol (connect.ts chooses the
// client for it). The URL is never taken from a form: the sign-in form sends a system id, resolved
// here against the configured list (no request forgery to arbitrary hosts through the portal).
//
//   MELDESCHEIN_API_URL   one system (default: this app's own service, http://localhost:PORT/api/)
//   MELDESCHEIN_SYSTEMS   several, chosen at sign-in: `Testsystem=https://test.example/api/,
//                         Produktion=https://meldeschein.example/api/` (comma, semicolon or newline);
//                         an AVS municipality as `Kurort Tanne=avs:https://…/JMeldescheinWebservices`
//                         (AVS's SOAP web service, docs/avs.md)
//
// Without either, the portal talks to this app's own service; with the demo data it also offers
// the demo's AVS municipality (Kurort Tanne) through the service's own AVS face.

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
      const target = entry.slice(eq + 1).trim();
      const id = String(i + 1);
      if (target.startsWith(AVS_PREFIX)) {
        // AVS's endpoint is a fixed address (no trailing slash added).
        const url = new URL(target.slice(AVS_PREFIX.length).trim()).toString();
        return { id, label, url, protocol: 'avs' as const };
      }
      return { id, label, url: withSlash(target), protocol: 'meldeschein' as const };
    });
}

const AVS_PREFIX = 'avs:';

/** Where this app's own service answers AVS's web service (docs/avs.md). */
export const OWN_AVS_PATH = '/avs/JMeldescheinWebservices';

/** The demo's AVS municipality (lib/service/provisioning/demo.ts). */
export const DEMO_AVS_LABEL = 'Kurort Tanne (AVS)';

/** Whether this app loads the demo data (as the service's start-up decides, README). */
function demoData(): boolean {
  const e = env();
  return e.SEED_DEMO ? e.SEED_DEMO === '1' : !e.DATABASE_URL;
}

export function serviceSystems(): ServiceSystem[] {
  const e = env();
  const spec = e.MELDESCHEIN_SYSTEMS?.trim();
  if (spec) return parseSystems(spec);
  const own = { id: '1', label: 'Meldeschein', ...defaultSystem() };
  if (e.MELDESCHEIN_API_URL || !demoData()) return [own];
  const avs = new URL(OWN_AVS_PATH, own.url).toString();
  return [own, { id: '2', label: DEMO_AVS_LABEL, url: avs, protocol: 'avs' }];
}

export function findSystem(id: string | undefined): ServiceSystem | undefined {
  const systems = serviceSystems();
  // A post that names none (a client without the form's field) means the first, the form's default.
  if (!id) return systems[0];
  return systems.find((s) => s.id === id);
}

export function systemLabel(url: string): string | undefined {
  return serviceSystems().find((s) => s.url === url)?.label;
}
