// Where the office may send staff after signing in: only its own pages under /verwaltung, never
// another host nor the landlords' portal (an open redirect would make the sign-in page a phishing
// tool). The same checks as the portal's return path (control characters and backslashes refused,
// the value parsed against our own origin and rebuilt from the parsed URL).
export const OFFICE_HOME = '/verwaltung';
export const OFFICE_SIGN_IN = '/verwaltung/anmelden';

const OWN_ORIGIN = 'http://office.invalid';

export function safeOfficePath(value: string | null | undefined): string {
  if (!value || /[\u0000-\u001f\u007f-\u009f\\]/.test(value)) return OFFICE_HOME;
  let url: URL;
  try {
    url = new URL(value, `${OWN_ORIGIN}/`);
  } catch {
    return OFFICE_HOME;
  }
  if (url.origin !== OWN_ORIGIN) return OFFICE_HOME;
  const path = `${url.pathname}${url.search}`;
  if (path !== OFFICE_HOME && !path.startsWith(`${OFFICE_HOME}/`)) return OFFICE_HOME;
  if (path.startsWith(OFFICE_SIGN_IN)) return OFFICE_HOME;
  return path;
}

/** The sign-in page, coming back to `returnTo`. */
export function officeSignInRedirect(returnTo?: string): string {
  const back = returnTo ? safeOfficePath(returnTo) : OFFICE_HOME;
  return back === OFFICE_HOME
    ? OFFICE_SIGN_IN
    : `${OFFICE_SIGN_IN}?weiter=${encodeURIComponent(back)}`;
}
