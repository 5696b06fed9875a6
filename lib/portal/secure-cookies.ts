// Whether the portal's cookies carry `Secure` (and a `__Host-` or `__Secure-` prefix): in
// production, or wherever the portal is served over https. Every cookie of the portal asks here:
// the session's, the CSRF token's, the guest's, the language's.
import { env, nextAuthUrl } from '@/lib/env';

export function secureCookies(): boolean {
  return env().NODE_ENV === 'production' || nextAuthUrl().startsWith('https://');
}
