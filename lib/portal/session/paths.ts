// Where the portal may send a landlord after signing in: only its own pages, never another host
// (an open redirect would make the sign-in page a phishing tool). Client-safe.
export const HOME_PATH = '/uebersicht';
export const SIGN_IN_PATH = '/anmelden';
/** Request header in which proxy.ts tells the page frame which page was asked for. */
export const PATH_HEADER = 'x-portal-path';

export function safeReturnPath(value: string | null | undefined, baseUrl?: string): string {
  if (!value) return HOME_PATH;
  let path = value;
  if (!value.startsWith('/')) {
    try {
      const url = new URL(value);
      if (!baseUrl || url.origin !== new URL(baseUrl).origin) return HOME_PATH;
      path = `${url.pathname}${url.search}${url.hash}`;
    } catch {
      return HOME_PATH;
    }
  }
  if (path.startsWith('//') || path.startsWith('/\\')) return HOME_PATH;
  if (/^\/(api|auth|_next)(\/|$)/.test(path) || path.startsWith(SIGN_IN_PATH)) return HOME_PATH;
  return path === '/' ? HOME_PATH : path;
}

export type SignInReason = 'SessionExpired' | 'SignedOut';

/** The sign-in page, coming back to `returnTo`; `error` carries a message code as next-auth's does. */
export function signInRedirect(returnTo?: string, reason?: SignInReason): string {
  const params = new URLSearchParams();
  if (returnTo) params.set('callbackUrl', safeReturnPath(returnTo));
  if (reason) params.set('error', reason);
  const query = params.toString();
  return `${SIGN_IN_PATH}${query ? `?${query}` : ''}`;
}
