// Cross-site request forgery: every post of the office is a server action. Next refuses an action
// whose Origin differs from the host; the office asks on top, as the portal's sign-in does
// (lib/portal/session/csrf.ts), that the browser says same-origin (`Sec-Fetch-Site`, sent by every
// current browser) or, without it, that `Origin` is our public origin. The staff cookie is
// SameSite=Strict besides, so no other site's post or link carries it.
import { publicBaseUrl } from '../../env';

export function isSameOriginPost(headers: { get(name: string): string | null }): boolean {
  const site = headers.get('sec-fetch-site');
  if (site) return site === 'same-origin';
  const origin = headers.get('origin');
  if (origin) return origin === new URL(publicBaseUrl()).origin;
  return true;
}
