import 'server-only';
// The landlords a portal login works for (its configuration's Beherberger): the Zahlungen page
// sets up one Stripe account per landlord, and only for a landlord of the signed-in login.
import { loadConfig } from '../config/load';
import type { PortalSession } from '../session/session';

export interface LoginLandlord {
  id: number;
  alias: string;
}

export async function landlordsOf(session: PortalSession): Promise<LoginLandlord[]> {
  const config = await loadConfig(session);
  return config.beherberger.map((b) => ({ id: b.id, alias: b.alias }));
}
