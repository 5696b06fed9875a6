// Where the portal may send a landlord after signing in: only its own pages, never another host
// (an open redirect would make the sign-in page a phishing tool). Client-safe.
export const HOME_PATH = '/uebersicht';
export const SIGN_IN_PATH = '/anmelden';
/** Request header in which proxy.ts tells the page frame which page was asked for. */
export const PATH_HEADER = 'x-portal-path';

// Stands for the portal's origin when the caller knows none (pages, which see only a path).
const OWN_ORIGIN = 'http://portal.invalid';

/**
 * The path to go to after sign-in: `value` parsed as a URL against the portal's origin
 * (`baseUrl`), accepted only on that origin, and rebuilt from the parsed URL, so what the browser
 * gets is exactly what was checked. Control characters and backslashes are refused outright:
 * browsers drop tabs and newlines inside a URL and read `\` as `/`, so `/<TAB>/evil.example`
 * became `//evil.example` on the browser's side of a check that saw a path.
 */
export function safeReturnPath(value: string | null | undefined, baseUrl?: string): string {
  if (!value || /[\u0000-\u001f\u007f-\u009f\\]/.test(value)) return HOME_PATH;
  let origin: string;
  let url: URL;
  try {
    origin = new URL(baseUrl ?? OWN_ORIGIN).origin;
    url = new URL(value, `${origin}/`);
  } catch {
    return HOME_PATH;
  }
  if (url.origin !== origin) return HOME_PATH;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith('/') || path.startsWith('//')) return HOME_PATH;
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
